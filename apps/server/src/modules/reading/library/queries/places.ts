import type { LibraryDeps } from '../library.deps';
import { placesOfChapter, webDeviceId } from '../places.repository';

/**
 * Each device's place in a chapter for its reader (ME/chapters/{id}/places, issue 39 §1), the
 * newest first, with which one is the browser asking. Only the reader's own rows are read.
 */
export async function chapterPlaces({ db }: Pick<LibraryDeps, 'db'>, userId: string, chapterId: string, deviceId?: string) {
  const rows = await placesOfChapter(db, userId, chapterId);
  const own = deviceId === undefined ? null : webDeviceId(deviceId);
  return {
    items: rows.map((row) => ({
      deviceName: row.deviceName,
      app: row.app,
      page: row.page,
      position: row.position,
      updatedAt: row.updatedAt.toISOString(),
      isThisDevice: row.deviceId === own,
    })),
  };
}

/**
 * The device that wrote the merged place, as OPDS 2 progression names it: the newest device
 * place that is where the merged one is; null when none is (a place from before issue 39, a
 * browser that sent no id, a visitor's progress merged on sign-in).
 */
export async function placeDeviceOf(
  { db }: Pick<LibraryDeps, 'db'>,
  userId: string,
  chapterId: string,
  merged: { page: number | null; position: number | null },
) {
  const rows = await placesOfChapter(db, userId, chapterId);
  const writer = rows.find((row) => row.page === merged.page && row.position === merged.position);
  // The id as the device sent it (stored after its app's name), so an app knows its own place.
  return writer ? { app: writer.app, id: writer.deviceId.slice(writer.app.length + 1), name: writer.deviceName } : null;
}
