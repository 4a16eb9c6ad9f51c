import { addDays, METRICS_RANGE_PRESETS, utcDay, type MetricsRange } from '@inkwell/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import { lastClosedDay, rangeOfDays } from './closed-days';
import type { Ranked } from './metrics-tops';
import { rows, type Amount } from './metrics.repository';
import { TOP_LISTS, type TopList } from './top-lists';

/*
 * The top lists' closed days ranked once for every instance (issue 40): ranking a year's closed
 * days takes seconds at scale, and each instance did it the first time it was asked. Now the first
 * instance to ask for a range (or the `metrics.roll-up` job, after each roll-up) ranks it in
 * SQL into metrics_closed_sums, and every instance reads the few first places from there.
 */

/** The ranges ranked ahead: the range picker's presets and a year (days up to today). */
export const METRICS_CLOSED_PRESETS = [...METRICS_RANGE_PRESETS, 365];

/** Days kept after a range was ranked: the presets' ranges move on daily, and one asked again is ranked anew. */
const KEEP_DAYS = 2;

const whereRange = (list: TopList, range: MetricsRange) =>
  sql`list = ${list.name} and from_day = ${range.from}::date and to_day = ${range.to}::date`;

/**
 * Ranks the list's sums over these closed days into metrics_closed_sums unless ranked already;
 * answers whether this call ranked them. The range's row and its sums are written in one
 * transaction: an instance asking at once waits on the row's key until it commits, then finds it.
 */
async function rankClosed(db: Database, list: TopList, range: MetricsRange): Promise<boolean> {
  const found = await rows(db, sql`select 1 from metrics_closed_ranges where ${whereRange(list, range)}`);
  if (found.length > 0) return false;
  return db.transaction(async (tx) => {
    const claimed = await rows(
      tx,
      sql`insert into metrics_closed_ranges (list, from_day, to_day) values (${list.name}, ${range.from}::date, ${range.to}::date)
          on conflict do nothing returning list`,
    );
    if (claimed.length === 0) return false;
    await tx.execute(sql`
      insert into metrics_closed_sums (list, from_day, to_day, key_id, position, n, coins)
      select ${list.name}, ${range.from}::date, ${range.to}::date, v.id, rank() over (order by ${list.order}), v.n, ${list.coins}
      from (${list.statement(range)}) v`);
    return true;
  });
}

interface ClosedRow {
  id: string;
  n: Amount;
  coins: Amount;
}

/**
 * The ranked closed sums a list's candidates need (metrics-tops.ts candidatesOf), or null when the
 * range is not ranked: the first `limit` twice over plus one per live key (a live key is skipped
 * there), every key level with the last of them (they share its position), and the live keys' own.
 */
export async function readClosed(db: Database, list: TopList, range: MetricsRange, liveIds: string[]): Promise<Ranked | null> {
  const first = list.limit * 2 + liveIds.length;
  const ids = sql`${`{${liveIds.join(',')}}`}::uuid[]`;
  const found = await rows<ClosedRow & { ranked: boolean }>(
    db,
    sql`select r.ranked, s.key_id as id, s.n, s.coins
        from (select exists (select 1 from metrics_closed_ranges where ${whereRange(list, range)}) as ranked) r
        left join metrics_closed_sums s on ${whereRange(list, range)} and (s.key_id = any(${ids}) or s.position <= coalesce(
          (select position from metrics_closed_sums where ${whereRange(list, range)} order by position offset ${first - 1} limit 1),
          2147483647))
        order by s.position`,
  );
  if (!found[0]?.ranked) return null;
  const ordered = found
    .filter((row) => row.id !== null)
    .map((row) => ({ id: String(row.id), n: Number(row.n), coins: Number(row.coins) }));
  return { byKey: new Map(ordered.map((entry) => [entry.id, entry])), ordered };
}

/** Ranks (once across instances) and reads a list's closed days; concurrent asks on one instance share a ranking. */
export function createClosedTops(db: Database) {
  const ranking = new Map<string, Promise<boolean>>();
  const rankOnce = (list: TopList, range: MetricsRange) => {
    const key = `${list.name}|${range.from}|${range.to}`;
    let running = ranking.get(key);
    if (!running) {
      running = rankClosed(db, list, range).finally(() => ranking.delete(key));
      ranking.set(key, running);
    }
    return running;
  };
  return {
    rankOnce,
    async read(list: TopList, range: MetricsRange, liveIds: string[]): Promise<Ranked> {
      const found = await readClosed(db, list, range, liveIds);
      if (found) return found;
      await rankOnce(list, range);
      return (await readClosed(db, list, range, liveIds)) ?? { byKey: new Map(), ordered: [] };
    },
  };
}
export type ClosedTops = ReturnType<typeof createClosedTops>;

/** Ranked ranges ranked more than KEEP_DAYS ago, deleted with their sums; answers how many. */
export async function pruneClosedRanges(db: Database): Promise<number> {
  const deleted = await rows(
    db,
    sql`delete from metrics_closed_ranges where ranked_at < now() - make_interval(days => ${KEEP_DAYS}) returning list`,
  );
  return deleted.length;
}

/**
 * Every list's closed days of the range picker's presets and of a year, ranked before an editor
 * asks: after each roll-up (the `metrics.roll-up` job), and at each start (the service's warm-up).
 */
export async function rankPresets(clock: Clock, closedTops: ClosedTops): Promise<number> {
  const now = clock.now();
  const today = utcDay(now);
  const last = lastClosedDay(now);
  let ranked = 0;
  for (const days of METRICS_CLOSED_PRESETS) {
    const from = addDays(today, -(days - 1));
    if (from > last) continue;
    for (const list of TOP_LISTS) if (await closedTops.rankOnce(list, rangeOfDays(from, last))) ranked += 1;
  }
  return ranked;
}
