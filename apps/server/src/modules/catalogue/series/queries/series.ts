import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { series } from '../../../../db/schema';
import type { SeriesRow } from '../series.sql';

// A series as other modules ask for it alone: by id or slug, its link and state, how many there are.

/** A published series' id, title and slug (a gift's, its supporters'), or undefined when there is none. */
export async function findPublishedSeries(db: Database, id: string) {
  const [row] = await db
    .select({ id: series.id, title: series.title, slug: series.slug })
    .from(series)
    .where(and(eq(series.id, id), eq(series.isPublished, true)));
  return row;
}

/** A series' slug and whether it is published: enough to link to it and to decide who sees it. */
export async function findSeriesListing(db: Database, id: string) {
  const [row] = await db
    .select({ id: series.id, slug: series.slug, isPublished: series.isPublished })
    .from(series)
    .where(eq(series.id, id))
    .limit(1);
  return row;
}

export async function findSeriesBySlug(db: Database, slug: string): Promise<SeriesRow | undefined> {
  const [row] = await db.select().from(series).where(eq(series.slug, slug)).limit(1);
  return row;
}

export async function findSeriesById(db: Database, id: string): Promise<SeriesRow | undefined> {
  const [row] = await db.select().from(series).where(eq(series.id, id)).limit(1);
  return row;
}

export async function countSeries(db: Database): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(series);
  return row?.count ?? 0;
}
