import type { Database } from '../../../../db/client';
import type { DeviceKeyReader, DeviceKeysService } from '../../../identity/device-keys';
import type { DownloadsService } from '../../downloads';
import type { LibraryService } from '../../../reading/library';
import { chapterBase } from '../opds2.format';
import { readableChapter } from './chapter-files';

/** An OPDS 2 app's own device id as it sent it; another app's or a browser's as a URN of ours. */
const deviceUrn = (device: { app: string; id: string }) =>
  device.app === 'opds2' ? device.id : `urn:inkwell:device:${device.app}:${encodeURIComponent(device.id)}`;

/** The reader's place in a chapter as a progression document, naming the device that wrote it; null when they have none. */
export async function progressionOf(
  { library }: { library: LibraryService },
  userId: string,
  chapterId: string,
  kind: 'comic' | 'novel',
  pageCount: number,
) {
  const place = await library.placeOf(userId, chapterId);
  if (!place) return null;
  const device = await library.placeDeviceOf(userId, chapterId, place);
  const base = chapterBase(chapterId);
  const page =
    kind === 'comic' && pageCount > 0
      ? Math.min(place.page ?? Math.floor((place.position ?? 0) * pageCount) + 1, pageCount)
      : null;
  return {
    modified: place.readAt.toISOString(),
    // The device that wrote the place last (issue 39 §1); Inkwell itself for a place none named.
    device: device ? { id: deviceUrn(device), name: device.name } : { id: 'urn:inkwell:reading-place', name: 'Inkwell' },
    progression: page === null ? (place.position ?? (place.completed ? 1 : 0)) : (page - 1) / pageCount,
    ...(page === null ? {} : { references: [`${base}/pages/${page - 1}`] }),
  };
}

/** The key's reader's place in a chapter they may read, or null when they have none. */
export async function chapterProgression(
  deps: { db: Database; library: LibraryService; downloads: DownloadsService; deviceKeys: DeviceKeysService },
  chapterId: string,
  reader: DeviceKeyReader,
) {
  const viewer = await deps.deviceKeys.viewerFor(reader);
  const { chapter, pages } = await readableChapter(deps, chapterId, viewer);
  return progressionOf(deps, reader.userId, chapter.id, chapter.series.type, pages.length);
}
