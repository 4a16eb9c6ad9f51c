import type { Role } from '@inkwell/contract';
import type { Database } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import type { EventPublisher } from '../../../lib/domain-events';
import { rentChapter } from './commands/rent';
import { unlockChapters, type SplitToPayees } from './commands/unlock';
import { quoteUnlock } from './queries/quote';
import { seriesAutoUnlocksOf, setSeriesAutoUnlock } from './unlocks.repository';

/**
 * Unlocking chapters (DESIGN §5, issue 22 §1). One transaction per unlock: the reader's balance
 * row is locked first, so a repeated or concurrent unlock (or rental) of theirs waits and then
 * finds the chapter open, or their pass used; price, access and the series' ladder are read from
 * the database there, never from a cache. Coins buy for good (several chapters are charged their
 * sum once, all or nothing, less the series' bundle discount when they are all that is left for
 * sale); a pass or the daily free opens one chapter for the series' rental time. The work is in
 * commands/ and queries/; this binds their dependencies once.
 */
export function createUnlocks(deps: { db: Database; clock: Clock; events: EventPublisher; splitToPayees: SplitToPayees }) {
  const { db, clock } = deps;
  return {
    unlock: (
      user: { id: string; role: Role },
      chapterIds: readonly string[],
      options?: { seriesId?: string; autoUnlockSeries?: boolean },
    ) => unlockChapters(deps, user, chapterIds, options),
    rent: (user: { id: string; role: Role }, chapterId: string, method: 'wait_pass' | 'daily_free') =>
      rentChapter(deps, user, chapterId, method),
    quote: (user: { id: string; role: Role }, seriesId: string, chapterIds: readonly string[]) =>
      quoteUnlock(deps, user, seriesId, chapterIds),

    async autoUnlockSeries(userId: string) {
      const rows = await seriesAutoUnlocksOf(db, userId);
      return { items: rows.map((row) => ({ ...row, since: row.since.toISOString() })) };
    },

    async removeAutoUnlockSeries(userId: string, seriesId: string) {
      await setSeriesAutoUnlock(db, userId, seriesId, false, clock.now());
      return { seriesId, autoUnlock: false as const };
    },
  };
}
export type Unlocks = ReturnType<typeof createUnlocks>;
