import type { ChapterRelated, SeriesRelations } from '@inkwell/contract';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { clearedOnAll, SERIES_EVENTS, type CacheRegistry } from '../../../lib/caches';
import type { Clock } from '../../../lib/clock';
import { findChapterShownNow, nextChaptersOut } from '../chapters';
import { type AdultAudience, coverOf, findSeriesById, showsAdult } from '../series';
import { shownMapOfChapter, shownRelationsOf } from './relations.repository';

/** Kept as long as the catalogue's rows (10 s), and dropped with them on any series or chapter event. */
const RELATIONS_CACHE_MS = 10_000;

type RelationCard = { coverKey: string | null; coverWidth: number | null; coverHeight: number | null };
const toCard = <T extends RelationCard>({ coverKey, coverWidth, coverHeight, ...card }: T) => ({
  ...card,
  cover: coverOf({ coverKey, coverWidth, coverHeight }),
});

/**
 * What readers are shown of relations (issue 39 §5): a series' related series, and a chapter's
 * place in the series its map relates it to. One answer per viewer class (adult or not), kept
 * until a series or chapter event.
 */
export function createRelationReads({
  db,
  clock,
  caches,
  adultContent,
}: {
  db: Database;
  clock: Clock;
  caches: CacheRegistry;
  adultContent: () => Promise<boolean>;
}) {
  const answers = caches.declare<SeriesRelations | ChapterRelated | null>({
    name: 'relations answers',
    ttlMs: RELATIONS_CACHE_MS,
    bound: 5_000,
    clearedBy: clearedOnAll(SERIES_EVENTS),
  });

  return {
    /** The related series a viewer may be shown; 404 for a series they may not (unpublished, or adult past the gate). */
    async shownRelations(seriesId: string, viewer: AdultAudience): Promise<SeriesRelations> {
      const adult = showsAdult(viewer, await adultContent());
      const answer = await answers.get(`${adult ? 'adult' : 'all'}\u0000series\u0000${seriesId}`, async () => {
        const own = await findSeriesById(db, seriesId);
        if (!own || !own.isPublished || (own.isAdult && !adult)) return null;
        const rows = await shownRelationsOf(db, seriesId, adult);
        return { items: rows.map((row) => ({ kind: row.kind, series: toCard(row.series) })) };
      });
      if (!answer) throw new AppError('series_not_found', 'apiErrors.seriesNotFound');
      return answer as SeriesRelations;
    },

    /**
     * Where a chapter (out, its series published) is in the series its map relates it to, and the
     * chapter after that one there: the end card's "continue in the novel".
     */
    async chapterRelated(chapterId: string, viewer: AdultAudience): Promise<ChapterRelated> {
      const adult = showsAdult(viewer, await adultContent());
      const answer = await answers.get(`${adult ? 'adult' : 'all'}\u0000chapter\u0000${chapterId}`, async () => {
        const now = clock.now();
        const chapter = await findChapterShownNow(db, chapterId, now);
        if (!chapter) return null;
        const rows = await shownMapOfChapter(db, chapter, adult, now);
        const next = await nextChaptersOut(
          db,
          rows.map((row) => ({ seriesId: row.series.id, chapterNumber: row.chapter.number })),
          now,
        );
        const nextOf = new Map(next.map((row) => [row.seriesId, { slug: row.chapterSlug, number: row.chapterNumber }]));
        return {
          items: rows.map((row) => ({ ...row, series: toCard(row.series), next: nextOf.get(row.series.id) ?? null })),
        };
      });
      if (!answer) throw new AppError('chapter_not_found', 'apiErrors.chapterNotFound');
      return answer as ChapterRelated;
    },
  };
}
