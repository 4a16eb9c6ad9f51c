import type { Amount } from './metrics.repository';
import type { Candidate, KeySumRow } from './metrics-tops.repository';

/**
 * Why the top lists are kept this way: an exact top ten over a range needs every key's sum, and at
 * scale a year holds tens of thousands of chapters and series with views or unlocks, spread thin
 * (daily_views is already one row per day and key; an unlock rarely shares a chapter and day), so
 * no per-day or per-month table would make a year's sum much smaller. Closed days are frozen, so
 * a range's closed days are ranked once for every instance (metrics-closed.ts: metrics_closed_sums)
 * and each computation reads their first places and adds the live days' sums, reading today's rows.
 */

/** Each key's sums (`n`: views or unlocks; `coins`), and the keys in the list's order (when ranked). */
export interface Ranked {
  byKey: Map<string, Candidate>;
  ordered: Candidate[];
}

/** How a list compares two keys' sums: below 0 when `a` ranks first, 0 when level. */
export type Compare = (a: Candidate, b: Candidate) => number;
export const byCount: Compare = (a, b) => b.n - a.n;
export const byCountThenCoins: Compare = (a, b) => b.n - a.n || (b.coins ?? 0) - (a.coins ?? 0);
export const byCoins: Compare = (a, b) => (b.coins ?? 0) - (a.coins ?? 0);

const num = (value: Amount | undefined) => Number(value ?? 0);

/** Sums as read (in the order read). */
export function rank(rows: KeySumRow[]): Ranked {
  const ordered = rows.map((row) => ({ id: String(row.id), n: num(row.n), coins: num(row.coins) }));
  return { byKey: new Map(ordered.map((candidate) => [candidate.id, candidate])), ordered };
}

/**
 * The keys that can make the top `limit` of closed + live sums, with their summed values. The
 * closed sums are ranked by the list's sums (level keys in no particular order), and keys with no
 * live days keep their closed sums, so only the first of them can make it: `limit` twice over
 * (room for a series or chapter gone since), and every key level with the last of those, since the
 * named list breaks ties by title and number. Every live key may; of all these, those level with
 * or above the last place wanted stay, and SQL names and orders them exactly as the list is ordered.
 */
export function candidatesOf(closed: Ranked, live: Ranked, limit: number, compare: Compare): Candidate[] {
  const wanted = limit * 2;
  const picked: Candidate[] = live.ordered.map((entry) => {
    const before = closed.byKey.get(entry.id);
    return before ? { id: entry.id, n: entry.n + before.n, coins: (entry.coins ?? 0) + (before.coins ?? 0) } : entry;
  });
  let last: Candidate | undefined;
  let taken = 0;
  for (const entry of closed.ordered) {
    if (taken >= wanted && compare(entry, last!) !== 0) break;
    if (live.byKey.has(entry.id)) continue;
    picked.push(entry);
    last = entry;
    taken += 1;
  }
  if (picked.length <= wanted) return picked;
  const bar = [...picked].sort(compare)[wanted - 1]!;
  return picked.filter((entry) => compare(entry, bar) <= 0);
}

export const EMPTY: Ranked = { byKey: new Map(), ordered: [] };

/** Something computed per key, kept for the few keys last asked (one load however many ask at once). */
export function createTopSums<T>(size = 8) {
  const kept = new Map<string, Promise<T>>();
  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      const found = kept.get(key);
      if (found) {
        kept.delete(key);
        kept.set(key, found);
        return found;
      }
      const loading = load();
      kept.set(key, loading);
      loading.catch(() => kept.delete(key));
      while (kept.size > size) kept.delete(kept.keys().next().value!);
      return loading;
    },
  };
}

/** Above this many keys level with the list's last place, those named are picked by title first (nameable). */
export const LEVEL_NAMED_MAX = 200;

/**
 * The candidates a named list needs (issue 40): a list ordered by its sums and then by title names
 * every candidate, and a month of unlocks at scale holds tens of thousands of chapters unlocked
 * once, all level at the last place. Those above it all make the list; of those level with it, only
 * the first `limit` by title can (`firstByTitle` walks the titles' index); those below cannot. A
 * key gone since is left out by both reads, so the list comes out as naming every candidate would
 * make it. Few level keys, or fewer found than `limit`, and every candidate is named.
 */
export async function nameable(
  candidates: Candidate[],
  limit: number,
  compare: Compare,
  firstByTitle: (ids: string[], limit: number) => Promise<string[]>,
): Promise<Candidate[]> {
  if (candidates.length <= limit) return candidates;
  const last = [...candidates].sort(compare)[limit - 1]!;
  const level = candidates.filter((entry) => compare(entry, last) === 0);
  if (level.length <= LEVEL_NAMED_MAX) return candidates;
  const first = new Set(
    await firstByTitle(
      level.map((entry) => entry.id),
      limit,
    ),
  );
  if (first.size < limit) return candidates;
  return candidates.filter((entry) => compare(entry, last) < 0 || first.has(entry.id));
}
