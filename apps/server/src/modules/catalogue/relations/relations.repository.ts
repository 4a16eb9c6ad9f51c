import type { ChapterMapPair, SeriesRelationKind } from '@inkwell/contract';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client';
import { seriesChapterMaps, seriesRelations } from '../../../db/schema';
import { chapterHeadingColumns, chapterInSeries, chapterIsOut, chapterLinkColumns, joinChapter } from '../chapters';
import {
  joinSeries,
  seriesCardColumns,
  seriesLinkColumns,
  seriesPublishedColumns,
  seriesShown,
  seriesTypeColumns,
} from '../series';

// Relations between series and their chapter maps (issue 39 §5). Each relation is two rows, one
// from each series, and each pair of a map two rows, one from each chapter: written and removed
// together, so either series reads its own side with one lookup.

/**
 * Whether a shown series is marked Adult: `seriesShown` without adult series fails exactly for
 * them (the rows read here are shown ones, so published).
 */
const isAdultColumn = sql<boolean>`not (${seriesShown({ adult: false })})`;

/** A series' relations as its team sees them: the related series' name and state, in the order they were made. */
export function teamRelationsOf(db: Database, seriesId: string) {
  return db
    .select({
      kind: seriesRelations.kind,
      series: { ...seriesLinkColumns, type: seriesTypeColumns.seriesType, isPublished: seriesPublishedColumns.seriesIsPublished },
    })
    .from(seriesRelations)
    .innerJoin(...joinSeries(seriesRelations.relatedSeriesId))
    .where(eq(seriesRelations.seriesId, seriesId))
    .orderBy(asc(seriesRelations.createdAt), asc(seriesRelations.relatedSeriesId));
}

/** The kind of the relation from one series to another, or undefined when they are not related. */
export async function relationKindOf(db: Database | Transaction, seriesId: string, relatedId: string) {
  const [row] = await db
    .select({ kind: seriesRelations.kind })
    .from(seriesRelations)
    .where(and(eq(seriesRelations.seriesId, seriesId), eq(seriesRelations.relatedSeriesId, relatedId)));
  return row?.kind;
}

/** The map from one series' chapters to a related series' chapters, in the first series' chapter order. */
export function chapterMapBetween(db: Database | Transaction, seriesId: string, relatedId: string): Promise<ChapterMapPair[]> {
  return db
    .select({ chapterId: seriesChapterMaps.chapterId, relatedChapterId: seriesChapterMaps.relatedChapterId })
    .from(seriesChapterMaps)
    .innerJoin(...joinChapter(seriesChapterMaps.chapterId))
    .where(and(eq(seriesChapterMaps.relatedSeriesId, relatedId), chapterInSeries(seriesChapterMaps.chapterId, seriesId)))
    .orderBy(asc(chapterLinkColumns.chapterNumber));
}

/**
 * Holds the pair of series for this transaction, whichever of the two a call names first, so two
 * edits of one relation (from A and from B at once) take turns instead of meeting on the keys.
 */
export async function lockPair(tx: Transaction, a: string, b: string) {
  const key = [a, b].sort().join(':');
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`series-relation:${key}`}))`);
}

/** Removes the relation between two series both ways, with every pair of their chapter map. Whether there was one. */
export async function deleteRelationPair(tx: Transaction, a: string, b: string): Promise<boolean> {
  await tx
    .delete(seriesChapterMaps)
    .where(
      or(
        and(eq(seriesChapterMaps.relatedSeriesId, b), chapterInSeries(seriesChapterMaps.chapterId, a)),
        and(eq(seriesChapterMaps.relatedSeriesId, a), chapterInSeries(seriesChapterMaps.chapterId, b)),
      ),
    );
  const removed = await tx
    .delete(seriesRelations)
    .where(
      or(
        and(eq(seriesRelations.seriesId, a), eq(seriesRelations.relatedSeriesId, b)),
        and(eq(seriesRelations.seriesId, b), eq(seriesRelations.relatedSeriesId, a)),
      ),
    )
    .returning({ seriesId: seriesRelations.seriesId });
  return removed.length > 0;
}

/** Writes a relation both ways (`kind` from `a`, `reverse` from `b`) and its map's pairs both ways. */
export async function insertRelationPair(
  tx: Transaction,
  {
    a,
    b,
    kind,
    reverse,
    chapterMap,
  }: { a: string; b: string; kind: SeriesRelationKind; reverse: SeriesRelationKind; chapterMap: ChapterMapPair[] },
) {
  await tx.insert(seriesRelations).values([
    { seriesId: a, relatedSeriesId: b, kind },
    { seriesId: b, relatedSeriesId: a, kind: reverse },
  ]);
  if (chapterMap.length === 0) return;
  await tx.insert(seriesChapterMaps).values(
    chapterMap.flatMap((pair) => [
      { chapterId: pair.chapterId, relatedSeriesId: b, relatedChapterId: pair.relatedChapterId },
      { chapterId: pair.relatedChapterId, relatedSeriesId: a, relatedChapterId: pair.chapterId },
    ]),
  );
}

/** A related series as readers see it, beside `joinSeries`. */
const relatedCardColumns = {
  id: seriesCardColumns.id,
  slug: seriesCardColumns.slug,
  title: seriesCardColumns.title,
  type: seriesCardColumns.type,
  coverKey: seriesCardColumns.coverKey,
  coverWidth: seriesCardColumns.coverWidth,
  coverHeight: seriesCardColumns.coverHeight,
  isAdult: isAdultColumn,
};

/** The series related to this one that a viewer may be shown (published; adult ones only with `adult`). */
export function shownRelationsOf(db: Database, seriesId: string, adult: boolean) {
  return db
    .select({ kind: seriesRelations.kind, series: relatedCardColumns })
    .from(seriesRelations)
    .innerJoin(...joinSeries(seriesRelations.relatedSeriesId))
    .where(and(eq(seriesRelations.seriesId, seriesId), seriesShown({ adult })))
    .orderBy(asc(seriesRelations.createdAt), asc(seriesRelations.relatedSeriesId));
}

/**
 * Where a chapter is in the series its map relates it to: the related chapter (out at `now`) and
 * its series (shown to the viewer), with the relation's kind.
 */
export function shownMapOfChapter(db: Database, chapter: { id: string; seriesId: string }, adult: boolean, now: Date) {
  return db
    .select({
      kind: seriesRelations.kind,
      series: relatedCardColumns,
      chapter: { slug: chapterHeadingColumns.slug, number: chapterHeadingColumns.number, title: chapterHeadingColumns.title },
    })
    .from(seriesChapterMaps)
    .innerJoin(
      seriesRelations,
      and(eq(seriesRelations.seriesId, chapter.seriesId), eq(seriesRelations.relatedSeriesId, seriesChapterMaps.relatedSeriesId)),
    )
    .innerJoin(...joinSeries(seriesChapterMaps.relatedSeriesId))
    .innerJoin(...joinChapter(seriesChapterMaps.relatedChapterId))
    .where(and(eq(seriesChapterMaps.chapterId, chapter.id), seriesShown({ adult }), chapterIsOut(now)))
    .orderBy(asc(seriesRelations.createdAt));
}
