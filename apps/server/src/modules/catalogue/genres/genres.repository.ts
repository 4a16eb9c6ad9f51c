import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { genres, seriesGenres } from '../../../db/schema';

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

/** Sets a series' genres to these (a series' create or edit, in its transaction). */
export async function replaceSeriesGenres(db: Database, seriesId: string, genreIds: string[]): Promise<void> {
  await db.delete(seriesGenres).where(eq(seriesGenres.seriesId, seriesId));
  const unique = [...new Set(genreIds)];
  if (unique.length > 0) await db.insert(seriesGenres).values(unique.map((genreId) => ({ seriesId, genreId })));
}

/** How many of these ids are genres. */
export async function countKnownGenres(db: Database, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db.select({ id: genres.id }).from(genres).where(inArray(genres.id, ids));
  return rows.length;
}

export async function insertGenre(db: Database, values: { name: string; slug: string }): Promise<GenreRow> {
  const [row] = await db.insert(genres).values(values).returning();
  if (!row) throw new Error('insert into genres returned nothing');
  return row;
}

export async function updateGenre(
  db: Database,
  id: string,
  values: { name: string; slug: string },
): Promise<GenreRow | undefined> {
  const [row] = await db.update(genres).set(values).where(eq(genres.id, id)).returning();
  return row;
}

export async function deleteGenre(db: Database, id: string): Promise<boolean> {
  const rows = await db.delete(genres).where(eq(genres.id, id)).returning({ id: genres.id });
  return rows.length > 0;
}
