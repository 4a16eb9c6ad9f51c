import type {
  seriesInputSchema,
  seriesPatchSchema,
  TeamChapterRow,
  TeamSeries,
  teamSeriesListQuerySchema,
} from '@inkwell/contract';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import { pageInfo } from '../../../db/sql';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { conflictOnDuplicate } from '../../../lib/db-errors';
import { slugify } from '../../../lib/slug';
import { type AuditContext, recordAuditEntry } from '../../team/audit';
import { countKnownGenres, genresOfSeries, replaceSeriesGenres } from '../genres';
import { COVER_MAX_WIDTH, type ImageStore, type MediaStorage } from '../../platform/media';
import { seriesChanges } from './series.audit';
import { toTeamSeries, toTeamSeriesRow } from './series.presenter';
import { insertSeries } from './commands/series';
import { checkCreditUsers, setSeriesCredits } from './commands/credits';
import { seriesCreditsOf } from './queries/credits';
import { findSeriesEdition } from './queries/editions';
import { findSeriesById } from './queries/series';
import { deleteSeries, listTeamSeries, lockSeriesById, slugsLike, updateSeries } from './series.repository';
import type { EventPublisher } from '../../../lib/domain-events';

export interface SeriesServiceDeps {
  db: Database;
  clock: Clock;
  storage: MediaStorage;
  images: ImageStore;
  /** The team's view of a series' chapters (from the chapters service). */
  chapterRows: (seriesId: string) => Promise<TeamChapterRow[]>;
  /** Tells every instance a series changed, after the change commits. */
  events: EventPublisher;
}

const SLUG_TAKEN = 'apiErrors.catalogue.seriesSlugTaken';

/**
 * The form's fields as the series row's columns: `readerDefaults` (issue 39 §2) is the row's
 * reading_mode and reading_direction; its direction wins over a `readingDirection` sent beside it.
 */
function seriesColumns<T extends { readerDefaults?: { mode?: 'strip' | 'paged' | null; direction?: 'ltr' | 'rtl' } }>(fields: T) {
  const { readerDefaults, ...rest } = fields;
  return {
    ...rest,
    ...(readerDefaults?.mode !== undefined && { readingMode: readerDefaults.mode }),
    ...(readerDefaults?.direction !== undefined && { readingDirection: readerDefaults.direction }),
  };
}

