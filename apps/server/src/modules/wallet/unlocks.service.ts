import type { Role } from '@inkwell/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { chapterAccess, type Viewer } from '../access';
import { allocate } from './allocations';
import { lockBalance, moveCoins } from './ledger.repository';
import { bundleCharge, dailyFreeAvailableAt, hasDailyFree, passAvailableAt, passOpens, rentalEnd, waitText } from './ladder';
import {
  chaptersForSaleCount,
  chaptersForUnlock,
  insertRental,
  latestRentals,
  newerChaptersOut,
  hasPremiumPassNow,
  insertUnlocks,
  seriesAutoUnlocksOf,
  seriesExists,
  setSeriesAutoUnlock,
  openAmong,
} from './unlocks.repository';
import type { EventPublisher } from '../../lib/domain-events';

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

const chapterNumber = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0$/, ''));

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Unlocking chapters (DESIGN §5, issue 22 §1). One transaction per unlock: the reader's balance
 * row is locked first, so a repeated or concurrent unlock (or rental) of theirs waits and then
 * finds the chapter open, or their pass used; price, access and the series' ladder are read from
 * the database there, never from a cache. Coins buy for good (several chapters are charged their
 * sum once, all or nothing, less the series' bundle discount when they are all that is left for
 * sale); a pass or the daily free opens one chapter for the series' rental time.
 */
