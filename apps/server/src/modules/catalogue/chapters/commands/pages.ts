import { isChapterOut, type TeamChapter } from '@inkwell/contract';
import { AppError } from '../../../../lib/app-error';
import { PAGE_MAX_WIDTH, PAGE_SLICE_ABOVE, type StoredImage } from '../../../platform/media';
import type { ChaptersDeps } from '../chapters.deps';
import { updateChapter } from '../chapters.repository';
import { ensureChapterEdition } from '../editions/chapter-editions.repository';
import { announceIfReadable, requireEdition } from '../editions/editions';
import { appendPages, deleteChapterPages, deletePage, languageOfPage, pageIdsOfChapter, setPageOrder } from '../pages.repository';
import { requireChapter, teamChapter } from '../queries/team-chapters';
import { forgetUnused } from './after-write';

/** An uploaded file, read when its turn comes (pages are processed one at a time). */
export interface UploadedFile {
  name: string;
  read(): Promise<Buffer>;
}

/** Reads, checks, encodes and stores each file before reading the next; if any fails, none is kept. */
async function storePages(
  { images }: Pick<ChaptersDeps, 'images'>,
  id: string,
  files: AsyncIterable<UploadedFile> | Iterable<UploadedFile>,
) {
  const stored: StoredImage[] = [];
  try {
    for await (const file of files) {
      const bytes = await file.read();
      const subject = file.name || 'image';
      stored.push(
        ...(await images.processAndStore(
          `pages/${id}`,
          bytes,
          { maxWidth: PAGE_MAX_WIDTH, sliceAbove: PAGE_SLICE_ABOVE },
          subject,
        )),
      );
    }
    if (stored.length === 0) {
      throw new AppError('validation_failed', 'apiErrors.catalogue.chooseImage', {
        fields: { files: 'apiErrors.catalogue.chooseImage' },
      });
    }
  } catch (error) {
    await images.forget(stored.map((image) => image.key));
    throw error;
  }
  return stored;
}

/**
 * Adds pages in the order given (or replaces them all), to the original or, with `language`, to
 * the chapter's translation in one of its series' editions (issue 35 §2). Each file is read,
 * checked, encoded and stored before the next is read, so memory holds one image at a time; if
 * any fails, nothing is kept.
 */
export async function addPages(
  deps: ChaptersDeps,
  id: string,
  files: AsyncIterable<UploadedFile> | Iterable<UploadedFile>,
  options: { replace?: boolean; language?: string } = {},
) {
  const { db, clock, images, events } = deps;
  const { chapter, seriesType } = await requireChapter(deps, id);
  const language = options.language ?? null;
  if (language !== null) await requireEdition(deps, chapter.seriesId, language);
  if (seriesType !== 'comic') throw new AppError('validation_failed', 'apiErrors.catalogue.novelHasNoPages');
  const stored = await storePages(deps, id, files);
  let replaced: string[] = [];
  try {
    await db.transaction(async (tx) => {
      if (language !== null) await ensureChapterEdition(tx, id, language);
      if (options.replace) replaced = await deleteChapterPages(tx, id, language);
      await appendPages(
        tx,
        id,
        stored.map((image) => ({ imageKey: image.key, width: image.width, height: image.height })),
        language,
      );
      await updateChapter(tx, id, { updatedAt: clock.now() });
    });
  } catch (error) {
    await images.forget(stored.map((image) => image.key));
    throw error;
  }
  events.publish({ type: 'chapter.changed', seriesId: chapter.seriesId, chapterId: id });
  if (language !== null) await announceIfReadable(deps, chapter, language);
  await forgetUnused(deps, replaced);
  return { chapter: await teamChapter(deps, id), added: stored.length };
}

/** Puts a chapter's pages in the order given: every page of it (of the original, or of one translation), each once. */
export async function reorderPages(deps: ChaptersDeps, id: string, pageIds: string[]): Promise<TeamChapter> {
  const { chapter } = await requireChapter(deps, id);
  const language = (await languageOfPage(deps.db, id, pageIds[0]!)) ?? null;
  const known = new Set(await pageIdsOfChapter(deps.db, id, language));
  if (
    pageIds.length !== known.size ||
    new Set(pageIds).size !== pageIds.length ||
    !pageIds.every((pageId) => known.has(pageId))
  ) {
    throw new AppError('validation_failed', 'apiErrors.catalogue.everyPageOnce', {
      fields: { pageIds: 'apiErrors.catalogue.everyPageOnce' },
    });
  }
  await setPageOrder(deps.db, id, pageIds, language);
  deps.events.publish({ type: 'chapter.changed', seriesId: chapter.seriesId, chapterId: id });
  return teamChapter(deps, id);
}

/** Takes a page out of a chapter, and its image out of storage unless another chapter shows it. */
export async function removePage(deps: ChaptersDeps, id: string, pageId: string): Promise<TeamChapter> {
  const { chapter } = await requireChapter(deps, id);
  // A translation's last page may go (its readers then get the original's pages).
  const isOriginal = (await languageOfPage(deps.db, id, pageId)) === null;
  // A scheduled chapter would otherwise go out empty at its time: its last page stays until it is a draft again.
  if (isOriginal && chapter.publishedAt && (await pageIdsOfChapter(deps.db, id)).length <= 1) {
    const message = !isChapterOut(chapter, deps.clock.now())
      ? 'apiErrors.catalogue.lastPageScheduled'
      : 'apiErrors.catalogue.lastPagePublished';
    throw new AppError('validation_failed', message, { fields: { pages: message } });
  }
  const key = await deletePage(deps.db, id, pageId);
  if (!key) throw new AppError('not_found', 'apiErrors.catalogue.pageNotFound');
  deps.events.publish({ type: 'chapter.changed', seriesId: chapter.seriesId, chapterId: id });
  await forgetUnused(deps, [key]);
  return teamChapter(deps, id);
}
