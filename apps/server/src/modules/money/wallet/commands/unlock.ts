import type { Role } from '@inkwell/contract';
import type { Database, Transaction } from '../../../../db/client';
import { AppError } from '../../../../lib/app-error';
import type { Clock } from '../../../../lib/clock';
import type { EventPublisher } from '../../../../lib/domain-events';
import { lockBalance, moveCoins } from './move-coins';
import { chaptersAsked, priceOf } from '../unlock-terms';
import { insertUnlocks, setSeriesAutoUnlock } from '../unlocks.repository';

export interface UnlockResult {
  /** The chapters asked for that this reader may now read. */
  chapterIds: string[];
  /** Coins taken now: 0 when everything was already readable, or for a rental. */
  charged: number;
  /** The balance after. */
  coins: number;
  /** A rental's end (a pass, the daily free); null when bought or already open. */
  openUntil: Date | null;
}

/**
 * Writes each payee's part of a debit made in a series, in the debit's transaction (issue 22 §2):
 * the `payouts` module's `allocate`, passed in so that coins need not know who shares a series.
 */
export type SplitToPayees = (
  tx: Transaction,
  debit: { ledgerId: string; seriesId: string; seriesTitle: string; coins: number; source: 'unlock' | 'bundle'; now: Date },
) => Promise<void>;

interface ChapterBought {
  id: string;
  number: number;
  price: number;
  seriesId: string;
  seriesTitle: string;
}

const chapterNumber = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0$/, ''));

/** The ledger's line for an unlock of one chapter or several. */
function unlockReason(toBuy: ChapterBought[], discount: number) {
  const first = toBuy[0]!;
  return toBuy.length === 1
    ? `Unlocked ${first.seriesTitle} chapter ${chapterNumber(first.number)}`
    : `Unlocked ${toBuy.length} chapters of ${first.seriesTitle} (${chapterNumber(first.number)}–${chapterNumber(toBuy.at(-1)!.number)})${discount > 0 ? `, ${discount} % off` : ''}`;
}

/** Each chapter's share of what was charged (the discount spread by price, the rounding on the last). */
function sharesOf(toBuy: ChapterBought[], charged: number, total: number) {
  let left = charged;
  return toBuy.map((row, i) => {
    const share = i === toBuy.length - 1 ? left : Math.floor((row.price * charged) / total);
    left -= share;
    return share;
  });
}

/** The payees' parts, per series, with the debit (issue 22 §2). */
async function splitPerSeries(
  tx: Transaction,
  splitToPayees: SplitToPayees,
  toBuy: ChapterBought[],
  shares: number[],
  debit: { entryId: string; createdAt: Date },
) {
  const bySeries = new Map<string, { title: string; coins: number }>();
  toBuy.forEach((row, i) => {
    const entry = bySeries.get(row.seriesId) ?? { title: row.seriesTitle, coins: 0 };
    entry.coins += shares[i]!;
    bySeries.set(row.seriesId, entry);
  });
  for (const [seriesId, entry] of bySeries) {
    await splitToPayees(tx, {
      ledgerId: debit.entryId,
      seriesId,
      seriesTitle: entry.title,
      coins: entry.coins,
      source: toBuy.length > 1 ? 'bundle' : 'unlock',
      // The ledger row's own time: a month's allocations and its debits are the same rows' months.
      now: debit.createdAt,
    });
  }
}

/**
 * Unlocks chapters with coins (DESIGN §5, issue 22 §1), in one transaction: the reader's balance
 * row is locked first, so a repeated or concurrent unlock of theirs waits and then finds the
 * chapter open; price and access are read there, never from a cache. Several chapters are charged
 * their sum once, all or nothing, less the series' bundle discount when they are all that is left
 * for sale; the payees' parts are written with the debit.
 */
export async function unlockChapters(
  { db, clock, events, splitToPayees }: { db: Database; clock: Clock; events: EventPublisher; splitToPayees: SplitToPayees },
  user: { id: string; role: Role },
  chapterIds: readonly string[],
  { seriesId, autoUnlockSeries }: { seriesId?: string; autoUnlockSeries?: boolean } = {},
): Promise<UnlockResult> {
  const ids = [...new Set(chapterIds)];
  const result = await db.transaction(async (tx): Promise<UnlockResult> => {
    const balance = await lockBalance(tx, user.id);
    if (balance === undefined) throw new AppError('unauthorized', 'apiErrors.signInAgain');
    const now = clock.now();
    const { found, toBuy, rented } = await chaptersAsked(tx, user, ids, seriesId, now, { buying: true });

    // The reader's choice for the series rides on the unlock: kept with it, or not at all.
    if (autoUnlockSeries !== undefined) await setSeriesAutoUnlock(tx, user.id, found[0]!.seriesId, autoUnlockSeries, now);
    const { total, discount, charged } = await priceOf(tx, user.id, toBuy, rented, seriesId !== undefined, now);
    if (total === 0) return { chapterIds: ids, charged: 0, coins: balance, openUntil: null };
    if (charged > balance) {
      throw new AppError('insufficient_coins', 'apiErrors.money.moreCoinsToUnlock', {
        values: { missing: charged - balance, chapters: toBuy.length },
      });
    }
    const moved = await moveCoins(tx, {
      userId: user.id,
      delta: -charged,
      kind: 'unlock',
      reason: unlockReason(toBuy, discount),
      chapterId: toBuy.length === 1 ? toBuy[0]!.id : null,
    });
    // The row is locked and the balance was checked, so this cannot fail; if it ever does, nothing is kept.
    if (!moved) throw new AppError('insufficient_coins', 'apiErrors.money.notEnoughCoins');
    const shares = sharesOf(toBuy, charged, total);
    await insertUnlocks(
      tx,
      toBuy.map((row, i) => ({ userId: user.id, chapterId: row.id, coins: shares[i]!, ledgerId: moved.entryId })),
    );
    await splitPerSeries(tx, splitToPayees, toBuy, shares, moved);
    return { chapterIds: ids, charged, coins: moved.balance, openUntil: null };
  });
  if (result.charged > 0) events.publish({ type: 'user.changed', userId: user.id });
  return result;
}
