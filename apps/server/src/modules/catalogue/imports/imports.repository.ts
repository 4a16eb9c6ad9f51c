import { and, desc, eq, getTableColumns, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { type ImportItemResult, imports } from '../../../db/schema';

// The imports table (issue 37 §1): one row per import, its progress and what each item came to.

export type ImportRow = typeof imports.$inferSelect;
export type NewImport = typeof imports.$inferInsert;

export async function insertImport(db: Database, values: NewImport): Promise<ImportRow> {
  const [row] = await db.insert(imports).values(values).returning();
  if (!row) throw new Error('insert into imports returned nothing');
  return row;
}

export async function findImport(db: Database, id: string): Promise<ImportRow | undefined> {
  const [row] = await db.select().from(imports).where(eq(imports.id, id)).limit(1);
  return row;
}

/**
 * Takes a queued import for this worker: one conditional update, so however many instances are
 * handed the job (a retry, a second worker), one runs it and the others find nothing.
 */
export async function claimImport(db: Database, id: string, now: Date): Promise<ImportRow | undefined> {
  const [row] = await db
    .update(imports)
    .set({ status: 'running', startedAt: now, heartbeatAt: now })
    .where(and(eq(imports.id, id), eq(imports.status, 'queued')))
    .returning();
  return row;
}

/** Gives a running import back to the queue (its instance is stopping): the next worker resumes it. */
export async function requeueImport(db: Database, id: string): Promise<void> {
  await db
    .update(imports)
    .set({ status: 'queued', current: null })
    .where(and(eq(imports.id, id), eq(imports.status, 'running')));
}

export interface ImportState {
  total: number;
  done: number;
  current: string | null;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  items: ImportItemResult[];
}

/** The running import's process is alive (execute's heartbeat). */
export async function beatImport(db: Database, id: string, now: Date): Promise<void> {
  await db
    .update(imports)
    .set({ heartbeatAt: now })
    .where(and(eq(imports.id, id), eq(imports.status, 'running')));
}

/**
 * Imports whose process fell silent before `before` (it died without draining): an upload goes back
 * to the queue, its stored file still there, for any instance to resume; the shell's ends as failed
 * (its folder is on a machine the servers may not see), with `error` saying to run it again.
 */
export async function releaseStalledImports(
  db: Database,
  before: Date,
  ended: { now: Date; error: string },
): Promise<{ requeued: string[]; failed: string[] }> {
  const stalled = and(eq(imports.status, 'running'), lt(imports.heartbeatAt, before));
  const requeued = await db
    .update(imports)
    .set({ status: 'queued', current: null })
    .where(and(stalled, eq(imports.origin, 'upload')))
    .returning({ id: imports.id });
  const failed = await db
    .update(imports)
    .set({ status: 'failed', current: null, error: ended.error, finishedAt: ended.now })
    .where(and(stalled, eq(imports.origin, 'shell')))
    .returning({ id: imports.id });
  return { requeued: requeued.map((row) => row.id), failed: failed.map((row) => row.id) };
}

export async function saveImportProgress(db: Database, id: string, state: ImportState): Promise<void> {
  await db.update(imports).set(state).where(eq(imports.id, id));
}

export async function finishImport(
  db: Database,
  id: string,
  values: Partial<ImportState> & { status: 'done' | 'failed'; error?: string | null; finishedAt: Date },
): Promise<void> {
  await db
    .update(imports)
    .set({ ...values, current: null, uploadKey: null })
    .where(eq(imports.id, id));
}

/** The list's columns: everything but the items. */
const { items: _items, ...listColumns } = getTableColumns(imports);

/** The newest imports (of these series only, when given), newest first. */
export async function listImports(db: Database, options: { seriesIds?: string[]; limit: number }) {
  if (options.seriesIds?.length === 0) return [];
  return db
    .select(listColumns)
    .from(imports)
    .where(options.seriesIds ? inArray(imports.seriesId, options.seriesIds) : undefined)
    .orderBy(desc(imports.createdAt), desc(imports.id))
    .limit(options.limit);
}
