import { pickLanguage } from '@inkwell/contract';
import { and, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { series, seriesEditions } from '../../../db/schema';
import { matchesSearch, relevance, seriesShown, setSearchSimilarity, type SeriesRow } from '../series';

/** The search query, as issued (query-plans.test.ts explains exactly this); series marked Adult only when `adult`. */
export function searchSeriesQuery(db: Database, text: string, limit: number, adult = false) {
  const q = text.toLowerCase();
  return db
    .select()
    .from(series)
    .where(and(seriesShown({ adult }), matchesSearch(q)))
    .orderBy(...relevance(q))
    .limit(limit);
}

/**
 * DESIGN §5 search: substring matches and near matches (pg_trgm word similarity, which forgives
 * small typos), both served by the trigram index on search_text. Exact titles rank first, then
 * prefixes, then by similarity.
 */
export async function searchSeries(db: Database, text: string, limit: number, adult = false): Promise<SeriesRow[]> {
  return db.transaction(async (tx) => {
    await setSearchSimilarity(tx);
    return searchSeriesQuery(tx, text, limit, adult);
  });
}

/**
 * The title each found series shows a reader of these languages (most wanted first, issue 35 §2):
 * its edition's in the first of them it has before its original; a series left out keeps its own.
 */
export async function titlesInLanguages(
  db: Database,
  rows: SeriesRow[],
  wanted: readonly string[],
): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  if (rows.length === 0 || wanted.length === 0) return titles;
  const editions = await db
    .select({ seriesId: seriesEditions.seriesId, language: seriesEditions.language, title: seriesEditions.title })
    .from(seriesEditions)
    .where(
      inArray(
        seriesEditions.seriesId,
        rows.map((row) => row.id),
      ),
    );
  for (const row of rows) {
    const own = editions.filter((edition) => edition.seriesId === row.id);
    const chosen = pickLanguage([row.originalLanguage, ...own.map((edition) => edition.language)], wanted);
    const title = own.find((edition) => edition.language === chosen)?.title;
    if (title !== undefined) titles.set(row.id, title);
  }
  return titles;
}
