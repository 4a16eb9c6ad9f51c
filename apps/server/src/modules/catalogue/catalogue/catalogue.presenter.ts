import { isChapterForSale, type ChapterSummary, type FreeLadder, type SeriesCard } from '@inkwell/contract';
import { chapterAccess, earlyAccessOf, openUntilOf, type Viewer } from '../../identity/access';
import type { ChapterListRow } from '../chapters';
import { coverOf, type SeriesRow } from '../series';
import { freeWaysOf, hasDailyFree } from '../../money/wallet';
import { chapterInEdition, type EditionView } from './queries/editions';

/** A series' free ladder for its badges (issue 33 §2); nothing when it is coins only. */
export function toFreeLadder(row: SeriesRow): FreeLadder | undefined {
  const dailyFree = hasDailyFree(row);
  if (row.waitPassIntervalHours === null && !dailyFree) return undefined;
  return { waitPassHours: row.waitPassIntervalHours, dailyFree, rentalHours: row.rentalHours };
}

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
      isPremium: isChapterForSale(chapter, now),
      isEarlyAccess: isChapterForSale(chapter, now) && chapter.freeAt !== null,
    })),
    lastChapterAt: row.lastChapterAt?.toISOString() ?? null,
    freeLadder: toFreeLadder(row),
  };
}

/**
 * A chapter's row for a viewer in an edition (its title there, or the original's as a fallback);
 * `newer` is how many chapters they see out after it (for the pass).
 */
export function toChapterSummary(
  chapter: ChapterListRow,
  series: SeriesRow,
  edition: EditionView,
  newer: number,
  viewer: Viewer,
  now: Date,
): ChapterSummary {
  const access = chapterAccess(chapter, viewer, now);
  const freeWays = freeWaysOf(series, access, newer);
  // A member's chapter before its time (issue 38 §1): "Early access · public in 3 days".
  const early = earlyAccessOf(chapter, viewer, now);
  return {
    id: chapter.id,
    slug: chapter.slug,
    number: chapter.number,
    publishedAt: chapter.publishedAt?.toISOString() ?? null,
    price: chapter.price,
    freeAt: chapter.freeAt?.toISOString() ?? null,
    volume: chapter.volume,
    access,
    openUntil: openUntilOf(chapter.id, access, viewer)?.toISOString() ?? null,
    ...(freeWays.length > 0 && { freeWays }),
    ...(early && { earlyAccess: { publicAt: early.publicAt.toISOString() } }),
    ...chapterInEdition(edition, chapter),
  };
}
