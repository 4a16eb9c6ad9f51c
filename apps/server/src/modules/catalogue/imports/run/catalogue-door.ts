import {
  chapterInputSchema,
  chapterPatchSchema,
  type CreditInput,
  seriesInputSchema,
  seriesPatchSchema,
} from '@inkwell/contract';
import type { z } from 'zod';
import type { Database } from '../../../../db/client';
import { AppError, isValidationId } from '../../../../lib/app-error';
import { isUniqueViolation } from '../../../../lib/db-errors';
import type { createChaptersService } from '../../chapters';
import type { createGenresService } from '../../genres';
import { chapterImportHashes, recordChapterImportHash } from '../../chapters';
import { findSeriesById, findSeriesBySlug, recordSeriesImportHash, type createSeriesService, type SeriesRow } from '../../series';
import type { PlannedCredit } from '../plan';
import type { ExistingSeries, ImportCatalogue, SeriesWrite } from './catalogue';

export interface CatalogueServices {
  series: Pick<ReturnType<typeof createSeriesService>, 'createSeries' | 'updateSeries' | 'setCover'>;
  chapters: Pick<
    ReturnType<typeof createChaptersService>,
    'chapterRows' | 'createChapter' | 'updateChapter' | 'addPages' | 'deleteChapter'
  >;
  genres: Pick<ReturnType<typeof createGenresService>, 'listGenres' | 'createGenre'>;
}

/** A genre's name as the genres' form takes it (60 characters); a series has 20 at most. */
const GENRE_NAME_MAX = 60;
const GENRES_MAX = 20;

/** The contract's schema applied to what the files say: its defaults, and its rules as a failed item's reason. */
function parsed<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const message = issue?.message;
  if (isValidationId(message)) throw new AppError('validation_failed', message);
  throw new AppError('validation_failed', 'apiErrors.importRuns.invalid');
}

const creditsOf = (credits: PlannedCredit[]): CreditInput[] =>
  credits.map((credit) => ({ role: credit.role, name: credit.name.trim().slice(0, 120), userId: null }));

/** The series' older author and artist fields (search and lists read them), from its credits. */
const namesOf = (credits: PlannedCredit[], role: PlannedCredit['role']) =>
  credits
    .filter((credit) => credit.role === role)
    .map((credit) => credit.name.trim())
    .join(', ')
    .slice(0, 120);

function seriesFieldsOf(fields: SeriesWrite) {
  const { type: _type, isPublished: _published, credits, ...rest } = fields;
  return {
    ...rest,
    credits: creditsOf(credits),
    author: namesOf(credits, 'writer'),
    artist: namesOf(credits, 'artist'),
  };
}

/**
 * The runner's catalogue, answered by the owners: series, chapters and genres through their
 * services (the dashboard's own writes: checks, covers and pages through the image pipeline,
 * events, the release), lookups through their front doors. What each item's last import wrote
 * (its digest) is kept on the series' and chapters' own rows, by their owners.
 */
export function importCatalogue(db: Database, { series, chapters, genres }: CatalogueServices): ImportCatalogue {
  const existing = (row: SeriesRow | undefined): ExistingSeries | null =>
    row ? { id: row.id, title: row.title, type: row.type, hasCover: row.coverKey !== null, importHash: row.importHash } : null;

  return {
    seriesById: async (id) => existing(await findSeriesById(db, id)),
    seriesBySlug: async (slug) => existing(await findSeriesBySlug(db, slug)),

    async genreIds(names) {
      const wanted = [
        ...new Map(
          names
            .map((name) => name.trim().slice(0, GENRE_NAME_MAX))
            .filter(Boolean)
            .map((name) => [name.toLowerCase(), name]),
        ).values(),
      ].slice(0, GENRES_MAX);
      const known = async () => new Map((await genres.listGenres()).map((genre) => [genre.name.toLowerCase(), genre.id]));
      let byName = await known();
      for (const name of wanted) {
        if (byName.has(name.toLowerCase())) continue;
        try {
          const genre = await genres.createGenre(name);
          byName.set(genre.name.toLowerCase(), genre.id);
        } catch (error) {
          // Made at the same moment by another import or the team: it is there now.
          if (!(error instanceof AppError && error.code === 'conflict') && !isUniqueViolation(error)) throw error;
          byName = await known();
        }
      }
      return wanted.flatMap((name) => byName.get(name.toLowerCase()) ?? []);
    },

    async createSeries(slug, fields) {
      const input = parsed(seriesInputSchema, {
        ...seriesFieldsOf(fields),
        type: fields.type,
        slug,
        isPublished: fields.isPublished ?? false,
      });
      return (await series.createSeries(input)).id;
    },
    async updateSeries(id, fields) {
      await series.updateSeries(id, parsed(seriesPatchSchema, seriesFieldsOf(fields)));
    },
    async setCover(id, bytes) {
      await series.setCover(id, bytes);
    },

    async chaptersOf(seriesId) {
      const [rows, digests] = await Promise.all([chapters.chapterRows(seriesId), chapterImportHashes(db, seriesId)]);
      return rows.map((row) => ({
        id: row.id,
        number: row.number,
        publishedAt: row.publishedAt,
        importHash: digests.get(row.id) ?? null,
      }));
    },
    async createChapter(seriesId, fields) {
      const input = parsed(chapterInputSchema, { ...fields, credits: creditsOf(fields.credits) });
      return (await chapters.createChapter(seriesId, input)).id;
    },
    async updateChapter(id, fields) {
      const patch = parsed(chapterPatchSchema, { ...fields, ...(fields.credits ? { credits: creditsOf(fields.credits) } : {}) });
      await chapters.updateChapter(id, patch);
    },
    async replacePages(id, pages) {
      await chapters.addPages(id, pages, { replace: true });
    },
    async deleteChapter(id) {
      await chapters.deleteChapter(id);
    },
    async recordDigest(kind, id, hash) {
      await (kind === 'series' ? recordSeriesImportHash(db, id, hash) : recordChapterImportHash(db, id, hash));
    },
  };
}
