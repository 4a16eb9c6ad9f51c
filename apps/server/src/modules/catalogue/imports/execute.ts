import type { Database } from '../../../db/client';
import type { ImportItemResult } from '../../../db/schema';
import type { Clock } from '../../../lib/clock';
import { readImageHeader } from '../../platform/media';
import {
  beatImport,
  finishImport,
  type ImportRow,
  type ImportState,
  requeueImport,
  saveImportProgress,
} from './imports.repository';
import type { ImportPlan } from './plan';
import type { ImportCatalogue } from './run/catalogue';
import { describeFailure, type ImportCounts, type ImportProgress, runImportPlan } from './run/runner';

/** What an import reads: a folder on disk (the shell), an uploaded .zip of one, or one chapter file into a series. */
export type ImportSource =
  | { kind: 'folder'; path: string }
  | { kind: 'zip'; file: string; name: string }
  | {
      kind: 'file';
      file: string;
      name: string;
      /** The series it goes into, with its chapters' numbers (a number the file does not say goes after them). */
      series: { id: string; title: string; type: 'comic' | 'novel'; numbers: number[] };
    };

/** The read side: files to a plan (imports/read), and what lets go of the files once the plan is applied. */
export type PlanReader = (
  source: ImportSource,
  options?: { onProgress?: (progress: { done: number; total: number; current: string }) => void },
) => Promise<{ plan: ImportPlan; close(): Promise<void> }>;

export interface ExecuteDeps {
  db: Database;
  clock: Clock;
  /** The catalogue as one run sees it (what earlier imports wrote is read once per run). */
  catalogue: () => ImportCatalogue;
  readPlan: PlanReader;
  logError?(error: unknown, path: string): void;
}

export interface ExecuteHooks {
  /** Each step, for a progress bar. */
  onProgress?(progress: ImportProgress): void;
  /** Asked between items: true gives the import back to the queue (its instance is stopping). */
  shouldStop?(): boolean;
}

/** How often a running import's process says it is alive; the recovery tick waits for 6 silent beats. */
export const HEARTBEAT_MS = 30_000;

/** The progress row is written at most this often (and at the end): the page polls each second. */
const SAVE_EVERY_MS = 500;

class Stopped extends Error {}

const tally = (items: readonly ImportItemResult[]): ImportCounts => {
  const counts: ImportCounts = { created: 0, updated: 0, unchanged: 0, failed: 0 };
  for (const item of items) counts[item.action] += 1;
  return counts;
};

/**
 * Runs one import row to its end (the shell's, in process, and the job's): reads the plan, applies
 * it, keeps the row's progress, and finishes it 'done' (items may have failed) or 'failed' (the
 * source could not be read at all). An import resumed after its instance stopped keeps what its
 * first part did: a chapter it created then is still 'created', not 'unchanged'.
 */
export async function executeImport(
  deps: ExecuteDeps,
  row: ImportRow,
  source: ImportSource,
  hooks: ExecuteHooks = {},
): Promise<ImportOutcome> {
  // While it runs, the row says so: if this process dies, the row falls silent and the
  // `imports.recover-stalled` tick gives it to another instance (decision 0044).
  const beat = setInterval(
    () => void beatImport(deps.db, row.id, deps.clock.now()).catch((error) => deps.logError?.(error, row.source)),
    HEARTBEAT_MS,
  );
  beat.unref();
  try {
    return await runImport(deps, row, source, hooks);
  } finally {
    clearInterval(beat);
  }
}

type ImportOutcome = {
  status: 'done' | 'failed' | 'queued';
  items: ImportItemResult[];
  counts: ImportCounts;
  error: string | null;
};

async function runImport(deps: ExecuteDeps, row: ImportRow, source: ImportSource, hooks: ExecuteHooks): Promise<ImportOutcome> {
  const { db, clock } = deps;
  let read: Awaited<ReturnType<PlanReader>>;
  try {
    // Reading shows on the bar too: a big library's files are opened and their metadata read first.
    const reading = (progress: { done: number; total: number; current: string }) =>
      hooks.onProgress?.({ ...progress, current: `reading ${progress.current}`, counts: tally([]), items: [] });
    read = await deps.readPlan(source, { onProgress: reading });
  } catch (error) {
    deps.logError?.(error, row.source);
    const { reason } = describeFailure(error);
    await finishImport(db, row.id, { status: 'failed', error: reason ?? 'unreadable', finishedAt: clock.now() });
    return { status: 'failed', items: [], counts: tally([]), error: reason ?? 'unreadable' };
  }

  const before = new Map(row.items.map((item) => [`${item.kind}:${item.path}`, item]));
  const merged = (items: readonly ImportItemResult[]) =>
    items.map((item) => {
      const earlier = before.get(`${item.kind}:${item.path}`);
      return item.action === 'unchanged' && (earlier?.action === 'created' || earlier?.action === 'updated')
        ? { ...item, action: earlier.action }
        : item;
    });
  /**
   * The row's state: while it runs, a resumed import's earlier items stay until they come again (the
   * digests they carry are what tells this run they are written); at the end, this run's alone.
   */
  const stateOf = (progress: ImportProgress, final = false): ImportState => {
    const items = merged(progress.items);
    const seen = new Set(items.map((item) => `${item.kind}:${item.path}`));
    const earlier = final ? [] : [...before.entries()].filter(([key]) => !seen.has(key)).map(([, item]) => item);
    return {
      total: progress.total,
      done: progress.done,
      current: progress.current,
      items: [...items, ...earlier],
      ...tally(items),
    };
  };
  let savedAt = 0;
  let saving: Promise<void> = Promise.resolve();
  let last: ImportProgress | null = null;
  const onProgress = async (progress: ImportProgress) => {
    last = progress;
    hooks.onProgress?.(progress);
    if (progress.current !== null && hooks.shouldStop?.()) throw new Stopped();
    if (Date.now() - savedAt < SAVE_EVERY_MS) return;
    savedAt = Date.now();
    await saving;
    saving = saveImportProgress(db, row.id, stateOf(progress));
    await saving;
  };
  const checkImage = async (bytes: Buffer, subject: string) => void (await readImageHeader(bytes, subject));
  try {
    await runImportPlan(
      { catalogue: deps.catalogue(), clock, checkImage, onError: deps.logError },
      read.plan,
      { publish: row.publish, dryRun: row.dryRun, intoSeriesId: row.seriesId },
      onProgress,
    );
  } catch (error) {
    await saving;
    if (!(error instanceof Stopped)) throw error;
    if (last) await saveImportProgress(db, row.id, { ...stateOf(last), current: null });
    await requeueImport(db, row.id);
    const items = last ? merged((last as ImportProgress).items) : [];
    return { status: 'queued', items, counts: tally(items), error: null };
  } finally {
    await read.close();
  }
  await saving;
  const final = stateOf(last ?? { total: 0, done: 0, current: null, counts: tally([]), items: [] }, true);
  await finishImport(db, row.id, { ...final, status: 'done', finishedAt: clock.now() });
  return { status: 'done', items: final.items, counts: tally(final.items), error: null };
}
