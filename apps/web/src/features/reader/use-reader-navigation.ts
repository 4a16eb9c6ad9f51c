import type { ChapterContent } from '@inkwell/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { editionPath, useEdition } from '../../lib/edition';
import { chapterQueryOptions } from './api/get-chapter';
import { pageUrl, type ComicSettings } from './reader-settings';

/**
 * Moving through a series from its reader: to the chapter before or after this one, and the next
 * one fetched ahead (its first page warmed) so it opens at once; in the edition the address asks
 * for (`?lang=`, issue 35 §2), which every move keeps.
 */
export function useReaderNavigation(
  seriesSlug: string,
  data: ChapterContent | undefined,
  comicQuality: ComicSettings['quality'],
) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const lang = useEdition();
  const goTo = useCallback(
    (slug: string | undefined) => slug && navigate(editionPath(`/SeriesView/${seriesSlug}/${slug}`, lang)),
    [navigate, seriesSlug, lang],
  );
  const nextSlug = data?.next?.slug;
  const previousSlug = data?.previous?.slug;

  // Near the end of a chapter, the next one is fetched (and its first page warmed) so it opens at once.
  const prefetchNext = useCallback(() => {
    if (!nextSlug) return;
    const nextOptions = chapterQueryOptions(seriesSlug, nextSlug, lang);
    void client.prefetchQuery(nextOptions).then(() => {
      const next = client.getQueryData(nextOptions.queryKey);
      const first = next?.pages[0];
      if (first) new Image().src = pageUrl(first, comicQuality);
    });
  }, [client, nextSlug, seriesSlug, comicQuality, lang]);

  return {
    hasPrevious: Boolean(previousSlug),
    hasNext: Boolean(nextSlug),
    goPrevious: () => goTo(previousSlug),
    goNext: () => goTo(nextSlug),
    prefetchNext,
  };
}
export type ReaderNavigation = ReturnType<typeof useReaderNavigation>;
