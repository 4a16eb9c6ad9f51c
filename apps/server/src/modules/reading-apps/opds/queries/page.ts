import type { Database } from '../../../../db/client';
import { AppError } from '../../../../lib/app-error';
import { canReadChapter } from '../../../identity/access';
import type { CatalogueService } from '../../../catalogue/catalogue';
import { pagesOfChapter } from '../../../catalogue/chapters';
import type { DeviceKeysService } from '../../../identity/device-keys';
import { storedAppImage } from '../../downloads';
import type { LibraryService } from '../../../reading/library';
import type { MediaStorage } from '../../../platform/media';
import type { OpdsReader, OpdsSite } from '../opds.format';
import { findChapterRef } from '../opds.repository';

/**
 * A page of a comic chapter as JPEG (or PNG when it has transparency), at most `maxWidth`
 * wide, for a reader who may read it; numbered from 0. Reading it moves the key's reader's
 * place forward (never back), and the last page marks the chapter read.
 */
export async function chapterPage(
  deps: OpdsSite & {
    db: Database;
    catalogue: CatalogueService;
    library: LibraryService;
    storage: MediaStorage;
    deviceKeys: DeviceKeysService;
  },
  chapterId: string,
  index: number,
  maxWidth: number | undefined,
  reader: OpdsReader,
) {
  const { db, clock, publicUrl, catalogue, library, storage } = deps;
  const ref = await findChapterRef(db, chapterId);
  if (!ref || ref.seriesType !== 'comic') throw new AppError('chapter_not_found', 'apiErrors.chapterNotFound');
  const viewer = await deps.deviceKeys.viewerFor(reader);
  const content = await catalogue.chapter(ref.seriesSlug, ref.slug, viewer);
  if (!canReadChapter(content.chapter.access, viewer)) {
    throw new AppError('chapter_locked', 'apiErrors.readingApps.chapterLocked', {
      values: { url: `${publicUrl}/SeriesView/${ref.seriesSlug}/${ref.slug}` },
    });
  }
  const pages = await pagesOfChapter(db, ref.id);
  const page = pages[index];
  if (!page) throw new AppError('not_found', 'apiErrors.readingApps.pagesRange', { values: { last: pages.length - 1 } });
  const image = await storedAppImage(storage, page, maxWidth);
  if (!image) throw new AppError('not_found', 'apiErrors.readingApps.pageImageMissing');
  if (reader && viewer.userId) {
    const isLast = index === pages.length - 1;
    // The key names the device (issue 39 §1): its own place is kept beside the merged one, which
    // lastRead goes on answering.
    const device = { id: reader.keyId, name: reader.keyName, app: 'opds' as const };
    await library.mergeProgress(
      viewer,
      [{ chapterId: ref.id, page: index + 1, completed: isLast, readAt: clock.now().toISOString() }],
      device,
    );
  }
  return { body: image.body, type: image.type };
}
