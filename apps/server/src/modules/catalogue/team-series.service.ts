import type { TeamChapterRow, TeamSeries, TeamSeriesRow } from '@inkwell/contract';
import type { seriesInputSchema, seriesPatchSchema, teamSeriesListQuerySchema } from '@inkwell/contract';
import { and, asc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { chapters, genres, series, seriesGenres } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { COVER_MAX_WIDTH, processImage } from '../media/images';
import { coverOf, toGenre } from './catalogue.presenter';
import { findSeriesById, genresOfSeries } from './catalogue.repository';
import { conflictOnDuplicate, slugify, type ImageStore, type TeamDeps } from './team-shared';

/** Series (with their covers and genres), for the team. */
export function createTeamSeries(
  { db, clock, storage, onChange }: TeamDeps,
  { store, forget }: ImageStore,
  chapterRows: (seriesId: string) => Promise<TeamChapterRow[]>,
) {
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
        throw conflictOnDuplicate(error, 'slug', 'Another series already uses this slug');
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
        throw conflictOnDuplicate(error, 'slug', 'Another series already uses this slug');
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
  };
}
