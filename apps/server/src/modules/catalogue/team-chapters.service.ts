import type { TeamChapter, TeamChapterRow } from '@inkwell/contract';
import type { chapterInputSchema, chapterPatchSchema } from '@inkwell/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { chapterPages, chapters, series } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { PAGE_MAX_WIDTH, PAGE_SLICE_ABOVE, processImage, type ProcessedImage } from '../media/images';
import { chapterAccess, type Viewer } from './access';
import { mediaUrl } from './catalogue.presenter';
import { findSeriesById, refreshLastChapterAt } from './catalogue.repository';
import { sanitizeNovelHtml } from './sanitize';
import { chapterSlugFor, conflictOnDuplicate, type ImageStore, type TeamDeps } from './team-shared';

/** The team sees every chapter as an editor would: nothing is locked to them. */
const TEAM_VIEWER: Viewer = {
  role: 'editor',
  hasPremiumPass: false,
  unlocked: new Set(),
};

/** Chapters and their pages, for the team. */
export function createTeamChapters({ db, clock, storage, signer, onChange }: TeamDeps, { store, forget }: ImageStore) {
  async function requireSeries(id: string) {
    const row = await findSeriesById(db, id);
    if (!row) throw new AppError('not_found', 'Series not found');
    return row;
  }

  async function requireChapter(id: string) {
    const [row] = await db
      .select({ chapter: chapters, seriesType: series.type })
      .from(chapters)
      .innerJoin(series, eq(series.id, chapters.seriesId))
      .where(eq(chapters.id, id))
      .limit(1);
    if (!row) throw new AppError('not_found', 'Chapter not found');
    return row;
  }

  function chapterState(publishedAt: Date | null, now: Date): TeamChapterRow['state'] {
    if (!publishedAt) return 'draft';
    return publishedAt > now ? 'scheduled' : 'published';
  }

  async function chapterRows(seriesId: string): Promise<TeamChapterRow[]> {
    const now = clock.now();
    const rows = await db
      .select({
        id: chapters.id,
        slug: chapters.slug,
        number: chapters.number,
        title: chapters.title,
        publishedAt: chapters.publishedAt,
        price: chapters.price,
        freeAt: chapters.freeAt,
        // Written out in full: in a select list drizzle leaves the outer column unqualified.
        pageCount: sql<number>`(select count(*)::int from chapter_pages p where p.chapter_id = chapters.id)`,
      })
      .from(chapters)
      .where(eq(chapters.seriesId, seriesId))
      .orderBy(desc(chapters.number));
    return rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      number: row.number,
      title: row.title,
      publishedAt: row.publishedAt?.toISOString() ?? null,
      price: row.price,
      freeAt: row.freeAt?.toISOString() ?? null,
      access: chapterAccess(row, TEAM_VIEWER, now),
      state: chapterState(row.publishedAt, now),
      pageCount: row.pageCount,
    }));
  }

  async function getChapter(id: string): Promise<TeamChapter> {
    const { chapter, seriesType } = await requireChapter(id);
    const pages = await db.select().from(chapterPages).where(eq(chapterPages.chapterId, id)).orderBy(asc(chapterPages.position));
    const now = clock.now();
    return {
      id: chapter.id,
      seriesId: chapter.seriesId,
      seriesType,
      slug: chapter.slug,
      number: chapter.number,
      title: chapter.title,
      publishedAt: chapter.publishedAt?.toISOString() ?? null,
      price: chapter.price,
      freeAt: chapter.freeAt?.toISOString() ?? null,
      access: chapterAccess(chapter, TEAM_VIEWER, now),
      state: chapterState(chapter.publishedAt, now),
      pageCount: pages.length,
      content: chapter.content,
      // Pages are only ever served through signed URLs, to the team as to readers.
      pages: pages.map((page) => ({
        id: page.id,
        url: signer.sign(mediaUrl(page.imageKey), now),
        width: page.width,
        height: page.height,
      })),
    };
  }

  const changed = async (seriesId: string) => {
    await refreshLastChapterAt(db, [seriesId], clock.now());
    onChange();
  };

  return {
    chapterRows,
    getChapter,

    async createChapter(seriesId: string, input: z.output<typeof chapterInputSchema>): Promise<TeamChapter> {
      const parent = await requireSeries(seriesId);
      if (input.content !== undefined && parent.type !== 'novel') {
        throw new AppError('validation_failed', 'Only novel chapters have text', {
          fields: { content: 'Only novel chapters have text' },
        });
      }
      const slug = input.slug ?? chapterSlugFor(input.number);
      try {
        const [row] = await db
          .insert(chapters)
          .values({
            seriesId,
            number: input.number,
            slug,
            title: input.title,
            publishedAt: input.publishedAt ? new Date(input.publishedAt) : null,
            price: input.price,
            freeAt: input.freeAt ? new Date(input.freeAt) : null,
            content: parent.type === 'novel' ? sanitizeNovelHtml(input.content ?? '') : null,
          })
          .returning({ id: chapters.id });
        if (!row) throw new Error('insert returned nothing');
        await changed(seriesId);
        return getChapter(row.id);
      } catch (error) {
        throw conflictOnDuplicate(error, 'slug', `This series already has a chapter at ${slug}`);
      }
    },

    async updateChapter(id: string, patch: z.output<typeof chapterPatchSchema>): Promise<TeamChapter> {
      const { chapter, seriesType } = await requireChapter(id);
      if (patch.content !== undefined && seriesType !== 'novel') {
        throw new AppError('validation_failed', 'Only novel chapters have text', {
          fields: { content: 'Only novel chapters have text' },
        });
      }
      const price = patch.price ?? chapter.price;
      // A renumbered chapter keeps a matching address unless its slug was chosen by hand.
      const slug =
        patch.slug ??
        (patch.number !== undefined && chapter.slug === chapterSlugFor(chapter.number)
          ? chapterSlugFor(patch.number)
          : chapter.slug);
      const freeAt = patch.freeAt === undefined ? chapter.freeAt : patch.freeAt ? new Date(patch.freeAt) : null;
      if (freeAt && price === 0) {
        throw new AppError('validation_failed', 'A free date only applies to a priced chapter', {
          fields: { freeAt: 'A free date only applies to a priced chapter' },
        });
      }
      try {
        await db
          .update(chapters)
          .set({
            ...(patch.number !== undefined ? { number: patch.number } : {}),
            ...(patch.title !== undefined ? { title: patch.title } : {}),
            ...(slug !== chapter.slug ? { slug } : {}),
            ...(patch.publishedAt !== undefined
              ? {
                  publishedAt: patch.publishedAt ? new Date(patch.publishedAt) : null,
                }
              : {}),
            ...(patch.content !== undefined ? { content: sanitizeNovelHtml(patch.content) } : {}),
            price,
            freeAt,
            updatedAt: clock.now(),
          })
          .where(eq(chapters.id, id));
      } catch (error) {
        throw conflictOnDuplicate(error, 'slug', 'This series already has a chapter with this slug');
      }
      await changed(chapter.seriesId);
      return getChapter(id);
    },

    async deleteChapter(id: string) {
      const { chapter } = await requireChapter(id);
      await db.delete(chapters).where(eq(chapters.id, id));
      await changed(chapter.seriesId);
      await storage.deletePrefix(`pages/${id}`);
    },

    /** Appends pages in the order given. All are checked and encoded before any is kept. */
    async addPages(
      id: string,
      files: { name: string; bytes: Buffer }[],
      options: { replace?: boolean } = {},
    ): Promise<TeamChapter> {
      const { seriesType } = await requireChapter(id);
      if (seriesType !== 'comic') throw new AppError('validation_failed', 'Novel chapters have text, not pages');
      if (files.length === 0)
        throw new AppError('validation_failed', 'Choose at least one image', {
          fields: { files: 'Choose at least one image' },
        });
      const images: ProcessedImage[] = [];
      for (const file of files) {
        images.push(
          ...(await processImage(
            file.bytes,
            { maxWidth: PAGE_MAX_WIDTH, sliceAbove: PAGE_SLICE_ABOVE },
            file.name || 'An image',
          )),
        );
      }
      const keys = await store(`pages/${id}`, images);
      let oldKeys: string[] = [];
      try {
        await db.transaction(async (tx) => {
          if (options.replace) {
            oldKeys = (
              await tx.delete(chapterPages).where(eq(chapterPages.chapterId, id)).returning({ key: chapterPages.imageKey })
            ).map((r) => r.key);
          }
          const [last] = await tx
            .select({ max: sql<number | null>`max(${chapterPages.position})` })
            .from(chapterPages)
            .where(eq(chapterPages.chapterId, id));
          const start = (last?.max ?? -1) + 1;
          await tx.insert(chapterPages).values(
            images.map((image, index) => ({
              chapterId: id,
              position: start + index,
              imageKey: keys[index]!,
              width: image.width,
              height: image.height,
            })),
          );
          await tx.update(chapters).set({ updatedAt: clock.now() }).where(eq(chapters.id, id));
        });
      } catch (error) {
        await forget(keys);
        throw error;
      }
      onChange();
      await forget(oldKeys);
      return getChapter(id);
    },

    async reorderPages(id: string, pageIds: string[]): Promise<TeamChapter> {
      await requireChapter(id);
      const current = await db.select({ id: chapterPages.id }).from(chapterPages).where(eq(chapterPages.chapterId, id));
      const known = new Set(current.map((page) => page.id));
      if (
        pageIds.length !== known.size ||
        new Set(pageIds).size !== pageIds.length ||
        !pageIds.every((pageId) => known.has(pageId))
      ) {
        throw new AppError('validation_failed', 'Give every page of this chapter exactly once', {
          fields: { pageIds: 'Give every page of this chapter exactly once' },
        });
      }
      await db.transaction(async (tx) => {
        const cases = sql.join(
          pageIds.map((pageId, index) => sql`when ${pageId}::uuid then ${index}::int`),
          sql` `,
        );
        await tx
          .update(chapterPages)
          .set({ position: sql`case ${chapterPages.id} ${cases} end` })
          .where(eq(chapterPages.chapterId, id));
      });
      onChange();
      return getChapter(id);
    },

    async removePage(id: string, pageId: string): Promise<TeamChapter> {
      const [removed] = await db
        .delete(chapterPages)
        .where(and(eq(chapterPages.id, pageId), eq(chapterPages.chapterId, id)))
        .returning({ key: chapterPages.imageKey });
      if (!removed) throw new AppError('not_found', 'Page not found');
      onChange();
      await forget([removed.key]);
      return getChapter(id);
    },
  };
}
