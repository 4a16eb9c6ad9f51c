import { eq } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { genres, seriesGenres } from '../../../../db/schema';
import type { GenreRow } from '../queries/genres';

/** Sets a series' genres to these (a series' create or edit, in its transaction). */
export async function replaceSeriesGenres(db: Database, seriesId: string, genreIds: string[]): Promise<void> {
  await db.delete(seriesGenres).where(eq(seriesGenres.seriesId, seriesId));
  const unique = [...new Set(genreIds)];
  if (unique.length > 0) await db.insert(seriesGenres).values(unique.map((genreId) => ({ seriesId, genreId })));
}

/** A new genre: the team's create, and the demo's seed. */
export async function insertGenre(db: Database, values: { name: string; slug: string }): Promise<GenreRow> {
  const [row] = await db.insert(genres).values(values).returning();
  if (!row) throw new Error('insert into genres returned nothing');
  return row;
}