export function createUnlocks({ db, clock, events }: { db: Database; clock: Clock; events: EventPublisher }) {
  /**
   * The chapters asked for, as this reader sees them now, and which of them are still to open:
   * for coins (`buying`), every one they do not own, a rented one included (coins buy for good,
   * and the rental would end); for a pass, every one they cannot open now.
   */
  async function chaptersAsked(
    tx: Tx,
    user: { id: string; role: Role },
    ids: string[],
    seriesId: string | undefined,
    now: Date,
    { buying }: { buying: boolean },
  ) {
    if (seriesId && !(await seriesExists(tx, seriesId))) throw new AppError('series_not_found', 'Series not found');
    const rows = await chaptersForUnlock(tx, ids);
    const found = rows.filter((row) => row.seriesPublished && (!seriesId || row.seriesId === seriesId));
    const { unlocked, rentedUntil } = await openAmong(tx, user.id, ids, now);
    const rented = new Set(rentedUntil.keys());
    const viewer: Viewer = {
      userId: user.id,
      role: user.role,
      hasPremiumPass: await hasPremiumPassNow(tx, user.id, now),
      unlocked: buying ? new Set([...unlocked].filter((id) => !rented.has(id))) : unlocked,
    };
    const readable = found.filter((row) => chapterAccess(row, viewer, now) !== 'scheduled');
    if (readable.length !== ids.length) throw new AppError('chapter_not_found', 'Chapter not found');
    const toBuy = readable.filter((row) => {
      const access = chapterAccess(row, viewer, now);
      return access === 'locked' || access === 'early_access';
    });
    return { found: readable, toBuy, rented };
  }

  /**
   * The price of what is for sale, and the series' bundle discount when it takes every chapter
   * still locked to the reader (chapters they rent now may be taken with them or not: the lists'
   * "All" holds the locked ones).
   */
  async function priceOf(
    tx: Tx,
    userId: string,
    toBuy: { id: string; price: number; seriesId: string; bundleDiscountPercent: number }[],
    rented: ReadonlySet<string>,
    isBulk: boolean,
    now: Date,
  ) {
    const total = toBuy.reduce((sum, row) => sum + row.price, 0);
    const first = toBuy[0];
    const isAllRemaining =
      isBulk &&
      first !== undefined &&
      toBuy.length >= 2 &&
      (await chaptersForSaleCount(tx, userId, first.seriesId, now)) === toBuy.filter((row) => !rented.has(row.id)).length;
    const discount = isAllRemaining ? first.bundleDiscountPercent : 0;
    return { total, discount, charged: bundleCharge(total, discount) };
  }

  async function unlock(
    user: { id: string; role: Role },
    chapterIds: readonly string[],
    { seriesId, autoUnlockSeries }: { seriesId?: string; autoUnlockSeries?: boolean } = {},
  ): Promise<UnlockResult> {
    const ids = [...new Set(chapterIds)];
    const result = await db.transaction(async (tx): Promise<UnlockResult> => {
      const balance = await lockBalance(tx, user.id);
      if (balance === undefined) throw new AppError('unauthorized', 'Please log in again');
      const now = clock.now();
      const { found, toBuy, rented } = await chaptersAsked(tx, user, ids, seriesId, now, { buying: true });

      // The reader's choice for the series rides on the unlock: kept with it, or not at all.
      if (autoUnlockSeries !== undefined) await setSeriesAutoUnlock(tx, user.id, found[0]!.seriesId, autoUnlockSeries, now);
      const { total, discount, charged } = await priceOf(tx, user.id, toBuy, rented, seriesId !== undefined, now);
      if (total === 0) return { chapterIds: ids, charged: 0, coins: balance, openUntil: null };
      if (charged > balance) {
        throw new AppError(
          'insufficient_coins',
          `You need ${charged - balance} more coins to unlock ${toBuy.length === 1 ? 'this chapter' : 'these chapters'}`,
        );
      }
      const first = toBuy[0]!;
      const reason =
        toBuy.length === 1
          ? `Unlocked ${first.seriesTitle} chapter ${chapterNumber(first.number)}`
          : `Unlocked ${toBuy.length} chapters of ${first.seriesTitle} (${chapterNumber(first.number)}–${chapterNumber(toBuy.at(-1)!.number)})${discount > 0 ? `, ${discount} % off` : ''}`;
      const moved = await moveCoins(tx, {
        userId: user.id,
        delta: -charged,
        kind: 'unlock',
        reason,
        chapterId: toBuy.length === 1 ? first.id : null,
      });
      // The row is locked and the balance was checked, so this cannot fail; if it ever does, nothing is kept.
      if (!moved) throw new AppError('insufficient_coins', 'Not enough coins');
      // Each chapter's share of what was charged (the discount spread by price, the rounding on the last).
      let left = charged;
      const shares = toBuy.map((row, i) => {
        const share = i === toBuy.length - 1 ? left : Math.floor((row.price * charged) / total);
        left -= share;
        return share;
      });
      await insertUnlocks(
        tx,
        toBuy.map((row, i) => ({ userId: user.id, chapterId: row.id, coins: shares[i]!, ledgerId: moved.entryId })),
      );
      // The payees' parts, per series, with the debit (issue 22 §2).
      const bySeries = new Map<string, { title: string; coins: number }>();
      toBuy.forEach((row, i) => {
        const entry = bySeries.get(row.seriesId) ?? { title: row.seriesTitle, coins: 0 };
        entry.coins += shares[i]!;
        bySeries.set(row.seriesId, entry);
      });
      for (const [seriesId, entry] of bySeries) {
        await allocate(tx, {
          ledgerId: moved.entryId,
          seriesId,
          seriesTitle: entry.title,
          coins: entry.coins,
          source: toBuy.length > 1 ? 'bundle' : 'unlock',
          // The ledger row's own time: a month's allocations and its debits are the same rows' months.
          now: moved.createdAt,
        });
      }
      return { chapterIds: ids, charged, coins: moved.balance, openUntil: null };
    });
    if (result.charged > 0) events.publish({ type: 'user.changed', userId: user.id });
    return result;
  }

  /**
   * Opens one chapter with the series' pass or its daily free, for the series' rental time: one
   * rental row, written with the reader's balance row locked, so two claims of one pass at once
   * open one chapter and the other is told when the pass is back.
   */
  async function rent(
    user: { id: string; role: Role },
    chapterId: string,
    method: 'wait_pass' | 'daily_free',
  ): Promise<UnlockResult> {
    const result = await db.transaction(async (tx): Promise<UnlockResult> => {
      const balance = await lockBalance(tx, user.id);
      if (balance === undefined) throw new AppError('unauthorized', 'Please log in again');
      const now = clock.now();
      const { toBuy } = await chaptersAsked(tx, user, [chapterId], undefined, now, { buying: false });
      const chapter = toBuy[0];
      // Already open (free, bought, rented, premium): nothing to use the pass on.
      if (!chapter) return { chapterIds: [chapterId], charged: 0, coins: balance, openUntil: null };
      const settings = chapter.ladder;
      const last = await latestRentals(tx, user.id, chapter.seriesId);
      if (method === 'wait_pass') {
        if (!passOpens(settings, await newerChaptersOut(tx, chapter.seriesId, chapter.number, now)))
          throw new AppError('offer_unavailable', 'A pass cannot open this chapter');
        const availableAt = passAvailableAt(settings, last.waitPass, now);
        if (availableAt > now) throw new AppError('offer_unavailable', `Your pass recharges in ${waitText(now, availableAt)}`);
      } else {
        if (!hasDailyFree(settings)) throw new AppError('offer_unavailable', 'This series has no daily free chapter');
        const availableAt = dailyFreeAvailableAt(last.dailyFree, now);
        if (availableAt > now)
          throw new AppError(
            'offer_unavailable',
            `You have read today's free chapter: the next in ${waitText(now, availableAt)}`,
          );
      }
      const endsAt = rentalEnd(settings, now);
      await insertRental(tx, { userId: user.id, chapterId, seriesId: chapter.seriesId, method, startsAt: now, endsAt });
      return { chapterIds: [chapterId], charged: 0, coins: balance, openUntil: endsAt };
    });
    if (result.openUntil) events.publish({ type: 'user.changed', userId: user.id });
    return result;
  }

  /** What a bulk unlock of these chapters would charge now, before the reader confirms. */
  async function quote(user: { id: string; role: Role }, seriesId: string, chapterIds: readonly string[]) {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const { toBuy, rented } = await chaptersAsked(tx, user, [...new Set(chapterIds)], seriesId, now, { buying: true });
      return priceOf(tx, user.id, toBuy, rented, true, now);
    });
  }

  return {
    unlock,
    rent,
    quote,

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
