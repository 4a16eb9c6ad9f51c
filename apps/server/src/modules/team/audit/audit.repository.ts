import type { AuditEntry } from '@inkwell/contract';
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { announcements, auditLog, banners, chapters, genres, series, users } from '../../../db/schema';
import { escapeLike } from '../../../db/sql';

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

/**
 * What a target is called, looked up by the type the path names it by (issue 33 §14): a series by
 * its title, a chapter as "Series · Chapter 3", a user by their username. Null for other types.
 */
export async function targetLabelOf(db: Database, type: string, id: string): Promise<string | null> {
  const one = async (query: Promise<{ label: string | null }[]>) => (await query)[0]?.label ?? null;
  switch (type) {
    case 'series':
      return one(db.select({ label: series.title }).from(series).where(eq(series.id, id)).limit(1));
    case 'chapters':
      return one(
        db
          .select({
            label: sql<string>`${series.title} || ' · Chapter ' || trim(trailing '.' from trim(trailing '0' from ${chapters.number}::text))
              || case when ${chapters.title} <> '' then ': ' || ${chapters.title} else '' end`,
          })
          .from(chapters)
          .innerJoin(series, eq(series.id, chapters.seriesId))
          .where(eq(chapters.id, id))
          .limit(1),
      );
    case 'users':
      return one(db.select({ label: users.username }).from(users).where(eq(users.id, id)).limit(1));
    case 'genres':
      return one(db.select({ label: genres.name }).from(genres).where(eq(genres.id, id)).limit(1));
    case 'banners':
      return one(db.select({ label: banners.title }).from(banners).where(eq(banners.id, id)).limit(1));
    case 'announcements':
      return one(db.select({ label: announcements.title }).from(announcements).where(eq(announcements.id, id)).limit(1));
    default:
      return null;
  }
}
