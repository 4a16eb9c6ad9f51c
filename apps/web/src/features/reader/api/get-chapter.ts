import type { ChapterContent, ErrorPageCode } from '@inkwell/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ApiError, callApiData } from '../../../lib/api-client';
import { ownQueryOptions } from '../../../lib/own-query';

/**
 * A chapter as this viewer may read it: its pages or text, or only its price when locked; in the
 * edition `lang` (issue 35 §2), or without it the one the server picks for this reader.
 */
export function chapterQueryOptions(slug: string, chapterSlug: string, lang?: string) {
  return queryOptions({
    queryKey: lang ? ['reader', 'chapter', slug, chapterSlug, lang] : ['reader', 'chapter', slug, chapterSlug],
    queryFn: ({ signal }) =>
      callApiData('chapter', { params: { slug, chapterSlug }, ...(lang ? { query: { lang } } : {}), signal }),
    retry: false,
    // Signed page URLs last at least half an hour; refetching sooner would only change them.
    staleTime: 10 * 60_000,
  });
}

/** The reader's own queries about chapters: never in a page shared by a class of readers (app/reader-data.tsx). */
export const OWN_CHAPTER_ROOT = ['reader', 'me'] as const;

/**
 * A signed-in reader's own offers for a chapter (their pass's recharge, issue 32 §1): a page the
 * server shares with their class carries the class's offers, and this, in their own part, corrects them.
 */
export function myChapterOffersQueryOptions(slug: string, chapterSlug: string) {
  return ownQueryOptions('myChapterOffers', { slug, chapterSlug }, [...OWN_CHAPTER_ROOT, 'chapter-offers', slug, chapterSlug]);
}

/** Puts a reader's own offers (`myChapterOffersQueryOptions`) into the chapter's answers they belong to, in any edition. */
export function applyOwnOffers(client: QueryClient, queryKey: readonly unknown[], data: unknown): boolean {
  const [root, me, kind, slug, chapterSlug] = queryKey;
  if (root !== OWN_CHAPTER_ROOT[0] || me !== OWN_CHAPTER_ROOT[1] || kind !== 'chapter-offers') return false;
  const { offers } = data as { offers: ChapterContent['offers'] };
  const chapterKey = chapterQueryOptions(String(slug), String(chapterSlug)).queryKey;
  for (const query of client.getQueryCache().findAll({ queryKey: chapterKey })) {
    const updatedAt = query.state.dataUpdatedAt;
    client.setQueryData<ChapterContent>(
      query.queryKey,
      (old) => (old ? { ...old, offers } : old),
      updatedAt ? { updatedAt } : undefined,
    );
  }
  return true;
}

export const useChapter = (slug: string, chapterSlug: string, lang?: string) =>
  useQuery(chapterQueryOptions(slug, chapterSlug, lang));

/**
 * The error page a failed chapter call leads to, or null when the reader should offer a retry.
 * A missing series and a missing chapter are told apart by the error's code, never its message.
 */
export function chapterErrorPage(error: unknown): ErrorPageCode | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'series_not_found') return 'series_not_found';
  if (error.code === 'chapter_not_found' || error.code === 'not_found' || error.status === 404) return 'not_found';
  return null;
}
