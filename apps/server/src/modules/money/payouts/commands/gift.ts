import type { GiftRequest } from '@inkwell/contract';
import type { Database } from '../../../../db/client';
import { AppError } from '../../../../lib/app-error';
import type { EventPublisher } from '../../../../lib/domain-events';
import { findPublishedSeries } from '../../../catalogue/series';
import { lockBalance, moveCoins } from '../../wallet';
import { allocate, payeesOf } from '../allocations';
import { insertGift, notifyPayees } from '../payouts.repository';

/**
 * A reader's gift of coins to a series: the debit, its allocations and the payees' notices in one
 * transaction, the reader's balance locked first. A payee of the series may not give it coins.
 */
export async function sendGift(
  { db, events }: { db: Database; events: EventPublisher },
  user: { id: string; username: string },
  seriesId: string,
  { amount, message = '' }: GiftRequest,
) {
  const result = await db.transaction(async (tx) => {
    const balance = await lockBalance(tx, user.id);
    if (balance === undefined) throw new AppError('unauthorized', 'apiErrors.signInAgain');
    const series = await findPublishedSeries(tx, seriesId);
    if (!series) throw new AppError('series_not_found', 'apiErrors.seriesNotFound');
    const payees = await payeesOf(tx, seriesId);
    if (payees.some((payee) => payee.userId === user.id)) throw new AppError('forbidden', 'apiErrors.money.giftOwnSeries');
    if (amount > balance)
      throw new AppError('insufficient_coins', 'apiErrors.money.moreCoinsForGift', { values: { missing: amount - balance } });
    const moved = await moveCoins(tx, {
      userId: user.id,
      delta: -amount,
      kind: 'gift',
      reason: `Gift to ${series.title}`,
    });
    if (!moved) throw new AppError('insufficient_coins', 'apiErrors.money.notEnoughCoins');
    // Stamped as the ledger row is: the gift, its allocations and the debit share a month.
    const now = moved.createdAt;
    const giftId = await insertGift(tx, {
      userId: user.id,
      seriesId,
      amount,
      message,
      ledgerId: moved.entryId,
      createdAt: now,
    });
    await allocate(tx, { ledgerId: moved.entryId, seriesId, seriesTitle: series.title, coins: amount, source: 'gift', now });
    await notifyPayees(
      tx,
      payees.map((payee) => payee.userId),
      {
        values: { series: series.title, username: user.username, coins: amount, message },
        link: `/SeriesView/${series.slug}`,
        now,
      },
    );
    return { giftId, amount, coins: moved.balance };
  });
  events.publish({ type: 'user.changed', userId: user.id });
  return result;
}
