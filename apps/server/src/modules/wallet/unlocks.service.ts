import type { Role } from '@inkwell/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { chapterAccess, type Viewer } from '../access';
import { lockBalance, moveCoins } from './ledger.repository';
import {
  chaptersForUnlock,
  hasPremiumPassNow,
  insertUnlocks,
  seriesAutoUnlocksOf,
  seriesExists,
  setSeriesAutoUnlock,
  unlockedAmong,
} from './unlocks.repository';

export interface UnlockResult {
  /** The chapters asked for that this reader may now read. */
  chapterIds: string[];
  /** Coins taken now: 0 when everything was already readable. */
  charged: number;
  /** The balance after. */
  coins: number;
}

const chapterNumber = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0$/, ''));

/**
 * Unlocking chapters with coins (DESIGN §5). One transaction: the reader's balance row is locked
 * first, so a repeated or concurrent unlock waits and then finds the chapter already unlocked;
 * price and access are read from the database there, never from a cache; several chapters are
 * charged their sum once, all or nothing.
 */
export function createUnlocks({
  db,
  clock,
  onUserChanged,
}: {
  db: Database;
  clock: Clock;
  onUserChanged: (userId: string) => void;
}) {
  async function unlock(
    user: { id: string; role: Role },
    chapterIds: readonly string[],
    { seriesId, autoUnlockSeries }: { seriesId?: string; autoUnlockSeries?: boolean } = {},
  ): Promise<UnlockResult> {
    const ids = [...new Set(chapterIds)];
    const result = await db.transaction(async (tx): Promise<UnlockResult> => {
      const balance = await lockBalance(tx, user.id);
      if (balance === undefined) throw new AppError('unauthorized', 'Please log in again');
      if (seriesId && !(await seriesExists(tx, seriesId))) throw new AppError('series_not_found', 'Series not found');

      const now = clock.now();
      const rows = await chaptersForUnlock(tx, ids);
      const found = rows.filter((row) => row.seriesPublished && (!seriesId || row.seriesId === seriesId));
      const viewer: Viewer = {
        userId: user.id,
        role: user.role,
        hasPremiumPass: await hasPremiumPassNow(tx, user.id, now),
        unlocked: await unlockedAmong(tx, user.id, ids),
      };
      const toBuy = found.filter((row) => {
        const access = chapterAccess(row, viewer, now);
        if (access === 'scheduled') return false;
        return access === 'locked' || access === 'early_access';
      });
      const readable = found.filter((row) => chapterAccess(row, viewer, now) !== 'scheduled');
      if (readable.length !== ids.length) throw new AppError('chapter_not_found', 'Chapter not found');

      // The reader's choice for the series rides on the unlock: kept with it, or not at all.
      if (autoUnlockSeries !== undefined) await setSeriesAutoUnlock(tx, user.id, found[0]!.seriesId, autoUnlockSeries, now);
      const total = toBuy.reduce((sum, row) => sum + row.price, 0);
      if (total === 0) return { chapterIds: ids, charged: 0, coins: balance };
      if (total > balance) {
        throw new AppError(
          'insufficient_coins',
          `You need ${total - balance} more coins to unlock ${toBuy.length === 1 ? 'this chapter' : 'these chapters'}`,
        );
      }
      const first = toBuy[0]!;
      const reason =
        toBuy.length === 1
          ? `Unlocked ${first.seriesTitle} chapter ${chapterNumber(first.number)}`
          : `Unlocked ${toBuy.length} chapters of ${first.seriesTitle} (${chapterNumber(first.number)}–${chapterNumber(toBuy.at(-1)!.number)})`;
      const moved = await moveCoins(tx, {
        userId: user.id,
        delta: -total,
        kind: 'unlock',
        reason,
        chapterId: toBuy.length === 1 ? first.id : null,
      });
      // The row is locked and the balance was checked, so this cannot fail; if it ever does, nothing is kept.
      if (!moved) throw new AppError('insufficient_coins', 'Not enough coins');
      await insertUnlocks(
        tx,
        toBuy.map((row) => ({ userId: user.id, chapterId: row.id, coins: row.price, ledgerId: moved.entryId })),
      );
      return { chapterIds: ids, charged: total, coins: moved.balance };
    });
    if (result.charged > 0) onUserChanged(user.id);
    return result;
  }
  return {
    unlock,

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
