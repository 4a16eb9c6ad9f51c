import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { genres } from '../../../db/schema';
import type { GenreRow } from './queries/genres';

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
