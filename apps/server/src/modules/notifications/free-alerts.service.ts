import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import {
  addFreeAlert,
  findChapterForAlert,
  hasPendingFreeAlert,
  notifyFreedChapters,
  removeFreeAlert,
} from './free-alerts.repository';

/** "Notify me when free" on an early-access chapter (issue 9 §2): one notification when it turns free. */
export function createFreeAlerts(deps: { db: Database; clock: Clock; logger: FastifyBaseLogger }) {
  const { db, clock } = deps;

  return {
    /** Only an early-access chapter (out, priced, free later) takes an alert; an unseen one is not found. */
    async watch(userId: string, chapterId: string): Promise<{ chapterId: string; notify: boolean }> {
      const now = clock.now();
      const chapter = await findChapterForAlert(db, chapterId);
      if (!chapter?.isSeriesPublished || !chapter.publishedAt || chapter.publishedAt > now) {
        throw new AppError('chapter_not_found', 'Chapter not found');
      }
      if (chapter.price === 0 || (chapter.freeAt && chapter.freeAt <= now)) {
        throw new AppError('validation_failed', 'This chapter is already free to read');
      }
      if (!chapter.freeAt)
        throw new AppError('validation_failed', 'This chapter is not in early access: it has no date when it becomes free');
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

    /** The schedule's work: notifies, once, everyone whose chapter turned free. Returns how many. */
    async notifyFreed(): Promise<number> {
      const notified = await notifyFreedChapters(db, clock.now());
      if (notified > 0) deps.logger.info({ notified }, 'free-chapter alerts sent');
      return notified;
    },
  };
}
export type FreeAlerts = ReturnType<typeof createFreeAlerts>;
