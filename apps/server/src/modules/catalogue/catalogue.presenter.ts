import type { ChapterSummary, SeriesCard } from '@inkwell/contract';
import { chapterAccess, isPremiumNow, openUntilOf, type Viewer } from '../access';
import type { ChapterListRow } from '../chapters';
import { coverOf, type SeriesRow } from '../series';

export function toCard(row: SeriesRow, latest: ChapterListRow[], now: Date): SeriesCard {
  return {
    id: row.id,
    slug: row.slug,
    type: row.type,
    title: row.title,
    status: row.status,
    cover: coverOf(row),
    isAdult: row.isAdult,
    latestChapters: latest.map((chapter) => ({
      slug: chapter.slug,
      number: chapter.number,
      title: chapter.title,
      publishedAt: (chapter.publishedAt ?? now).toISOString(),
      isPremium: isPremiumNow(chapter, now),
    })),
    lastChapterAt: row.lastChapterAt?.toISOString() ?? null,
  };
}

export function toChapterSummary(chapter: ChapterListRow, viewer: Viewer, now: Date): ChapterSummary {
  const access = chapterAccess(chapter, viewer, now);
  return {
    id: chapter.id,
    slug: chapter.slug,
    number: chapter.number,
    title: chapter.title,
    publishedAt: chapter.publishedAt?.toISOString() ?? null,
    price: chapter.price,
    freeAt: chapter.freeAt?.toISOString() ?? null,
    access,
    openUntil: openUntilOf(chapter.id, access, viewer)?.toISOString() ?? null,
  };
}
