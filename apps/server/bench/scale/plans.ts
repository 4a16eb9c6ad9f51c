/**
 * The hot queries' plans on the large catalogue (issue 18 §3): the query-plan tests check each
 * query reads its indexes on a database built for the test; here the same query builders are
 * explained on the catalogue a thousand times the demo, with the heavy reader's and real ids.
 * A query that reads a large table whole (a sequential scan of more than LARGE_TABLE_ROWS rows)
 * fails the bench. Each is run twice under `explain analyze`, and the second run's time shown.
 */
import type { Database, DatabaseHandle } from '../../src/db/client';
import { auditPageQuery } from '../../src/modules/team/audit/audit.repository';
import { userCountQuery, userPageQuery } from '../../src/modules/team/admin-users/admin-users.repository';
import { moderationPageQuery, repliesQuery, topLevelPageQuery } from '../../src/modules/reading/comments/comments.repository';
import { bookmarkCountQuery, bookmarkPageQuery } from '../../src/modules/reading/library/bookmarks.repository';
import { furthestChaptersQuery, progressOfSeriesQuery } from '../../src/modules/reading/library/library.repository';
import {
  historyBySeriesPageQuery,
  historyCountQuery,
  historyPageQuery,
} from '../../src/modules/reading/library/history.repository';
import { notificationCountsQuery, notificationPageQuery } from '../../src/modules/reading/notifications/notifications.repository';
import { purchaseCountQuery, purchasePageQuery } from '../../src/modules/money/payments/payments.repository';
import { publishedSeriesPageQuery } from '../../src/modules/catalogue/catalogue/published-series.repository';
import { teamSeriesCountQuery, teamSeriesPageQuery } from '../../src/modules/catalogue/series/series.repository';

/** A table this large read whole is a plan that will not hold as the site grows. */
const LARGE_TABLE_ROWS = 10_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

type Built = { toSQL(): { sql: string; params: unknown[] } };

export interface PlanCheck {
  name: string;
  ms: number;
  /** The large tables the plan reads whole. */
  seqScans: string[];
}

export async function checkPlans(handle: DatabaseHandle, heavyReader: string): Promise<PlanCheck[]> {
  const db: Database = handle.db;
  const one = async <T>(text: string, values: unknown[] = []) => (await handle.executeSql(text, values)).rows[0] as T;
  const { id: userId } = await one<{ id: string }>('select id from users where username = $1', [heavyReader]);
  const { series_id: seriesId } = await one<{ series_id: string }>(
    'select series_id from reading_progress where user_id = $1 order by read_at desc limit 1',
    [userId],
  );
  const { id: chapterId } = await one<{ id: string }>(
    'select chapter_id as id from comments group by chapter_id order by count(*) desc limit 1',
  );
  const parents = (
    await handle.executeSql('select id from comments where parent_id is null and chapter_id = $1 limit 20', [chapterId])
  ).rows as { id: string }[];
  const readSeries = (
    await handle.executeSql('select distinct series_id from reading_progress where user_id = $1 limit 20', [userId])
  ).rows as { series_id: string }[];
  const sizes = new Map(
    (
      (await handle.executeSql(`select relname, reltuples::bigint as n from pg_class where relkind = 'r'`)).rows as {
        relname: string;
        n: string;
      }[]
    ).map((row) => [row.relname, Number(row.n)]),
  );
  const now = new Date();

  const queries: [string, Built][] = [
    ['bookmarks page (updated)', bookmarkPageQuery(db, userId, 'updated', 1, 20, now)],
    ['bookmarks count', bookmarkCountQuery(db, userId)],
    ['history page', historyPageQuery(db, userId, 1, 20, now)],
    ['history count', historyCountQuery(db, userId, now)],
    ['continue reading row', historyBySeriesPageQuery(db, userId, 1, 12, now)],
    [
      'where to continue',
      furthestChaptersQuery(
        db,
        userId,
        readSeries.map((row) => row.series_id),
        now,
      ),
    ],
    ["a series' progress", progressOfSeriesQuery(db, userId, seriesId)],
    ['notices page', notificationPageQuery(db, userId, 10, 0)],
    ['notices counts', notificationCountsQuery(db, userId)],
    ['series list, latest', publishedSeriesPageQuery(db, {}, 'latest', 1, 24, now)],
    ['series list, popular, page 200', publishedSeriesPageQuery(db, {}, 'popular', 200, 24, now)],
    ['series list, premium', publishedSeriesPageQuery(db, { premium: true }, 'latest', 1, 24, now)],
    ['team series page', teamSeriesPageQuery(db, undefined, 2, 20)],
    ['team series search', teamSeriesPageQuery(db, 'lantern', 1, 20)],
    ['team series count', teamSeriesCountQuery(db, undefined)],
    ["a chapter's comments", topLevelPageQuery(db, { chapterId }, 'newest', 1, 20)],
    [
      'their replies',
      repliesQuery(
        db,
        parents.map((row) => row.id),
      ),
    ],
    ['comments to moderate, reported', moderationPageQuery(db, { status: 'reported' }, 1, 30)],
    ['admin users page', userPageQuery(db, {}, 1, 25, now)],
    ['admin users, part of a name', userPageQuery(db, { q: 'ada_lan' }, 1, 25, now)],
    ['admin users count, premium', userCountQuery(db, { status: 'premium' }, now)],
    ['admin purchases page', purchasePageQuery(db, {}, 1, 20)],
    ['admin purchases, by a buyer', purchasePageQuery(db, { q: 'ada_lan' }, 1, 20)],
    ['admin purchases count, by a buyer', purchaseCountQuery(db, { q: 'ada_lan' })],
    ['audit log page', auditPageQuery(db, {}, 1)],
  ];

  const checks: PlanCheck[] = [];
  for (const [name, query] of queries) {
    const { sql: text, params } = query.toSQL();
    // The second run is timed: the first reads from disk what a running site holds in memory.
    await handle.executeSql(`explain (analyze, format json) ${text}`, params);
    const { rows } = await handle.executeSql(`explain (analyze, format json) ${text}`, params);
    const [{ Plan: root, 'Execution Time': ms }] = (rows[0] as { 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] })[
      'QUERY PLAN'
    ];
    const seqScans: string[] = [];
    const walk = (node: PlanNode) => {
      const table = node['Relation Name'];
      if (node['Node Type'] === 'Seq Scan' && table && (sizes.get(table) ?? 0) > LARGE_TABLE_ROWS) seqScans.push(table);
      node.Plans?.forEach(walk);
    };
    walk(root);
    checks.push({ name, ms, seqScans });
  }
  return checks;
}
