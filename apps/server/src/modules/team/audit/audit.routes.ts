import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../../lib/endpoint';
import type { AuditService } from './audit.service';

export async function auditRoutes(app: FastifyInstance, { audit }: { audit: AuditService }) {
  endpoint(app, 'adminAuditLog', {
    summary: 'Every team and admin action, newest first',
    handler: async (request) => ({ success: true, data: await audit.list(request.query) }),
  });
}
