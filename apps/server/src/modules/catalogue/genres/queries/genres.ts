import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { genres, seriesGenres } from '../../../../db/schema';

// The genres other modules read: the list (catalogue), a series' genres and whether ids are genres (series).

export type GenreRow = typeof genres.$inferSelect;

export async function listGenres(db: Database): Promise<GenreRow[]> {
  return db.select().from(genres).orderBy(asc(genres.name));
}

export async function genresOfSeries(db: Database, seriesId: string): Promise<GenreRow[]> {
  return db
    .select({ id: genres.id, name: genres.name, slug: genres.slug, createdAt: genres.createdAt })
    .from(seriesGenres)
    .innerJoin(genres, eq(genres.id, seriesGenres.genreId))
    .where(eq(seriesGenres.seriesId, seriesId))
    .orderBy(asc(genres.name));
}

/** How many of these ids are genres. */
export async function countKnownGenres(db: Database, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db.select({ id: genres.id }).from(genres).where(inArray(genres.id, ids));
  return rows.length;
}
