import type { Database } from '../../../../db/client';
import type { DeviceKeyReader, DeviceKeysService } from '../../../identity/device-keys';
import type { DownloadsService } from '../../downloads';
import type { LibraryService } from '../../../reading/library';
import { chapterBase } from '../opds2.format';
import { readableChapter } from './chapter-files';

/** The reader's place in a chapter as a progression document, or null when they have none. */
export async function progressionOf(
  { library }: { library: LibraryService },
  userId: string,
  chapterId: string,
  kind: 'comic' | 'novel',
  pageCount: number,
) {
  const place = await library.placeOf(userId, chapterId);
  if (!place) return null;
  const base = chapterBase(chapterId);
  const page =
    kind === 'comic' && pageCount > 0
      ? Math.min(place.page ?? Math.floor((place.position ?? 0) * pageCount) + 1, pageCount)
      : null;
  return {
    modified: place.readAt.toISOString(),
    device: { id: 'urn:inkwell:reading-place', name: 'Inkwell' },
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
