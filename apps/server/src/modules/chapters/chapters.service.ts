import { DEFAULT_PREVIEW_PAGES, DEFAULT_PREVIEW_PERCENT } from '@inkwell/contract';
import type { chapterInputSchema, chapterPatchSchema, TeamChapter, TeamChapterRow } from '@inkwell/contract';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { conflictOnDuplicate } from '../../lib/db-errors';
import { sanitizeNovelHtml } from '../../lib/sanitize';
import { chapterSlugFor } from '../../lib/slug';
import {
  chapterPrefix,
  type ImageStore,
  type MediaStorage,
  PAGE_MAX_WIDTH,
  PAGE_SLICE_ABOVE,
  type StoredImage,
  type UrlSigner,
} from '../media';
import { type AuditContext, recordAuditEntry } from '../audit';
import { findSeriesById, refreshLastChapterAt } from '../series';
import { chapterChanges } from './chapters.audit';
import { toTeamChapter, toTeamChapterRow } from './chapters.presenter';
import {
  deleteChapter,
  findChapterWithSeriesType,
  insertChapter,
  lockChapterWithSeriesType,
  teamChaptersOf,
  updateChapter,
  type ChapterRow,
  type NewChapter,
} from './chapters.repository';
import {
  appendPages,
  deleteChapterPages,
  deletePage,
  imageKeysInUse,
  pageIdsOfChapter,
  pagesOfChapter,
  setPageOrder,
} from './pages.repository';
import type { Publishing } from './publishing';
import type { EventPublisher } from '../../lib/domain-events';

export interface ChaptersServiceDeps {
  db: Database;
  clock: Clock;
  storage: MediaStorage;
  signer: UrlSigner;
  images: ImageStore;
  publishing: Publishing;
  /** Tells every instance a chapter changed, after the change commits. */
  events: EventPublisher;
}

/** An uploaded file, read when its turn comes (pages are processed one at a time). */
export interface UploadedFile {
  name: string;
  read(): Promise<Buffer>;
}

