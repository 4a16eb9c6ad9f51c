import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { seriesEditions } from '../../../../db/schema';
import type { SeriesEditionRow } from '../queries/editions';

// A series' translated editions written (issue 35 §2, decision 0039), in the caller's transaction when given one.

/** Adds an edition; undefined when the series already has one in that language. */
export async function insertSeriesEdition(
  db: Database,
  values: { seriesId: string; language: string; title: string; description: string },
): Promise<SeriesEditionRow | undefined> {
  const [row] = await db.insert(seriesEditions).values(values).onConflictDoNothing().returning();
  return row;
}

/** Changes an edition's title or description; undefined when there is no such edition. */
export async function updateSeriesEdition(
  db: Database,
  seriesId: string,
  language: string,
  values: { title?: string | undefined; description?: string | undefined; updatedAt: Date },
): Promise<SeriesEditionRow | undefined> {
  const [row] = await db
    .update(seriesEditions)
    .set({
      ...(values.title !== undefined && { title: values.title }),
      ...(values.description !== undefined && { description: values.description }),
      updatedAt: values.updatedAt,
    })
    .where(and(eq(seriesEditions.seriesId, seriesId), eq(seriesEditions.language, language)))
    .returning();
  return row;
}

/** Removes an edition; false when there was none. */
export async function deleteSeriesEdition(db: Database, seriesId: string, language: string): Promise<boolean> {
  const rows = await db
    .delete(seriesEditions)
    .where(and(eq(seriesEditions.seriesId, seriesId), eq(seriesEditions.language, language)))
    .returning({ language: seriesEditions.language });
  return rows.length > 0;
}
