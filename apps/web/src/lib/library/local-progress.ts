import type { ChapterProgress, ProgressInput } from '@inkwell/contract';
import { ownedKey, ownedKeys, readBrowserOwner } from '../browser-owner';
import { COMPLETED_POSITION } from './resume';

/**
 * A place in a chapter kept in this browser: a visitor's until they sign in (issue 9 §1), a
 * signed-in reader's while they read offline until the network is back (issue 21 §3).
 */
export interface LocalEntry extends Omit<ChapterProgress, 'chapterId'> {
  seriesId: string;
}
export type LocalProgress = Record<string, LocalEntry>;
/** Whose places a store keeps (issue 32 §3): an account's id, or null for this browser's visitor. */
export type PlaceOwner = string | null;

/** The visitor's store; an account's is `inkwell.progress.{id}` (lib/browser-owner.ts). */
export const LOCAL_PROGRESS_KEY = 'inkwell.progress';
/** The newest chapters kept; the merge on sign-in takes at most 500 at once (the contract). */
export const LOCAL_PROGRESS_MAX = 300;

const localProgressKey = (owner: PlaceOwner) => (owner === null ? LOCAL_PROGRESS_KEY : ownedKey(LOCAL_PROGRESS_KEY, owner));

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
const cached = new Map<string, { raw: string | null; value: LocalProgress }>();

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

/** Everything kept for `owner`, read defensively: a damaged entry is dropped, a damaged store reads as empty. */
export function readLocalProgress(owner: PlaceOwner): LocalProgress {
  const key = localProgressKey(owner);
  let raw: string | null;
  try {
    raw = localStorage.getItem(key);
  } catch {
    return NO_PROGRESS;
  }
  const known = cached.get(key);
  if (known && known.raw === raw) return known.value;
  let value: LocalProgress;
  try {
    const parsed = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    value = Object.fromEntries(Object.entries(parsed).filter(([, entry]) => isEntry(entry))) as LocalProgress;
  } catch {
    value = {};
  }
  cached.set(key, { raw, value });
  return value;
}

/** The visitor's places (a stable function for useSyncExternalStore). */
export const readVisitorProgress = (): LocalProgress => readLocalProgress(null);

function writeAll(owner: PlaceOwner, progress: LocalProgress) {
  const newest = Object.entries(progress)
    .sort(([, a], [, b]) => Date.parse(b.readAt) - Date.parse(a.readAt))
    .slice(0, LOCAL_PROGRESS_MAX);
  try {
    localStorage.setItem(localProgressKey(owner), JSON.stringify(Object.fromEntries(newest)));
  } catch {
    // Private mode or a full quota: the place is simply not kept.
  }
  notify();
}

/**
 * Records a reading as the server would: a value not given keeps the one kept, the end of the
 * chapter (or a position past 98 %) marks it completed, and completed stays. An account's place
 * is kept only while this browser is that account's (a save that ends after its logout keeps
 * nothing); null then.
 */
export function saveLocalProgress(
  owner: PlaceOwner,
  chapterId: string,
  seriesId: string,
  input: ProgressInput,
  now = new Date(),
): LocalEntry | null {
  if (owner !== null && readBrowserOwner() !== owner) return null;
  const all = readLocalProgress(owner);
  const before = all[chapterId];
  const entry: LocalEntry = {
    seriesId,
    page: input.page ?? before?.page ?? null,
    position: input.position ?? before?.position ?? null,
    completed: Boolean(before?.completed) || input.completed === true || (input.position ?? 0) >= COMPLETED_POSITION,
    readAt: now.toISOString(),
  };
  writeAll(owner, { ...all, [chapterId]: entry });
  return entry;
}

/** One series' chapters, keyed by chapter id, as the server's series progress gives them. */
export function localProgressOfSeries(seriesId: string, all: LocalProgress): Record<string, Omit<ChapterProgress, 'chapterId'>> {
  const result: Record<string, Omit<ChapterProgress, 'chapterId'>> = {};
  for (const [chapterId, { seriesId: owner, ...entry }] of Object.entries(all)) {
    if (owner === seriesId) result[chapterId] = entry;
  }
  return result;
}

export function clearLocalProgress(owner: PlaceOwner): void {
  try {
    localStorage.removeItem(localProgressKey(owner));
  } catch {
    // ignore
  }
  notify();
}

/**
 * Issue 32 §3, as `owner` signs in: the visitor's places join theirs (the newer of two places of a
 * chapter wins, completed stays), to be merged into the account; the visitor keeps none.
 */
export function claimVisitorProgress(owner: string): void {
  const visitor = readLocalProgress(null);
  if (Object.keys(visitor).length === 0) return;
  const mine = { ...readLocalProgress(owner) };
  for (const [chapterId, entry] of Object.entries(visitor)) {
    const kept = mine[chapterId];
    const newer = kept && Date.parse(kept.readAt) > Date.parse(entry.readAt) ? kept : entry;
    mine[chapterId] = { ...newer, completed: Boolean(kept?.completed) || entry.completed };
  }
  writeAll(owner, mine);
  clearLocalProgress(null);
}

/** Removes every account's places but `owner`'s (all of them for null); the visitor's stay. */
export function dropLocalProgressOfOthers(owner: PlaceOwner): void {
  const keep = owner === null ? undefined : localProgressKey(owner);
  for (const key of ownedKeys(LOCAL_PROGRESS_KEY)) {
    if (key === keep) continue;
    try {
      localStorage.removeItem(key);
    } catch {
      // ignore
    }
  }
  notify();
}

/** For useSyncExternalStore: changes made here, and in other tabs. */
export function subscribeLocalProgress(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === LOCAL_PROGRESS_KEY || event.key.startsWith(`${LOCAL_PROGRESS_KEY}.`)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
