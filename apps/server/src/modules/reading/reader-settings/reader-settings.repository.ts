import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AccountComicSettings, AccountNovelSettings, SeriesReaderSettings } from '@inkwell/contract';
import type { Database } from '../../../db/client';
import { readerSettings, seriesReaderSettings } from '../../../db/schema';

export type ReaderSettingsRow = typeof readerSettings.$inferSelect;
type SeriesChoice = Partial<SeriesReaderSettings>;

export async function findReaderSettings(db: Database, userId: string): Promise<ReaderSettingsRow | undefined> {
  const [row] = await db.select().from(readerSettings).where(eq(readerSettings.userId, userId));
  return row;
}

/**
 * Keeps a reader's settings in one statement: `replace` (PUT) writes them whole; otherwise (PATCH)
 * the keys sent are merged over the stored ones (jsonb `||`), so two tabs' changes never drop each other's.
 */
export async function saveReaderSettings(
  db: Database,
  userId: string,
  settings: { comic?: AccountComicSettings | undefined; novel?: AccountNovelSettings | undefined },
  options: { replace: boolean; now: Date },
): Promise<ReaderSettingsRow> {
  const comic = settings.comic ?? {};
  const novel = settings.novel ?? {};
  const merge = (column: AnyPgColumn, value: object) =>
    options.replace ? sql`${JSON.stringify(value)}::jsonb` : sql`${column} || ${JSON.stringify(value)}::jsonb`;
  const [row] = await db
    .insert(readerSettings)
    .values({ userId, comic, novel, updatedAt: options.now })
    .onConflictDoUpdate({
      target: readerSettings.userId,
      set: { comic: merge(readerSettings.comic, comic), novel: merge(readerSettings.novel, novel), updatedAt: options.now },
    })
    .returning();
  return row!;
}

export async function findSeriesReaderSettings(db: Database, userId: string, seriesId: string) {
  const [row] = await db
    .select({ mode: seriesReaderSettings.mode, direction: seriesReaderSettings.direction, fit: seriesReaderSettings.fit })
    .from(seriesReaderSettings)
    .where(and(eq(seriesReaderSettings.userId, userId), eq(seriesReaderSettings.seriesId, seriesId)));
  return row;
}

/** Sets the keys given of a reader's choice for a series (null clears one), the others as they were. */
export async function saveSeriesReaderSettings(
  db: Database,
  userId: string,
  seriesId: string,
  choice: SeriesChoice,
  now: Date,
): Promise<SeriesReaderSettings> {
  const [row] = await db
    .insert(seriesReaderSettings)
    .values({ userId, seriesId, ...choice, updatedAt: now })
    .onConflictDoUpdate({
      target: [seriesReaderSettings.userId, seriesReaderSettings.seriesId],
      set: { ...choice, updatedAt: now },
    })
    .returning({ mode: seriesReaderSettings.mode, direction: seriesReaderSettings.direction, fit: seriesReaderSettings.fit });
  return row!;
}

export async function clearSeriesReaderSettings(db: Database, userId: string, seriesId: string): Promise<void> {
  await db
    .delete(seriesReaderSettings)
    .where(and(eq(seriesReaderSettings.userId, userId), eq(seriesReaderSettings.seriesId, seriesId)));
}
