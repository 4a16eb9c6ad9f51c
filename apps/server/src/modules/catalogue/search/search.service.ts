import { SEARCH_RESULT_LIMIT, type SearchResult } from '@inkwell/contract';
import type { Database } from '../../../db/client';
import { toSearchResult } from './search.presenter';
import { searchSeries, titlesInLanguages } from './search.repository';
import { clearedOnAll, SERIES_EVENTS, type CacheRegistry } from '../../../lib/caches';
import { type AdultAudience, showsAdult } from '../series';

/**
 * The top bar asks as readers type, and many type the same few words: an answer is kept as long
 * as the catalogue's lists are (10 s), and dropped on any team change. A near match is costly
 * once the catalogue is large (a typo of a common word is near a thousand titles, each ranked).
 */
const SEARCH_CACHE_MS = 10_000;

/** SPEC §7: the top bar's search, ranked over titles and alternative names. */
export function createSearchService({
  db,
  caches,
  adultContent,
}: {
  db: Database;
  caches: CacheRegistry;
  /** Whether the site carries series marked Adult at all (issue 36 §4). */
  adultContent: () => Promise<boolean>;
}) {
  const answers = caches.declare<{ results: SearchResult[] }>({
    name: 'search answers',
    ttlMs: SEARCH_CACHE_MS,
    bound: 2_000,
    clearedBy: clearedOnAll(SERIES_EVENTS),
  });
  return {
    /**
     * Series whose title, alternative names or any edition's title match, titled in the reader's
     * languages (`wanted`); series marked Adult only for a viewer who opted in (issue 36 §4).
     */
    async search(q: string, wanted: readonly string[] = [], viewer: AdultAudience = {}) {
      // The ranking reads the text in lower case: "Lantern" and "lantern " are one question.
      const text = q.trim().toLowerCase();
      const adult = showsAdult(viewer, await adultContent());
      return answers.get(`${adult ? 'adult' : 'all'}\u0000${text}\u0000${wanted.join(',')}`, async () => {
        const rows = await searchSeries(db, text, SEARCH_RESULT_LIMIT, adult);
        const titles = await titlesInLanguages(db, rows, wanted);
        return { results: rows.map((row) => ({ ...toSearchResult(row), title: titles.get(row.id) ?? row.title })) };
      });
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
