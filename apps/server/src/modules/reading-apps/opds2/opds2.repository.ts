import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { chapterUnlocks, chapters, series } from '../../../db/schema';
import { chapterForSale, chapterIsNotOut, chapterIsOut } from '../../catalogue/chapters';

const shelfColumns = {
  id: chapters.id,
  slug: chapters.slug,
  number: chapters.number,
  title: chapters.title,
  publishedAt: chapters.publishedAt,
  price: chapters.price,
  freeAt: chapters.freeAt,
  series: {
    id: series.id,
    slug: series.slug,
    title: series.title,
    type: series.type,
    author: series.author,
    artist: series.artist,
    coverKey: series.coverKey,
    coverWidth: series.coverWidth,
    coverHeight: series.coverHeight,
  },
};
export type ShelfRow = Awaited<ReturnType<typeof shelfPage>>['rows'][number];

const DAY_MS = 86_400_000;

/**
 * A member's chapters in their early window (issue 38 §1): of the series whose tier they hold, not
 * out yet but out by `now + days` (the viewer's `earlyAccess`, the access rule's `earlyAccessOf`).
 */
const inEarlyWindow = (now: Date, earlyAccess: ReadonlyMap<string, number>) =>
  [...earlyAccess]
    .filter(([, days]) => days > 0)
    .map(([seriesId, days]) =>
      and(eq(chapters.seriesId, seriesId), chapterIsNotOut(now), chapterIsOut(new Date(now.getTime() + days * DAY_MS))),
    );

/**
 * The chapters out that a reader has unlocked with coins, and with a premium pass every priced
 * chapter not yet free (what the pass reads), and a member's chapters in their early window,
 * newest first, a page at a time.
 */
export async function shelfPage(
  db: Database,
  reader: { userId: string; hasPremiumPass: boolean; earlyAccess?: ReadonlyMap<string, number> | undefined },
  now: Date,
  page: number,
  perPage: number,
) {
  const { userId, hasPremiumPass } = reader;
  const unlocked = inArray(
    chapters.id,
    db.select({ id: chapterUnlocks.chapterId }).from(chapterUnlocks).where(eq(chapterUnlocks.userId, userId)),
  );
  const byPass = chapterForSale(now);
  const owned = and(chapterIsOut(now), hasPremiumPass ? or(unlocked, byPass) : unlocked);
  const where = and(eq(series.isPublished, true), or(owned, ...inEarlyWindow(now, reader.earlyAccess ?? new Map())));
  const [rows, [count]] = await Promise.all([
    db
      .select(shelfColumns)
      .from(chapters)
      .innerJoin(series, eq(series.id, chapters.seriesId))
      .where(where)
      .orderBy(desc(chapters.publishedAt), desc(chapters.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(chapters)
      .innerJoin(series, eq(series.id, chapters.seriesId))
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}
