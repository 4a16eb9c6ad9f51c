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

/** The genres of each of these series (stats: a reader's top genres), as series id → genre names. */
export async function genresOfEachSeries(db: Database, seriesIds: string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  if (seriesIds.length === 0) return found;
  const rows = await db
    .select({ seriesId: seriesGenres.seriesId, name: genres.name })
    .from(seriesGenres)
    .innerJoin(genres, eq(genres.id, seriesGenres.genreId))
    .where(inArray(seriesGenres.seriesId, seriesIds))
    .orderBy(asc(genres.name));
  for (const row of rows) found.set(row.seriesId, [...(found.get(row.seriesId) ?? []), row.name]);
  return found;
}

/** How many of these ids are genres. */
export async function countKnownGenres(db: Database, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db.select({ id: genres.id }).from(genres).where(inArray(genres.id, ids));
  return rows.length;
}
