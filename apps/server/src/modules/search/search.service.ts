import { SEARCH_RESULT_LIMIT, type SearchResult } from '@inkwell/contract';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createTtlCache } from '../../lib/ttl-cache';
import { toSearchResult } from './search.presenter';
import { searchSeries } from './search.repository';

/**
 * The top bar asks as readers type, and many type the same few words: an answer is kept as long
 * as the catalogue's lists are (10 s), and dropped on any team change. A near match is costly
 * once the catalogue is large (a typo of a common word is near a thousand titles, each ranked).
 */
export const SEARCH_CACHE_MS = 10_000;

/** SPEC §7: the top bar's search, ranked over titles and alternative names. */
export function createSearchService({ db, clock }: { db: Database; clock: Clock }) {
  const answers = createTtlCache<{ results: SearchResult[] }>(clock, SEARCH_CACHE_MS, 2_000);
  return {
    search(q: string) {
      // The ranking reads the text in lower case: "Lantern" and "lantern " are one question.
      const key = q.trim().toLowerCase();
      return answers.get(key, async () => ({ results: (await searchSeries(db, key, SEARCH_RESULT_LIMIT)).map(toSearchResult) }));
    },
    /** After any team change. */
    invalidate: () => answers.clear(),
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
