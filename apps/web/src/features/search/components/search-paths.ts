import type { SearchResult } from '@inkwell/contract';

/** SPEC §7: search results link to /seriesView/{slug} (lower-case v). */
export const resultPath = (result: Pick<SearchResult, 'slug'>) => `/seriesView/${result.slug}`;
/** The results page (issue 11 §3): every match, with filters. */
export const resultsPagePath = (text: string) => `/search?q=${encodeURIComponent(text)}`;
