import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { escapeLike } from '../../db/sql';
import { series } from '../../db/schema';
import type { SeriesRow } from '../series/series.repository';

/** How alike a word must be to count as a near match (pg_trgm word similarity). */
export const SEARCH_SIMILARITY = 0.4;

/** The search query, as issued (query-plans.test.ts explains exactly this). */
export function searchSeriesQuery(db: Database, text: string, limit: number) {
  const q = text.toLowerCase();
  const contains = `%${escapeLike(q)}%`;
  return db
    .select()
    .from(series)
    .where(and(eq(series.isPublished, true), sql`(${series.searchText} like ${contains} or ${q} <% ${series.searchText})`))
    .orderBy(
      sql`(lower(${series.title}) = ${q}) desc`,
      sql`(${series.searchText} like ${`${escapeLike(q)}%`}) desc`,
      sql`word_similarity(${q}, ${series.searchText}) desc`,
      asc(series.title),
    )
    .limit(limit);
}

/** The threshold of `<%` for this transaction: the default (0.6) misses one typo in a short word. */
export const setSearchSimilarity = (db: Database) =>
  db.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(SEARCH_SIMILARITY)}, true)`);

/**
 * DESIGN §5 search: substring matches and near matches (pg_trgm word similarity, which forgives
 * small typos), both served by the trigram index on search_text. Exact titles rank first, then
 * prefixes, then by similarity.
 */
export async function searchSeries(db: Database, text: string, limit: number): Promise<SeriesRow[]> {
  return db.transaction(async (tx) => {
    await setSearchSimilarity(tx);
    return searchSeriesQuery(tx, text, limit);
  });
}
