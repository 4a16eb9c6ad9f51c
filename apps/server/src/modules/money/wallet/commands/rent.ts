import type { Role } from '@inkwell/contract';
import type { Database } from '../../../../db/client';
import { AppError } from '../../../../lib/app-error';
import type { Clock } from '../../../../lib/clock';
import type { EventPublisher } from '../../../../lib/domain-events';
import { newerChaptersOut } from '../../../catalogue/chapters';
import {
  dailyFreeAvailableAt,
  hasDailyFree,
  passAvailableAt,
  passOpens,
  rentalEnd,
  waitValues,
  type LadderSettings,
} from '../ladder';
import { lockBalance } from './move-coins';
import { chaptersAsked } from '../unlock-terms';
import { latestRentals } from '../queries/rentals';
import { insertRental } from '../unlocks.repository';
import type { UnlockResult } from './unlock';

/** Refuses a rental the series' ladder does not offer now, saying when it will. */
async function checkOffer(
  tx: Parameters<typeof latestRentals>[0],
  userId: string,
  chapter: { seriesId: string; number: number; ladder: LadderSettings },
  method: 'wait_pass' | 'daily_free',
  now: Date,
) {
  const settings = chapter.ladder;
  const last = await latestRentals(tx, userId, chapter.seriesId);
  if (method === 'wait_pass') {
    if (!passOpens(settings, await newerChaptersOut(tx, chapter.seriesId, chapter.number, now)))
      throw new AppError('offer_unavailable', 'apiErrors.money.passCannotOpen');
    const availableAt = passAvailableAt(settings, last.waitPass, now);
    if (availableAt > now)
      throw new AppError('offer_unavailable', 'apiErrors.money.passRecharges', { values: waitValues(now, availableAt) });
  } else {
    if (!hasDailyFree(settings)) throw new AppError('offer_unavailable', 'apiErrors.money.noDailyFree');
    const availableAt = dailyFreeAvailableAt(last.dailyFree, now);
    if (availableAt > now)
      throw new AppError('offer_unavailable', 'apiErrors.money.dailyFreeRead', { values: waitValues(now, availableAt) });
  }
}

/**
 * Opens one chapter with the series' pass or its daily free, for the series' rental time: one
 * rental row, written with the reader's balance row locked, so two claims of one pass at once
 * open one chapter and the other is told when the pass is back.
 */
export async function rentChapter(
  { db, clock, events }: { db: Database; clock: Clock; events: EventPublisher },
  user: { id: string; role: Role },
  chapterId: string,
  method: 'wait_pass' | 'daily_free',
): Promise<UnlockResult> {
  const result = await db.transaction(async (tx): Promise<UnlockResult> => {
    const balance = await lockBalance(tx, user.id);
    if (balance === undefined) throw new AppError('unauthorized', 'apiErrors.signInAgain');
    const now = clock.now();
    const { toBuy } = await chaptersAsked(tx, user, [chapterId], undefined, now, { buying: false });
    const chapter = toBuy[0];
    // Already open (free, bought, rented, premium): nothing to use the pass on.
    if (!chapter) return { chapterIds: [chapterId], charged: 0, coins: balance, openUntil: null };
    await checkOffer(tx, user.id, chapter, method, now);
    const endsAt = rentalEnd(chapter.ladder, now);
    await insertRental(tx, { userId: user.id, chapterId, seriesId: chapter.seriesId, method, startsAt: now, endsAt });
    return { chapterIds: [chapterId], charged: 0, coins: balance, openUntil: endsAt };
  });
  if (result.openUntil) events.publish({ type: 'user.changed', userId: user.id });
  return result;
}