/** Whether a novel chapter's (sanitized) text holds any words: markup and spaces alone are empty. */
export function hasReadableText(html: string | null | undefined): boolean {
  return (
    (html ?? '')
      .replace(/<[^>]*>/g, ' ')
      .replace(/&nbsp;|&#160;/g, ' ')
      .trim().length > 0
  );
}

/**
 * Issue 33 §5: a chapter goes out, now or at its scheduled time, only with something to read — a
 * comic with at least one page, a novel with its text. A comic is therefore created as a draft.
 */
function refuseEmptyRelease(seriesType: 'comic' | 'novel', pageCount: number, content: string | null) {
  if (seriesType === 'comic' && pageCount === 0) {
    const message = 'Add at least one page before publishing or scheduling this chapter (save it as a draft first)';
    throw new AppError('validation_failed', message, { fields: { publishedAt: message } });
  }
  if (seriesType === 'novel' && !hasReadableText(content)) {
    const message = 'Write the chapter’s text before publishing or scheduling it';
    throw new AppError('validation_failed', message, { fields: { content: message } });
  }
}

const onlyNovelsHaveText = () =>
  new AppError('validation_failed', 'Only novel chapters have text', { fields: { content: 'Only novel chapters have text' } });

/**
 * What an edit writes to a chapter, worked out from the chapter as it is (locked by the caller),
 * or refused: text on a comic, a free date on a free chapter, a release with nothing to read.
 */
async function editOf(
  tx: Transaction,
  { chapter, seriesType }: { chapter: ChapterRow; seriesType: 'comic' | 'novel' },
  patch: z.output<typeof chapterPatchSchema>,
  now: Date,
): Promise<Partial<NewChapter>> {
  if (patch.content !== undefined && seriesType !== 'novel') throw onlyNovelsHaveText();
  const price = patch.price ?? chapter.price;
  // A renumbered chapter keeps a matching address unless its slug was chosen by hand.
  const slug =
    patch.slug ??
    (patch.number !== undefined && chapter.slug === chapterSlugFor(chapter.number) ? chapterSlugFor(patch.number) : chapter.slug);
  const freeAt = patch.freeAt === undefined ? chapter.freeAt : patch.freeAt ? new Date(patch.freeAt) : null;
  if (freeAt && price === 0) {
    throw new AppError('validation_failed', 'A free date only applies to a priced chapter', {
      fields: { freeAt: 'A free date only applies to a priced chapter' },
    });
  }
  const values: Partial<NewChapter> = { price, freeAt, updatedAt: now };
  if (patch.number !== undefined) values.number = patch.number;
  if (patch.title !== undefined) values.title = patch.title;
  if (slug !== chapter.slug) values.slug = slug;
  if (patch.publishedAt !== undefined) values.publishedAt = patch.publishedAt ? new Date(patch.publishedAt) : null;
  if (patch.content !== undefined) values.content = sanitizeNovelHtml(patch.content);
  const publishedAt = values.publishedAt === undefined ? chapter.publishedAt : values.publishedAt;
  // Checked when the patch speaks of the release or the text, so an old empty chapter can still be made a draft.
  if (publishedAt && (patch.publishedAt !== undefined || patch.content !== undefined)) {
    const pageCount = seriesType === 'comic' ? (await pageIdsOfChapter(tx, chapter.id)).length : 0;
    refuseEmptyRelease(seriesType, pageCount, values.content === undefined ? chapter.content : values.content);
  }
  if (patch.previewPages !== undefined) values.previewPages = patch.previewPages;
  if (patch.previewPercent !== undefined) values.previewPercent = patch.previewPercent;
  return values;
}

/** Chapters and their pages, for the team. */
export function createChaptersService({ db, clock, storage, signer, images, publishing, events }: ChaptersServiceDeps) {
  async function requireChapter(id: string) {
    const row = await findChapterWithSeriesType(db, id);
    if (!row) throw new AppError('chapter_not_found', 'Chapter not found');
    return row;
  }

  async function getChapter(id: string): Promise<TeamChapter> {
    const { chapter, seriesType } = await requireChapter(id);
    return toTeamChapter(chapter, seriesType, await pagesOfChapter(db, id), signer, clock.now());
  }

  /** After a chapter write: a chapter that is out now is released (once), the series' latest date is kept true, every instance told. */
  async function changed(seriesId: string, chapterId: string) {
    await publishing.publishDue();
    await refreshLastChapterAt(db, [seriesId], clock.now());
    events.publish({ type: 'chapter.changed', seriesId, chapterId });
  }

  /** Deletes stored pages that no chapter shows any more, with their variants. */
  async function forgetUnused(keys: string[]) {
    const inUse = await imageKeysInUse(db, keys);
    await images.forget(keys.filter((key) => !inUse.has(key)));
  }

  return {
    getChapter,

    async chapterRows(seriesId: string): Promise<TeamChapterRow[]> {
      const now = clock.now();
      return (await teamChaptersOf(db, seriesId)).map((row) => toTeamChapterRow(row, now));
    },

    async createChapter(seriesId: string, input: z.output<typeof chapterInputSchema>): Promise<TeamChapter> {
      const parent = await findSeriesById(db, seriesId);
      if (!parent) throw new AppError('series_not_found', 'Series not found');
      if (input.content !== undefined && parent.type !== 'novel') throw onlyNovelsHaveText();
      const slug = input.slug ?? chapterSlugFor(input.number);
      const content = parent.type === 'novel' ? sanitizeNovelHtml(input.content ?? '') : null;
      if (input.publishedAt) refuseEmptyRelease(parent.type, 0, content);
      let id: string;
      try {
        id = await insertChapter(db, {
          seriesId,
          number: input.number,
          slug,
          title: input.title,
          publishedAt: input.publishedAt ? new Date(input.publishedAt) : null,
          price: input.price,
          freeAt: input.freeAt ? new Date(input.freeAt) : null,
          content,
          previewPages: input.previewPages ?? (input.price > 0 ? DEFAULT_PREVIEW_PAGES : 0),
          previewPercent: input.previewPercent ?? (input.price > 0 ? DEFAULT_PREVIEW_PERCENT : 0),
        });
      } catch (error) {
        // Said in the editor's terms (issue 21 §1): the number they typed, unless they chose the address.
        throw input.slug
          ? conflictOnDuplicate(error, 'slug', `This series already has a chapter at ${slug}`)
          : conflictOnDuplicate(error, 'number', `This series already has a chapter ${input.number}`);
      }
      await changed(seriesId, id);
      return getChapter(id);
    },

    /**
     * Saves a team member's edit, worked out from the chapter as it is locked in the edit's
     * transaction. With `audit` (a team call), its entry names the fields changed, read there too,
     * so a concurrent edit is never counted as this one.
     */
    async updateChapter(id: string, patch: z.output<typeof chapterPatchSchema>, audit?: AuditContext): Promise<TeamChapter> {
      let chapter: ChapterRow;
      try {
        chapter = await db.transaction(async (tx) => {
          const locked = await lockChapterWithSeriesType(tx, id);
          if (!locked) throw new AppError('chapter_not_found', 'Chapter not found');
          const now = clock.now();
          await updateChapter(tx, id, await editOf(tx, locked, patch, now));
          if (audit) {
            const after = (await findChapterWithSeriesType(tx, id))!.chapter;
            await recordAuditEntry(tx, audit, { changes: chapterChanges(locked.chapter, after, now) });
          }
          return locked.chapter;
        });
      } catch (error) {
        throw patch.slug === undefined && patch.number !== undefined
          ? conflictOnDuplicate(error, 'number', `This series already has a chapter ${patch.number}`)
          : conflictOnDuplicate(error, 'slug', 'This series already has a chapter with this slug');
      }
      await changed(chapter.seriesId, id);
      return getChapter(id);
    },

    async deleteChapter(id: string) {
      const { chapter } = await requireChapter(id);
      await deleteChapter(db, id);
      await refreshLastChapterAt(db, [chapter.seriesId], clock.now());
      events.publish({ type: 'chapter.changed', seriesId: chapter.seriesId, chapterId: id });
      // Its pages and every copy made of them (app page copies, built files) live under its prefix.
      await storage.deletePrefix(chapterPrefix(id));
    },

    /**
     * Adds pages in the order given (or replaces them all). Each file is read, checked, encoded and
     * stored before the next is read, so memory holds one image at a time; if any fails, nothing
     * is kept.
     */
    async addPages(id: string, files: AsyncIterable<UploadedFile> | Iterable<UploadedFile>, options: { replace?: boolean } = {}) {
      const { chapter, seriesType } = await requireChapter(id);
      if (seriesType !== 'comic') throw new AppError('validation_failed', 'Novel chapters have text, not pages');
      const stored: StoredImage[] = [];
      try {
        for await (const file of files) {
          const bytes = await file.read();
          const label = file.name || 'An image';
          stored.push(
            ...(await images.processAndStore(
              `pages/${id}`,
              bytes,
              { maxWidth: PAGE_MAX_WIDTH, sliceAbove: PAGE_SLICE_ABOVE },
              label,
            )),
          );
        }
        if (stored.length === 0) {
          throw new AppError('validation_failed', 'Choose at least one image', {
            fields: { files: 'Choose at least one image' },
          });
        }
      } catch (error) {
        await images.forget(stored.map((image) => image.key));
        throw error;
      }
      let replaced: string[] = [];
      try {
        await db.transaction(async (tx) => {
          if (options.replace) replaced = await deleteChapterPages(tx, id);
          await appendPages(
            tx,
            id,
            stored.map((image) => ({ imageKey: image.key, width: image.width, height: image.height })),
          );
          await updateChapter(tx, id, { updatedAt: clock.now() });
        });
      } catch (error) {
        await images.forget(stored.map((image) => image.key));
        throw error;
      }
      events.publish({ type: 'chapter.changed', seriesId: chapter.seriesId, chapterId: id });
      await forgetUnused(replaced);
      return { chapter: await getChapter(id), added: stored.length };
    },

    async reorderPages(id: string, pageIds: string[]): Promise<TeamChapter> {
      const { chapter } = await requireChapter(id);
      const known = new Set(await pageIdsOfChapter(db, id));
      if (
        pageIds.length !== known.size ||
        new Set(pageIds).size !== pageIds.length ||
        !pageIds.every((pageId) => known.has(pageId))
      ) {
        throw new AppError('validation_failed', 'Give every page of this chapter exactly once', {
          fields: { pageIds: 'Give every page of this chapter exactly once' },
        });
      }
      await setPageOrder(db, id, pageIds);
      events.publish({ type: 'chapter.changed', seriesId: chapter.seriesId, chapterId: id });
      return getChapter(id);
    },

    async removePage(id: string, pageId: string): Promise<TeamChapter> {
      const { chapter } = await requireChapter(id);
      // A scheduled chapter would otherwise go out empty at its time: its last page stays until it is a draft again.
      if (chapter.publishedAt && (await pageIdsOfChapter(db, id)).length <= 1) {
        const message =
          chapter.publishedAt > clock.now()
            ? 'A scheduled chapter keeps at least one page: add the new pages first, or make it a draft'
            : 'A published chapter keeps at least one page: add the new pages first, or make it a draft';
        throw new AppError('validation_failed', message, { fields: { pages: message } });
      }
      const key = await deletePage(db, id, pageId);
      if (!key) throw new AppError('not_found', 'Page not found');
      events.publish({ type: 'chapter.changed', seriesId: chapter.seriesId, chapterId: id });
      await forgetUnused([key]);
      return getChapter(id);
    },
  };
}
export type ChaptersService = ReturnType<typeof createChaptersService>;
