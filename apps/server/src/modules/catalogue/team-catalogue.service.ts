import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { TeamBanner, TeamChapter, TeamChapterRow, TeamSeries, TeamSeriesRow } from '@inkwell/contract';
import {
  type bannerInputSchema,
  type bannerPatchSchema,
  type chapterInputSchema,
  type chapterPatchSchema,
  type seriesInputSchema,
  type seriesPatchSchema,
  type teamSeriesListQuerySchema,
} from '@inkwell/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { banners, chapterPages, chapters, genres, series, seriesGenres } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AvifQueue } from '../media/avif-queue';
import {
  BANNER_MAX_WIDTH,
  COVER_MAX_WIDTH,
  PAGE_MAX_WIDTH,
  PAGE_SLICE_ABOVE,
  processImage,
  type ProcessedImage,
} from '../media/images';
import type { UrlSigner } from '../media/signed-urls';
import type { MediaStorage } from '../media/storage';
import { chapterAccess, type Viewer } from './access';
import { coverOf, mediaUrl, toGenre, toImage } from './catalogue.presenter';
import { findSeriesById, genresOfSeries, refreshLastChapterAt } from './catalogue.repository';
import { sanitizeNovelHtml } from './sanitize';

/** The team sees every chapter as an editor would: nothing is locked to them. */
const TEAM_VIEWER: Viewer = {
  role: 'editor',
  hasPremiumPass: false,
  unlocked: new Set(),
};

export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
  return slug || 'series';
}

export const chapterSlugFor = (number: number) => `chapter-${String(number).replace('.', '-')}`;

const isUniqueViolation = (error: unknown) => {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
};

interface Deps {
  db: Database;
  clock: Clock;
  storage: MediaStorage;
  signer: UrlSigner;
  avif: AvifQueue;
  /** Clears the public caches after a change. */
  onChange: () => void;
}

