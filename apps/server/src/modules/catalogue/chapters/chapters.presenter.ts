import { isChapterOut, type TeamChapter, type TeamChapterRow } from '@inkwell/contract';
import { chapterAccess, TEAM_VIEWER } from '../../identity/access';
import { mediaUrl, type UrlSigner } from '../../platform/media';
import type { ChapterListRow, ChapterRow } from './chapters.sql';
import type { PageRow } from './pages.repository';

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
  };
}

export function toTeamChapter(
  chapter: ChapterRow,
  seriesType: TeamChapter['seriesType'],
  pages: PageRow[],
  signer: UrlSigner,
  now: Date,
): TeamChapter {
  return {
    ...toTeamChapterRow({ ...chapter, pageCount: pages.length }, now),
    seriesId: chapter.seriesId,
    seriesType,
    content: chapter.content,
    previewPages: chapter.previewPages,
    previewPercent: chapter.previewPercent,
    // Pages are only ever served through signed URLs, to the team as to readers.
    pages: pages.map((page) => ({
      id: page.id,
      url: signer.sign(mediaUrl(page.imageKey), now),
      width: page.width,
      height: page.height,
    })),
  };
}
