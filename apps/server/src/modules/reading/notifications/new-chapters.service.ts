import { UNSUBSCRIBE_PATH } from '@inkwell/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import { translatorFor, type ReaderLanguages } from '../../../lib/i18n';
import type { Release } from '../../catalogue/chapters';
import type { Jobs } from '../../platform/jobs';
import { countFollowers } from '../library';
import { chapterLink, digestMail, newChapterMail, newChapterPush } from './new-chapter-mail';
import {
  claimDueDigests,
  digestEntries,
  findReleasedChapter,
  insertNewChapterNotices,
  type FanOutPart,
} from './new-chapter.repository';
import type { UnsubscribeTokens } from './unsubscribe-token';

/**
 * Followers per fan-out job: a series with more is split into parts that the workers of every
 * instance take at once (100,000 followers: two parts), up to 16 parts (beyond, parts grow).
 */
const FAN_OUT_PART_SIZE = 50_000;
const FAN_OUT_MAX_PARTS = 16;

/** A digest goes out at most once in this long (a little under a day, so an hourly tick keeps its hour). */
const DIGEST_INTERVAL = '23 hours';
/**
 * A digest covers notices up to this long before it is sent: a fan-out that stamped its notices a
 * moment ago may not have committed yet, and a window that closed on it would skip them for good.
 */
const DIGEST_SETTLE_MS = 5 * 60_000;
/** Readers claimed per digest transaction. */
const DIGEST_BATCH = 200;
/** New chapters listed in one digest; the rest are counted and linked. */
const DIGEST_MAX_ENTRIES = 30;

export interface NewChapterNoticesDeps {
  db: Database;
  clock: Clock;
  jobs: Jobs;
  logger: FastifyBaseLogger;
  publicUrl: string;
  unsubscribe: UnsubscribeTokens;
  /** The site's default language, for readers who chose none (issue 35 §1). */
  languages: Pick<ReaderLanguages, 'siteDefault'>;
}

/**
 * Issue 9 §2: what a chapter's release tells its readers. The release claim queues one fan-out
 * job per released chapter in its own transaction (so the job exists exactly when the claim
 * commits, and the team's publish call does not wait for 100,000 inserts); the job writes every
 * follower's notice in one statement and queues the instant e-mails in that same transaction.
 * Daily digests are claimed per reader by a conditional update of `last_digest_at`.
 */
export function createNewChapterNotices(deps: NewChapterNoticesDeps) {
  const { db, clock, jobs, logger } = deps;
  const unsubscribeUrl = (userId: string) =>
    `${deps.publicUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(deps.unsubscribe.tokenFor(userId))}`;

  return {
    /** Inside the release claim: the fan-out jobs (one per 50,000 followers) of each released chapter whose series has followers. */
    async queueFanOut(tx: Transaction, releases: Release[]): Promise<void> {
      const followers = await countFollowers(tx, [...new Set(releases.map((release) => release.seriesId))]);
      const jobsToQueue = releases.flatMap((release) => {
        const parts = Math.min(FAN_OUT_MAX_PARTS, Math.ceil((followers.get(release.seriesId) ?? 0) / FAN_OUT_PART_SIZE));
        return Array.from({ length: parts }, (_, part) => ({
          chapterId: release.id,
          part,
          parts,
          ...(release.language !== undefined && { language: release.language }),
        }));
      });
      if (jobsToQueue.length > 0) await jobs.sendMany('notifications.fan-out', jobsToQueue, { tx });
    },

    /**
     * A fan-out job (of one share of the followers): notifies every follower once (a retried or repeated job adds nothing) and
     * queues an e-mail for each newly notified reader who wants one per chapter. Does nothing when
     * the chapter is gone or back to draft. With `language`, the chapter's translation became
     * readable: the followers who read the series in that edition hear of it (issue 35 §2).
     * Returns how many e-mails it queued.
     */
    async fanOut(chapterId: string, share: FanOutPart = { part: 0, parts: 1 }, language?: string): Promise<{ mailed: number }> {
      const now = clock.now();
      // Read before the transaction: the site's settings come through their own connection.
      const siteLocale = await deps.languages.siteDefault();
      return db.transaction(async (tx) => {
        const chapter = await findReleasedChapter(tx, chapterId, now);
        if (!chapter) return { mailed: 0 };
        const link =
          language === undefined ? chapterLink(chapter) : `${chapterLink(chapter)}?lang=${encodeURIComponent(language)}`;
        const recipients = await insertNewChapterNotices(tx, { chapter, link, now, share, language });
        const mails = recipients
          .filter((to) => to.wantsMail)
          .map((to) =>
            newChapterMail(
              to,
              chapter,
              { publicUrl: deps.publicUrl, unsubscribeUrl: unsubscribeUrl(to.userId), link: to.link },
              translatorFor(to.locale ?? siteLocale),
            ),
          );
        await jobs.sendMany('mail.send', mails, { tx });
        // The bell's notice, pushed to the browsers of those who allowed it (issue 21 §4).
        const pushes = recipients
          .filter((to) => to.wantsPush)
          .map((to) => {
            const locale = to.locale ?? siteLocale;
            return {
              userId: to.userId,
              ...newChapterPush(translatorFor(locale), chapter),
              link: to.link,
              locale,
              summary: chapter.seriesTitle,
            };
          });
        await jobs.sendMany('push.send', pushes, { tx });
        return { mailed: mails.length };
      });
    },

    /** The digest tick: claims due readers a batch at a time and queues their digest with the claim. Returns how many went out. */
    async sendDigests(): Promise<number> {
      const until = new Date(clock.now().getTime() - DIGEST_SETTLE_MS);
      let sent = 0;
      for (;;) {
        const siteLocale = await deps.languages.siteDefault();
        const batch = await db.transaction(async (tx) => {
          const claimed = await claimDueDigests(tx, until, DIGEST_INTERVAL, DIGEST_BATCH);
          const entries = await digestEntries(tx, claimed, until, DIGEST_MAX_ENTRIES);
          const mails = claimed.flatMap((reader) => {
            const own = entries.filter((entry) => entry.userId === reader.userId);
            if (own.length === 0) return [];
            const more = own[0]!.total - own.length;
            const urls = { publicUrl: deps.publicUrl, unsubscribeUrl: unsubscribeUrl(reader.userId) };
            return [digestMail(reader, own, more, urls, translatorFor(reader.locale ?? siteLocale))];
          });
          await jobs.sendMany('mail.send', mails, { tx });
          return { claimed: claimed.length, mailed: mails.length };
        });
        sent += batch.mailed;
        if (batch.claimed < DIGEST_BATCH) break;
      }
      if (sent > 0) logger.info({ digests: sent }, 'daily digests queued');
      return sent;
    },
  };
}