/** The team's side of the catalogue: series, chapters, pages, genres and banners. */
export function createTeamCatalogueService({ db, clock, storage, signer, avif, onChange }: Deps) {
  async function store(prefix: string, images: ProcessedImage[]): Promise<string[]> {
    const keys: string[] = [];
    for (const image of images) {
      const key = `${prefix}/${randomUUID()}.webp`;
      await storage.put(key, image.data, 'image/webp');
      avif.enqueue(key, image.data);
      keys.push(key);
    }
    return keys;
  }
  const forget = (keys: (string | null | undefined)[]) =>
    Promise.allSettled(
      keys
        .filter((key): key is string => Boolean(key))
        .flatMap((key) => [storage.delete(key), storage.delete(key.replace(/\.webp$/, '.avif'))]),
    );

  async function uniqueSeriesSlug(base: string, exceptId?: string): Promise<string> {
    const taken = await db
      .select({ slug: series.slug })
      .from(series)
      .where(
        and(or(eq(series.slug, base), sql`${series.slug} like ${`${base}-%`}`), exceptId ? ne(series.id, exceptId) : undefined),
      );
    const used = new Set(taken.map((row) => row.slug));
    if (!used.has(base)) return base;
    for (let n = 2; ; n += 1) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  async function checkGenres(ids: string[]) {
    if (ids.length === 0) return;
    const found = await db.select({ id: genres.id }).from(genres).where(inArray(genres.id, ids));
    if (found.length !== new Set(ids).size)
      throw new AppError('validation_failed', 'Unknown genre', {
        fields: { genreIds: 'Unknown genre' },
      });
  }

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

  async function getSeries(id: string): Promise<TeamSeries> {
    const row = await requireSeries(id);
    const [seriesGenreRows, chapterList] = await Promise.all([genresOfSeries(db, id), chapterRows(id)]);
    return {
      id: row.id,
      slug: row.slug,
      type: row.type,
      title: row.title,
      alternativeNames: row.alternativeNames,
      description: row.description,
      status: row.status,
      author: row.author,
      artist: row.artist,
      releaseYear: row.releaseYear,
      isAdult: row.isAdult,
      isPublished: row.isPublished,
      cover: coverOf(row),
      genres: seriesGenreRows.map(toGenre),
      chapters: chapterList,
    };
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
    async listSeries(query: z.output<typeof teamSeriesListQuerySchema>) {
      const where = query.q
        ? or(ilike(series.title, `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`), eq(series.slug, query.q.toLowerCase()))
        : undefined;
      const [rows, [count]] = await Promise.all([
        db
          .select({
            row: series,
            chapterCount: sql<number>`(select count(*)::int from chapters c where c.series_id = series.id)`,
          })
          .from(series)
          .where(where)
          .orderBy(sql`${series.updatedAt} desc nulls last`, asc(series.id))
          .limit(query.perPage)
          .offset((query.page - 1) * query.perPage),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(series)
          .where(where),
      ]);
      const total = count?.total ?? 0;
      const items: TeamSeriesRow[] = rows.map(({ row, chapterCount }) => ({
        id: row.id,
        slug: row.slug,
        type: row.type,
        title: row.title,
        status: row.status,
        isPublished: row.isPublished,
        cover: coverOf(row),
        chapterCount,
        updatedAt: row.updatedAt.toISOString(),
      }));
      return {
        items,
        pagination: {
          page: query.page,
          perPage: query.perPage,
          total,
          totalPages: Math.max(1, Math.ceil(total / query.perPage)),
        },
      };
    },

    getSeries,

    async createSeries(input: z.output<typeof seriesInputSchema>): Promise<TeamSeries> {
      await checkGenres(input.genreIds);
      const slug = input.slug ?? (await uniqueSeriesSlug(slugify(input.title)));
      const { genreIds, ...fields } = input;
      try {
        const id = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(series)
            .values({ ...fields, slug })
            .returning({ id: series.id });
          if (!row) throw new Error('insert returned nothing');
          if (genreIds.length > 0)
            await tx.insert(seriesGenres).values(
              [...new Set(genreIds)].map((genreId) => ({
                seriesId: row.id,
                genreId,
              })),
            );
          return row.id;
        });
        onChange();
        return getSeries(id);
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError('conflict', 'Another series already uses this slug', {
            fields: { slug: 'Another series already uses this slug' },
          });
        throw error;
      }
    },

    async updateSeries(id: string, patch: z.output<typeof seriesPatchSchema>): Promise<TeamSeries> {
      await requireSeries(id);
      if (patch.genreIds) await checkGenres(patch.genreIds);
      const { genreIds, ...fields } = patch;
      try {
        await db.transaction(async (tx) => {
          await tx
            .update(series)
            .set({ ...fields, updatedAt: clock.now() })
            .where(eq(series.id, id));
          if (genreIds) {
            await tx.delete(seriesGenres).where(eq(seriesGenres.seriesId, id));
            if (genreIds.length > 0)
              await tx.insert(seriesGenres).values(
                [...new Set(genreIds)].map((genreId) => ({
                  seriesId: id,
                  genreId,
                })),
              );
          }
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError('conflict', 'Another series already uses this slug', {
            fields: { slug: 'Another series already uses this slug' },
          });
        throw error;
      }
      onChange();
      return getSeries(id);
    },

    async deleteSeries(id: string) {
      const row = await requireSeries(id);
      const chapterIds = (await db.select({ id: chapters.id }).from(chapters).where(eq(chapters.seriesId, id))).map((c) => c.id);
      await db.delete(series).where(eq(series.id, id));
      onChange();
      await Promise.allSettled([
        forget([row.coverKey]),
        ...chapterIds.map((chapterId) => storage.deletePrefix(`pages/${chapterId}`)),
        // The demo content's shared pages.
        storage.deletePrefix(`pages/demo-${id}`),
      ]);
    },

    async setCover(id: string, bytes: Buffer): Promise<TeamSeries> {
      const row = await requireSeries(id);
      const [image] = await processImage(bytes, { maxWidth: COVER_MAX_WIDTH }, 'The cover');
      if (!image) throw new AppError('validation_failed', 'The cover could not be read');
      const [key] = await store(`covers/${id}`, [image]);
      await db
        .update(series)
        .set({
          coverKey: key,
          coverWidth: image.width,
          coverHeight: image.height,
          updatedAt: clock.now(),
        })
        .where(eq(series.id, id));
      onChange();
      await forget([row.coverKey]);
      return getSeries(id);
    },

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
        if (isUniqueViolation(error)) {
          throw new AppError('conflict', `This series already has a chapter at ${slug}`, {
            fields: { slug: `This series already has a chapter at ${slug}` },
          });
        }
        throw error;
      }
    },

    getChapter,

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
        if (isUniqueViolation(error))
          throw new AppError('conflict', 'This series already has a chapter with this slug', {
            fields: {
              slug: 'This series already has a chapter with this slug',
            },
          });
        throw error;
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
      const { chapter, seriesType } = await requireChapter(id);
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
      void chapter;
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

    async listGenres() {
      return (await db.select().from(genres).orderBy(asc(genres.name))).map(toGenre);
    },

    async createGenre(name: string) {
      try {
        const [row] = await db
          .insert(genres)
          .values({ name, slug: slugify(name) })
          .returning();
        onChange();
        return toGenre(row!);
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError('conflict', 'This genre already exists', {
            fields: { name: 'This genre already exists' },
          });
        throw error;
      }
    },

    async renameGenre(id: string, name: string) {
      try {
        const [row] = await db
          .update(genres)
          .set({ name, slug: slugify(name) })
          .where(eq(genres.id, id))
          .returning();
        if (!row) throw new AppError('not_found', 'Genre not found');
        onChange();
        return toGenre(row);
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError('conflict', 'This genre already exists', {
            fields: { name: 'This genre already exists' },
          });
        throw error;
      }
    },

    async deleteGenre(id: string) {
      const [row] = await db.delete(genres).where(eq(genres.id, id)).returning({ id: genres.id });
      if (!row) throw new AppError('not_found', 'Genre not found');
      onChange();
    },

    async listBanners(): Promise<TeamBanner[]> {
      return (await db.select().from(banners).orderBy(asc(banners.position), desc(banners.createdAt))).map(toTeamBanner);
    },

    async createBanner(input: z.output<typeof bannerInputSchema>): Promise<TeamBanner> {
      const [row] = await db
        .insert(banners)
        .values({
          ...input,
          startsAt: input.startsAt ? new Date(input.startsAt) : null,
          endsAt: input.endsAt ? new Date(input.endsAt) : null,
        })
        .returning();
      onChange();
      return toTeamBanner(row!);
    },

    async updateBanner(id: string, patch: z.output<typeof bannerPatchSchema>): Promise<TeamBanner> {
      const [current] = await db.select().from(banners).where(eq(banners.id, id));
      if (!current) throw new AppError('not_found', 'Banner not found');
      const startsAt = patch.startsAt === undefined ? current.startsAt : patch.startsAt ? new Date(patch.startsAt) : null;
      const endsAt = patch.endsAt === undefined ? current.endsAt : patch.endsAt ? new Date(patch.endsAt) : null;
      if (startsAt && endsAt && startsAt >= endsAt) {
        throw new AppError('validation_failed', 'The end must come after the start', {
          fields: { endsAt: 'The end must come after the start' },
        });
      }
      const [row] = await db
        .update(banners)
        .set({ ...patch, startsAt, endsAt })
        .where(eq(banners.id, id))
        .returning();
      onChange();
      return toTeamBanner(row!);
    },

    async setBannerImage(id: string, bytes: Buffer): Promise<TeamBanner> {
      const [current] = await db.select().from(banners).where(eq(banners.id, id));
      if (!current) throw new AppError('not_found', 'Banner not found');
      const [image] = await processImage(bytes, { maxWidth: BANNER_MAX_WIDTH }, 'The banner image');
      const [key] = await store(`banners/${id}`, [image!]);
      const [row] = await db
        .update(banners)
        .set({
          imageKey: key,
          imageWidth: image!.width,
          imageHeight: image!.height,
        })
        .where(eq(banners.id, id))
        .returning();
      onChange();
      await forget([current.imageKey]);
      return toTeamBanner(row!);
    },

    async deleteBanner(id: string) {
      const [row] = await db.delete(banners).where(eq(banners.id, id)).returning();
      if (!row) throw new AppError('not_found', 'Banner not found');
      onChange();
      await forget([row.imageKey]);
    },
  };
}
export type TeamCatalogueService = ReturnType<typeof createTeamCatalogueService>;

function toTeamBanner(row: typeof banners.$inferSelect): TeamBanner {
  return {
    id: row.id,
    title: row.title,
    link: row.link,
    position: row.position,
    isActive: row.isActive,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    image: toImage(row.imageKey, row.imageWidth, row.imageHeight),
  };
}
