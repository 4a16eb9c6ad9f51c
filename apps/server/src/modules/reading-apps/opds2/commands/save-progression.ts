import type { Database } from '../../../../db/client';
import type { DeviceKeyReader, DeviceKeysService } from '../../../identity/device-keys';
import type { DownloadsService } from '../../downloads';
import type { LibraryService } from '../../../reading/library';
import { readableChapter } from '../queries/chapter-files';
import { progressionOf } from '../queries/progression';

/** A progression document as an app sends it (OPDS Progression 1.0). */
export interface ProgressionInput {
  modified: string;
  device: { id: string; name: string };
  progression: number;
  references?: string[] | undefined;
}

/**
 * An app's progression: kept when it is newer than the reader's place (whoever wrote that),
 * and the place as it then stands is the answer either way.
 */
export async function saveProgression(
  deps: { db: Database; library: LibraryService; downloads: DownloadsService; deviceKeys: DeviceKeysService },
  chapterId: string,
  reader: DeviceKeyReader,
  input: ProgressionInput,
) {
  const viewer = await deps.deviceKeys.viewerFor(reader);
  const { chapter, pages } = await readableChapter(deps, chapterId, viewer);
  const comic = chapter.series.type === 'comic';
  const referenced = input.references
    ?.map((ref) => /\/pages\/(\d+)(?:$|[?#])|#page=(\d+)/.exec(ref))
    .find((match) => match !== null);
  const place = comic
    ? {
        page: referenced
          ? Math.min(referenced[1] !== undefined ? Number(referenced[1]) + 1 : Number(referenced[2]), pages.length)
          : Math.min(Math.floor(input.progression * pages.length) + 1, pages.length),
        completed: input.progression >= 1,
      }
    : { position: input.progression, completed: input.progression >= 1 };
  // The app's own device keeps its place too (issue 39 §1), as the progression document names it.
  const device = { id: input.device.id, name: input.device.name, app: 'opds2' as const };
  await deps.library.placeFromApp(viewer, chapter.id, place, new Date(input.modified), device);
  return progressionOf(deps, reader.userId, chapter.id, chapter.series.type, pages.length);
}
