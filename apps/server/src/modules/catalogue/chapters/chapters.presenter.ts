import { type Credit, isChapterOut, type TeamChapter, type TeamChapterEdition, type TeamChapterRow } from '@inkwell/contract';
import { chapterAccess, TEAM_VIEWER } from '../../identity/access';
import { mediaUrl, type UrlSigner } from '../../platform/media';
import type { ChapterListRow, ChapterRow } from './chapters.sql';
import type { ChapterEditionRow } from './editions/chapter-editions.repository';
import type { PageRow } from './queries/pages';

function chapterState(publishedAt: Date | null, now: Date): TeamChapterRow['state'] {
  if (!publishedAt) return 'draft';
  return isChapterOut({ publishedAt }, now) ? 'published' : 'scheduled';
}

export function toTeamChapterRow(row: ChapterListRow & { pageCount: number }, now: Date): TeamChapterRow {
  return {
    id: row.id,
    slug: row.slug,
    number: row.number,
    title: row.title,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    price: row.price,
    freeAt: row.freeAt?.toISOString() ?? null,
    access: chapterAccess(row, TEAM_VIEWER, now),
    state: chapterState(row.publishedAt, now),
    pageCount: row.pageCount,
    volume: row.volume,
  };
}

/** A chapter's page as the team sees it: through a signed URL, as readers do. */
const teamPage = (page: PageRow, signer: UrlSigner, now: Date) => ({
  id: page.id,
  url: signer.sign(mediaUrl(page.imageKey), now),
  width: page.width,
  height: page.height,
});

/** A chapter's translations with their pages (`pages`: every translated page, in each language's order). */
export function toTeamChapterEditions(
  editions: ChapterEditionRow[],
  pages: PageRow[],
  signer: UrlSigner,
  now: Date,
): TeamChapterEdition[] {
  return editions.map((edition) => ({
    language: edition.language,
    title: edition.title,
    content: edition.content,
    pages: pages.filter((page) => page.language === edition.language).map((page) => teamPage(page, signer, now)),
  }));
}

export function toTeamChapter(
  chapter: ChapterRow,
  seriesType: TeamChapter['seriesType'],
  pages: PageRow[],
  signer: UrlSigner,
  now: Date,
  editions: TeamChapterEdition[] = [],
  credits: Credit[] = [],
): TeamChapter {
  return {
    ...toTeamChapterRow({ ...chapter, pageCount: pages.length }, now),
    seriesId: chapter.seriesId,
    seriesType,
    content: chapter.content,
    previewPages: chapter.previewPages,
    previewPercent: chapter.previewPercent,
    // Pages are only ever served through signed URLs, to the team as to readers.
    pages: pages.map((page) => teamPage(page, signer, now)),
    language: chapter.language,
    editions,
    credits,
  };
}
