import type { z } from 'zod';
import type { auditLogQuerySchema } from '@inkwell/contract';
import type { Database } from '../../../db/client';
import { pageInfo } from '../../../db/sql';
import { AUDIT_PAGE_SIZE, listAuditEntries } from './audit.repository';

/** The admin's reading of the audit log, newest first. */
export function createAuditService({ db }: { db: Database }) {
  return {
    async list(query: z.output<typeof auditLogQuerySchema>) {
      const { items, total } = await listAuditEntries(db, query);
      return { items, pagination: pageInfo(query.page, AUDIT_PAGE_SIZE, total) };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
