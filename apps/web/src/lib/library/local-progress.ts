import type { ChapterProgress, ProgressInput } from '@inkwell/contract';
import { COMPLETED_POSITION } from './resume';

/** A visitor's place in a chapter, kept in this browser until they sign in (issue 9 §1). */
export interface LocalEntry extends Omit<ChapterProgress, 'chapterId'> {
  seriesId: string;
}
export type LocalProgress = Record<string, LocalEntry>;

export const LOCAL_PROGRESS_KEY = 'inkwell.progress';
/** The newest chapters kept; the merge on sign-in takes at most 500 at once (the contract). */
export const LOCAL_PROGRESS_MAX = 300;

const listeners = new Set<() => void>();
let cached: { raw: string | null; value: LocalProgress } | undefined;

function isEntry(value: unknown): value is LocalEntry {
  const entry = value as Partial<LocalEntry> | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.seriesId === 'string' &&
    typeof entry.readAt === 'string' &&
    typeof entry.completed === 'boolean' &&
    (entry.page === null || typeof entry.page === 'number') &&
    (entry.position === null || typeof entry.position === 'number')
  );
}

/** Nothing read: one object, so a snapshot of it never looks like a change. */
const NO_PROGRESS: LocalProgress = Object.freeze({});

/** What a page rendered on the server, and the browser's hydrating render of it, know of this browser: nothing. */
export const readNoLocalProgress = (): LocalProgress => NO_PROGRESS;

/** Everything kept, read defensively: a damaged entry is dropped, a damaged store reads as empty. */
export function readLocalProgress(): LocalProgress {
  let raw: string | null;
  try {
    raw = localStorage.getItem(LOCAL_PROGRESS_KEY);
  } catch {
    return NO_PROGRESS;
  }
  if (cached && cached.raw === raw) return cached.value;
  let value: LocalProgress;
  try {
    const parsed = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    value = Object.fromEntries(Object.entries(parsed).filter(([, entry]) => isEntry(entry))) as LocalProgress;
  } catch {
    value = {};
  }
  cached = { raw, value };
  return value;
}

function writeAll(progress: LocalProgress) {
  const newest = Object.entries(progress)
    .sort(([, a], [, b]) => Date.parse(b.readAt) - Date.parse(a.readAt))
    .slice(0, LOCAL_PROGRESS_MAX);
  try {
    localStorage.setItem(LOCAL_PROGRESS_KEY, JSON.stringify(Object.fromEntries(newest)));
  } catch {
    // Private mode or a full quota: the place is simply not kept.
  }
  for (const listener of listeners) listener();
}

/**
 * Records a reading as the server would: a value not given keeps the one kept, the end of the
 * chapter (or a position past 98 %) marks it completed, and completed stays.
 */
export function saveLocalProgress(chapterId: string, seriesId: string, input: ProgressInput, now = new Date()): LocalEntry {
  const all = readLocalProgress();
  const before = all[chapterId];
  const entry: LocalEntry = {
    seriesId,
    page: input.page ?? before?.page ?? null,
    position: input.position ?? before?.position ?? null,
    completed: Boolean(before?.completed) || input.completed === true || (input.position ?? 0) >= COMPLETED_POSITION,
    readAt: now.toISOString(),
  };
  writeAll({ ...all, [chapterId]: entry });
  return entry;
}

/** One series' chapters, keyed by chapter id, as the server's series progress gives them. */
export function localProgressOfSeries(
  seriesId: string,
  all: LocalProgress = readLocalProgress(),
): Record<string, Omit<ChapterProgress, 'chapterId'>> {
  const result: Record<string, Omit<ChapterProgress, 'chapterId'>> = {};
  for (const [chapterId, { seriesId: owner, ...entry }] of Object.entries(all)) {
    if (owner === seriesId) result[chapterId] = entry;
  }
  return result;
}

export function clearLocalProgress(): void {
  try {
    localStorage.removeItem(LOCAL_PROGRESS_KEY);
  } catch {
    // ignore
  }
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: changes made here, and in other tabs. */
export function subscribeLocalProgress(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === LOCAL_PROGRESS_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