/** Series (with their covers and genres), for the team. */
export function createSeriesService({ db, clock, storage, images, chapterRows, events }: SeriesServiceDeps) {
  async function uniqueSlug(base: string): Promise<string> {
    const used = await slugsLike(db, base);
    if (!used.has(base)) return base;
    for (let n = 2; ; n += 1) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  async function checkGenres(ids: string[]) {
    if ((await countKnownGenres(db, ids)) !== new Set(ids).size) {
      throw new AppError('validation_failed', 'apiErrors.catalogue.unknownGenre', {
        fields: { genreIds: 'apiErrors.catalogue.unknownGenre' },
      });
    }
  }

  async function requireSeries(id: string) {
    const row = await findSeriesById(db, id);
    if (!row) throw new AppError('series_not_found', 'apiErrors.seriesNotFound');
    return row;
  }

  async function getSeries(id: string): Promise<TeamSeries> {
    const row = await requireSeries(id);
    const [genres, chapters, credits] = await Promise.all([genresOfSeries(db, id), chapterRows(id), seriesCreditsOf(db, id)]);
    return toTeamSeries(row, genres, chapters, credits);
  }

  return {
    getSeries,

    /** The team's list; `onlyIds`: a series' team member's, only the series whose team they are on. */
    async listSeries(query: z.output<typeof teamSeriesListQuerySchema>, onlyIds?: readonly string[]) {
      const { rows, total } = await listTeamSeries(db, query.q, query.page, query.perPage, onlyIds);
      return {
        items: rows.map(({ row, chapterCount }) => toTeamSeriesRow(row, chapterCount)),
        pagination: pageInfo(query.page, query.perPage, total),
      };
    },

    async createSeries(input: z.output<typeof seriesInputSchema>): Promise<TeamSeries> {
      await checkGenres(input.genreIds);
      await checkCreditUsers(db, input.credits);
      const slug = input.slug ?? (await uniqueSlug(slugify(input.title)));
      const { genreIds, credits, ...fields } = input;
      let id: string;
      try {
        id = await db.transaction(async (tx) => {
          const created = await insertSeries(tx, { ...seriesColumns(fields), slug });
          await replaceSeriesGenres(tx, created, genreIds);
          await setSeriesCredits(tx, created, credits);
          return created;
        });
      } catch (error) {
        throw conflictOnDuplicate(error, 'slug', SLUG_TAKEN);
      }
      events.publish({ type: 'series.changed', seriesId: id });
      return getSeries(id);
    },

    /**
     * Saves a team member's edit. With `audit` (a team call), its entry names the fields changed,
     * read before and after the edit in its transaction with the series locked, so a concurrent
     * edit is never counted as this one.
     */
    async updateSeries(id: string, patch: z.output<typeof seriesPatchSchema>, audit?: AuditContext): Promise<TeamSeries> {
      await requireSeries(id);
      if (patch.genreIds) await checkGenres(patch.genreIds);
      if (patch.credits) await checkCreditUsers(db, patch.credits);
      const { genreIds, credits, ...fields } = patch;
      try {
        await db.transaction(async (tx) => {
          const row = await lockSeriesById(tx, id);
          if (!row) throw new AppError('series_not_found', 'apiErrors.seriesNotFound');
          // The original's language cannot be one a translated edition has: that edition could no longer be read.
          const language = fields.originalLanguage;
          if (language && language !== row.originalLanguage && (await findSeriesEdition(tx, id, language))) {
            const reason = 'apiErrors.editions.originalHasEdition';
            throw new AppError('conflict', reason, { fields: { originalLanguage: reason } });
          }
          const before = {
            row,
            genres: audit ? await genresOfSeries(tx, id) : [],
            credits: audit ? await seriesCreditsOf(tx, id) : [],
          };
          await updateSeries(tx, id, { ...seriesColumns(fields), updatedAt: clock.now() });
          if (genreIds) await replaceSeriesGenres(tx, id, genreIds);
          if (credits) await setSeriesCredits(tx, id, credits);
          if (!audit) return;
          const after = {
            row: (await findSeriesById(tx, id))!,
            genres: await genresOfSeries(tx, id),
            credits: await seriesCreditsOf(tx, id),
          };
          await recordAuditEntry(tx, audit, { changes: seriesChanges(before, after) });
        });
      } catch (error) {
        throw conflictOnDuplicate(error, 'slug', SLUG_TAKEN);
      }
      events.publish({ type: 'series.changed', seriesId: id });
      return getSeries(id);
    },

    async deleteSeries(id: string) {
      await requireSeries(id);
      const chapterIds = (await chapterRows(id)).map((chapter) => chapter.id);
      const row = await deleteSeries(db, id);
      events.publish({ type: 'series.changed', seriesId: id });
      // Each chapter owns the files under its prefix (pages and their variants).
      await Promise.allSettled([
        images.forget([row?.coverKey]),
        ...chapterIds.map((chapterId) => storage.deletePrefix(`pages/${chapterId}`)),
      ]);
    },

    async setCover(id: string, bytes: Buffer): Promise<TeamSeries> {
      const row = await requireSeries(id);
      const [image] = await images.processAndStore(`covers/${id}`, bytes, { maxWidth: COVER_MAX_WIDTH }, 'cover');
      if (!image) throw new AppError('validation_failed', 'apiErrors.coverUnreadable');
      await updateSeries(db, id, {
        coverKey: image.key,
        coverWidth: image.width,
        coverHeight: image.height,
        updatedAt: clock.now(),
      });
      events.publish({ type: 'series.changed', seriesId: id });
      await images.forget([row.coverKey]);
      return getSeries(id);
    },
  };
}
export type SeriesService = ReturnType<typeof createSeriesService>;
