import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { pageInfo } from '../../db/sql';
import { endpoint } from '../../lib/endpoint';
import { AUDIT_PAGE_SIZE, listAuditEntries } from './audit.repository';

export async function auditRoutes(app: FastifyInstance, { db }: { db: Database }) {
  endpoint(app, 'adminAuditLog', {
    summary: 'Every team and admin action, newest first',
    handler: async (request) => {
      const { items, total } = await listAuditEntries(db, request.query);
      return {
        success: true,
        data: { items, pagination: pageInfo(request.query.page, AUDIT_PAGE_SIZE, total) },
      };
    },
  });
}
