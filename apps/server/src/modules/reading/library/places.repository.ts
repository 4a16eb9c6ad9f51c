import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { readingPlaces } from '../../../db/schema';

export type PlaceRow = typeof readingPlaces.$inferSelect;
type PlaceApp = PlaceRow['app'];

/** The device a place was written from (issue 39 §1): stable per device, named as its reader would know it. */
export interface PlaceDevice {
  id: string;
  name: string;
  app: PlaceApp;
}

/** The longest device name kept: KOReader and OPDS apps name themselves. */
const NAME_MAX = 120;

/**
 * One device's place in a chapter, kept beside the merged one (the caller writes both in one
 * transaction). A write older than the one kept for that device (an OPDS app's clock) changes nothing.
 */
export async function recordPlace(
  db: Database,
  userId: string,
  chapterId: string,
  device: PlaceDevice,
  place: { page: number | null; position: number | null },
  at: Date,
): Promise<void> {
  if (place.page === null && place.position === null) return;
  const values = {
    userId,
    chapterId,
    deviceId: `${device.app}:${device.id}`.slice(0, 200),
    deviceName: device.name.trim().slice(0, NAME_MAX) || device.app,
    app: device.app,
    page: place.page,
    position: place.position,
    updatedAt: at,
  };
  await db
    .insert(readingPlaces)
    .values(values)
    .onConflictDoUpdate({
      target: [readingPlaces.userId, readingPlaces.chapterId, readingPlaces.deviceId],
      set: {
        deviceName: sql`excluded.device_name`,
        page: sql`excluded.page`,
        position: sql`excluded.position`,
        updatedAt: sql`excluded.updated_at`,
      },
      setWhere: sql`excluded.updated_at >= ${readingPlaces.updatedAt}`,
    });
}

/** Each device's place in one chapter for a reader, the newest first (the primary key's index). */
export function placesOfChapter(db: Database, userId: string, chapterId: string): Promise<PlaceRow[]> {
  return db
    .select()
    .from(readingPlaces)
    .where(and(eq(readingPlaces.userId, userId), eq(readingPlaces.chapterId, chapterId)))
    .orderBy(desc(readingPlaces.updatedAt), readingPlaces.deviceId);
}

/** The stored id of a device as the web reader names it. */
export const webDeviceId = (id: string) => `web:${id}`;
