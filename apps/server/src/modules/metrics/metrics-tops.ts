import type { Amount } from './metrics.repository';
import type { Candidate, KeySumRow } from './metrics-tops.repository';

/**
 * Why the top lists are kept this way: an exact top ten over a range needs every key's sum, and at
 * scale a year holds tens of thousands of chapters and series with views or unlocks, spread thin
 * (daily_views is already one row per day and key; an unlock rarely shares a chapter and day), so
 * no per-day or per-month table would make a year's sum much smaller. Closed days are frozen, so
 * each instance sums a range's closed days once per day (`TopSums`, one load at a time however many
 * requests ask) and each request adds only the live days' sums, reading today's rows.
 */

/** Each key's sums (`n`: views or unlocks; `coins`), and the keys ordered best first. */
export interface Ranked {
  byKey: Map<string, Candidate>;
  ordered: Candidate[];
}

/** How a list orders its keys: best first. */
export type Order = (a: Candidate, b: Candidate) => number;
export const byCount: Order = (a, b) => b.n - a.n || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
export const byCountThenCoins: Order = (a, b) => b.n - a.n || (b.coins ?? 0) - (a.coins ?? 0) || byCount(a, b);
export const byCoins: Order = (a, b) => (b.coins ?? 0) - (a.coins ?? 0) || byCount(a, b);

const num = (value: Amount | undefined) => Number(value ?? 0);

export function rank(rows: KeySumRow[], order: Order): Ranked {
  const ordered = rows.map((row) => ({ id: String(row.id), n: num(row.n), coins: num(row.coins) }));
  ordered.sort(order);
  return { byKey: new Map(ordered.map((candidate) => [candidate.id, candidate])), ordered };
}

/** Whether `order` puts `a` and `b` level (the id aside). */
const level = (order: Order, a: Candidate, b: Candidate) => order({ ...a, id: '' }, { ...b, id: '' }) === 0;

/**
 * The keys that can make the top `limit` of closed + live sums, with their summed values: every
 * live key, and the closed keys that rank best among those not live, down to `limit` twice over
 * (room for keys whose series or chapter has gone since) and every key level with the last one.
 * SQL then names them and orders them exactly as the list is ordered.
 */
export function candidatesOf(closed: Ranked, live: Ranked, limit: number, order: Order): Candidate[] {
  const wanted = limit * 2;
  const picked: Candidate[] = live.ordered.map((entry) => {
    const before = closed.byKey.get(entry.id);
    return before ? { id: entry.id, n: entry.n + before.n, coins: (entry.coins ?? 0) + (before.coins ?? 0) } : entry;
  });
  let taken = 0;
  let last: Candidate | undefined;
  for (const entry of closed.ordered) {
    if (live.byKey.has(entry.id)) continue;
    if (taken >= wanted && last && !level(order, entry, last)) break;
    picked.push(entry);
    taken += 1;
    last = entry;
  }
  picked.sort(order);
  if (picked.length <= wanted) return picked;
  const bar = picked[wanted - 1]!;
  return picked.filter((entry, index) => index < wanted || level(order, entry, bar));
}

export const EMPTY: Ranked = { byKey: new Map(), ordered: [] };

/** Sums of closed days per range, kept for the few ranges last asked (a dashboard asks a handful). */
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
