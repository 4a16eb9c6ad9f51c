import { SERIES_CHAPTERS_PAGE, type SeriesChaptersPage } from '@inkwell/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callApiData } from '../../../lib/api-client';

export type ChapterOrder = 'asc' | 'desc';

/**
 * More of a long series' chapters, a page at a time, in `order`: from chapter `from` on (a jump),
 * or, when `after` is given, past that number (the chapters after the series answer's newest page);
 * in the edition `lang`, the series answer's (issue 35 §2).
 */
export function useSeriesChapterPages({
  slug,
  lang,
  order,
  from,
  after,
  isEnabled,
}: {
  slug: string;
  lang: string;
  order: ChapterOrder;
  from: number | undefined;
  after: number | undefined;
  isEnabled: boolean;
}) {
  return useInfiniteQuery({
    queryKey: ['catalogue', 'series-chapters', slug, lang, order, from ?? null, after ?? null],
    queryFn: ({ pageParam, signal }) =>
      callApiData('seriesChapters', {
        params: { slug },
        query: { order, lang, limit: SERIES_CHAPTERS_PAGE, ...(pageParam === undefined ? { from } : { after: pageParam }) },
        signal,
      }),
    initialPageParam: after,
    getNextPageParam: (last: SeriesChaptersPage) => (last.hasMore ? last.items.at(-1)?.number : undefined),
    enabled: isEnabled,
    retry: false,
  });
}
