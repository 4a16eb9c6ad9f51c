import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { series } from '../../../db/schema';
import { matchesSearch, relevance, setSearchSimilarity, type SeriesRow } from '../series';

/** The search query, as issued (query-plans.test.ts explains exactly this). */
export function searchSeriesQuery(db: Database, text: string, limit: number) {
  const q = text.toLowerCase();
  return db
    .select()
    .from(series)
    .where(and(eq(series.isPublished, true), matchesSearch(q)))
    .orderBy(...relevance(q))
    .limit(limit);
}

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
