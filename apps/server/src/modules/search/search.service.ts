import { SEARCH_RESULT_LIMIT } from '@inkwell/contract';
import type { Database } from '../../db/client';
import { toSearchResult } from './search.presenter';
import { searchSeries } from './search.repository';

/** SPEC §7: the top bar's search, ranked over titles and alternative names. */
export function createSearchService({ db }: { db: Database }) {
  return {
    async search(q: string) {
      return { results: (await searchSeries(db, q, SEARCH_RESULT_LIMIT)).map(toSearchResult) };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
