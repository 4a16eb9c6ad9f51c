import type { ReaderSettings, readerSettingsPatchSchema, SeriesReaderSettings } from '@inkwell/contract';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { findSeriesListing } from '../../catalogue/series';
import {
  clearSeriesReaderSettings,
  findReaderSettings,
  findSeriesReaderSettings,
  type ReaderSettingsRow,
  saveReaderSettings,
  saveSeriesReaderSettings,
} from './reader-settings.repository';

export interface ReaderSettingsDeps {
  db: Database;
  clock: Clock;
}

const NO_CHOICE: SeriesReaderSettings = { mode: null, direction: null, fit: null };

function toReaderSettings(row: ReaderSettingsRow | undefined, series: SeriesReaderSettings | null): ReaderSettings {
  return {
    comic: row?.comic ?? {},
    novel: row?.novel ?? {},
    series,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/**
 * Settings that travel (issue 39 §2): a reader's comic and novel settings in their account, and
 * their own choice per series. Only ever the caller's own: every call takes the session's user.
 */
export function createReaderSettingsService({ db, clock }: ReaderSettingsDeps) {
  async function requireSeries(seriesId: string) {
    if (!(await findSeriesListing(db, seriesId))) throw new AppError('series_not_found', 'apiErrors.seriesNotFound');
  }

  return {
    /** The account's settings, with one series' own choice when asked (the reader opening it). */
    async get(userId: string, seriesId?: string): Promise<ReaderSettings> {
      const [row, series] = await Promise.all([
        findReaderSettings(db, userId),
        seriesId ? findSeriesReaderSettings(db, userId, seriesId) : undefined,
      ]);
      return toReaderSettings(row, seriesId ? (series ?? NO_CHOICE) : null);
    },

    async save(userId: string, settings: z.output<typeof readerSettingsPatchSchema>, replace: boolean) {
      return toReaderSettings(await saveReaderSettings(db, userId, settings, { replace, now: clock.now() }), null);
    },

    async seriesChoice(userId: string, seriesId: string): Promise<SeriesReaderSettings> {
      await requireSeries(seriesId);
      return (await findSeriesReaderSettings(db, userId, seriesId)) ?? NO_CHOICE;
    },

    async saveSeriesChoice(userId: string, seriesId: string, choice: Partial<SeriesReaderSettings>) {
      await requireSeries(seriesId);
      return saveSeriesReaderSettings(db, userId, seriesId, choice, clock.now());
    },

    /** Back to the series' defaults and the reader's general choice. */
    async clearSeriesChoice(userId: string, seriesId: string): Promise<SeriesReaderSettings> {
      await clearSeriesReaderSettings(db, userId, seriesId);
      return NO_CHOICE;
    },
  };
}
export type ReaderSettingsService = ReturnType<typeof createReaderSettingsService>;
