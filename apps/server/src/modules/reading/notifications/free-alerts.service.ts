import type { FastifyBaseLogger } from 'fastify';
import { isChapterForSale, isChapterOut } from '@inkwell/contract';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import {
  addFreeAlert,
  hasPendingFreeAlert,
  notifyFreedChapters,
  removeFreeAlert,
  notifyReadyPasses,
  pendingPassAlert,
  removePassAlert,
  upsertPassAlert,
} from './free-alerts.repository';
import { findChapterTerms } from '../../catalogue/chapters';
import { findSeriesById } from '../../catalogue/series';
import { latestRentals, passAvailableAt } from '../../money/wallet';

/** "Notify me when free" on an early-access chapter (issue 9 §2): one notification when it turns free. */
export function createFreeAlerts(deps: { db: Database; clock: Clock; logger: FastifyBaseLogger }) {
  const { db, clock } = deps;

  return {
    /** Only an early-access chapter (out, priced, free later) takes an alert; an unseen one is not found. */
    async watch(userId: string, chapterId: string): Promise<{ chapterId: string; notify: boolean }> {
      const now = clock.now();
      const chapter = await findChapterTerms(db, chapterId);
      if (!chapter?.seriesIsPublished || !isChapterOut(chapter, now)) {
        throw new AppError('chapter_not_found', 'apiErrors.chapterNotFound');
      }
      if (!isChapterForSale(chapter, now)) {
        throw new AppError('validation_failed', 'apiErrors.reading.alreadyFree');
      }
      if (!chapter.freeAt) throw new AppError('validation_failed', 'apiErrors.reading.notEarlyAccess');
      await addFreeAlert(db, userId, chapterId, now);
      return { chapterId, notify: true };
    },

    async unwatch(userId: string, chapterId: string): Promise<{ chapterId: string; notify: boolean }> {
      await removeFreeAlert(db, userId, chapterId);
      return { chapterId, notify: false };
    },

    async isWatching(userId: string, chapterId: string): Promise<{ chapterId: string; notify: boolean }> {
      return { chapterId, notify: await hasPendingFreeAlert(db, userId, chapterId) };
    },

    /** The schedule's work: notifies, once, everyone whose chapter turned free or whose pass is back. Returns how many. */
    async notifyFreed(): Promise<number> {
      const now = clock.now();
      const notified = (await notifyFreedChapters(db, now)) + (await notifyReadyPasses(db, now));
      if (notified > 0) deps.logger.info({ notified }, 'free-chapter and pass alerts sent');
      return notified;
    },

    /**
     * "Notify me when my pass is back": due when the reader's pass of the series recharges; refused
     * where the series has no pass or the pass is ready now.
     */
    async watchPass(userId: string, seriesId: string) {
      const now = clock.now();
      const series = await findSeriesById(db, seriesId);
      if (!series?.isPublished) throw new AppError('series_not_found', 'apiErrors.seriesNotFound');
      if (series.waitPassIntervalHours === null) throw new AppError('validation_failed', 'apiErrors.reading.noPass');
      const at = passAvailableAt(series, (await latestRentals(db, userId, seriesId)).waitPass, now);
      if (at <= now) throw new AppError('validation_failed', 'apiErrors.reading.passReady');
      await upsertPassAlert(db, userId, seriesId, at, now);
      return { seriesId, notify: true, at: at.toISOString() };
    },

    async unwatchPass(userId: string, seriesId: string) {
      await removePassAlert(db, userId, seriesId);
      return { seriesId, notify: false, at: null };
    },

    async isWatchingPass(userId: string, seriesId: string) {
      const at = await pendingPassAlert(db, userId, seriesId);
      return { seriesId, notify: at !== null, at: at?.toISOString() ?? null };
    },
  };
}
export type FreeAlerts = ReturnType<typeof createFreeAlerts>;
