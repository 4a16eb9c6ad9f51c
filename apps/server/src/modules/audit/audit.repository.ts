import type { AuditEntry } from '@inkwell/contract';
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';
import { escapeLike } from '../../db/sql';

export const AUDIT_PAGE_SIZE = 50;

export interface AuditFilter {
  q?: string;
  actorId?: string;
  targetId?: string;
}

function auditWhere(query: AuditFilter): SQL | undefined {
  const filters: SQL[] = [];
  if (query.actorId) filters.push(eq(auditLog.actorId, query.actorId));
  if (query.targetId) filters.push(eq(auditLog.targetId, query.targetId));
  if (query.q) {
    const like = `%${escapeLike(query.q)}%`;
    filters.push(
      or(
        ilike(auditLog.actorName, like),
        ilike(auditLog.targetLabel, like),
        ilike(auditLog.action, like),
        eq(auditLog.targetId, query.q),
      )!,
    );
  }
  return filters.length > 0 ? and(...filters) : undefined;
}

/** A page of the log, newest first, as issued (audit_log_created_idx, or an actor's or target's index). */
export function auditPageQuery(db: Database, query: AuditFilter, page: number) {
  return (
    db
      .select()
      .from(auditLog)
      .where(auditWhere(query))
      // Exactly as audit_log_created_idx is declared, or PostgreSQL sorts the whole log first
      // (created_at is never null; entries of one moment, which do not happen, go by id).
      .orderBy(sql`${auditLog.createdAt} desc nulls last`, asc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE)
  );
}

/** Newest first; `q` finds an actor's name, a target's label or id, or an action. */
export async function listAuditEntries(
  db: Database,
  query: AuditFilter & { page: number },
): Promise<{ items: AuditEntry[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    auditPageQuery(db, query, query.page),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(auditWhere(query)),
  ]);
  return {
    total: count?.total ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      actor: { id: row.actorId, username: row.actorName, role: row.actorRole },
      action: row.action,
      method: row.method,
      path: row.path,
      target: { type: row.targetType, id: row.targetId, label: row.targetLabel },
      details: row.details ?? null,
      changes: row.changes ?? [],
      status: row.status,
      ip: row.ip,
      userAgent: row.userAgent,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/** Appends one row to the audit log (never updated nor deleted). */
export async function insertAuditEntry(db: Database, entry: typeof auditLog.$inferInsert): Promise<void> {
  await db.insert(auditLog).values(entry);
}
