import type { Earnings, GiftRequest, Payee } from '@inkwell/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { findSeriesById } from '../series';
import { allocate, payeesOf } from './allocations';
import { lockBalance, moveCoins } from './ledger.repository';
import {
  earningsOf,
  existingUserIds,
  insertGift,
  notifyPayees,
  payeesWithNames,
  publishedSeries,
  replacePayees,
  topSupporters,
} from './payouts.repository';

/** How many supporters a series page shows. */
export const SUPPORTERS_SHOWN = 10;

/** The UTC month `YYYY-MM` holds, as [start, end). */
function monthRange(month: string): { from: Date; to: Date } {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return { from: new Date(Date.UTC(year, index - 1, 1)), to: new Date(Date.UTC(year, index, 1)) };
}
const monthOf = (moment: Date) => moment.toISOString().slice(0, 7);

/**
 * What readers give series and what their payees earn (issue 22 §2): gifts (a debit, its
 * allocations and the payees' notices in one transaction, the reader's balance locked first), the
 * month's supporters, the admin's payees and shares, and each payee's month in coins, less the
 * site's fee.
 */
export function createPayouts({
  db,
  clock,
  feePercent,
  onUserChanged,
}: {
  db: Database;
  clock: Clock;
  feePercent: number;
  onUserChanged: (userId: string) => void;
}) {
  return {
    async gift(user: { id: string; username: string }, seriesId: string, { amount, message = '' }: GiftRequest) {
      const result = await db.transaction(async (tx) => {
        const balance = await lockBalance(tx, user.id);
        if (balance === undefined) throw new AppError('unauthorized', 'Please log in again');
        const series = await publishedSeries(tx, seriesId);
        if (!series) throw new AppError('series_not_found', 'Series not found');
        const payees = await payeesOf(tx, seriesId);
        if (payees.some((payee) => payee.userId === user.id))
          throw new AppError('forbidden', 'You share in this series: you cannot send it a gift');
        if (amount > balance) throw new AppError('insufficient_coins', `You need ${amount - balance} more coins for this gift`);
        const moved = await moveCoins(tx, {
          userId: user.id,
          delta: -amount,
          kind: 'gift',
          reason: `Gift to ${series.title}`,
        });
        if (!moved) throw new AppError('insufficient_coins', 'Not enough coins');
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
            title: `A gift for ${series.title}`,
            description: `${user.username} sent ${amount} coins${message ? `: “${message}”` : ''}`,
            link: `/SeriesView/${series.slug}`,
            now,
          },
        );
        return { giftId, amount, coins: moved.balance };
      });
      onUserChanged(user.id);
      return result;
    },

    async supporters(seriesId: string) {
      if (!(await publishedSeries(db, seriesId))) throw new AppError('series_not_found', 'Series not found');
      const month = monthOf(clock.now());
      const { from, to } = monthRange(month);
      return { month, items: await topSupporters(db, seriesId, from, to, SUPPORTERS_SHOWN) };
    },

    async payees(seriesId: string): Promise<{ items: Payee[] }> {
      return { items: await payeesWithNames(db, seriesId) };
    },

    /** Replaces a series' payees (checked by the contract: shares sum to 10,000, each user once). */
    async setPayees(seriesId: string, payees: Omit<Payee, 'username'>[]): Promise<{ items: Payee[] }> {
      // Published or not: an admin may set who shares a series before it is out.
      if (!(await findSeriesById(db, seriesId))) throw new AppError('series_not_found', 'Series not found');
      const known = await existingUserIds(
        db,
        payees.map((payee) => payee.userId),
      );
      const unknown = payees.findIndex((payee) => !known.has(payee.userId));
      if (unknown >= 0) throw new AppError('not_found', 'No such user', { fields: { [`${unknown}.userId`]: 'No such user' } });
      await replacePayees(db, seriesId, payees);
      return this.payees(seriesId);
    },

    /** A payee's month (UTC): per series, their gross part, the site's fee (rounded down) and the rest. */
    async earnings(payeeId: string, month = monthOf(clock.now())): Promise<Earnings> {
      const { from, to } = monthRange(month);
      const rows = await earningsOf(db, payeeId, from, to);
      const bySeries = new Map<string, Earnings['items'][number]>();
      for (const row of rows) {
        const item = bySeries.get(row.seriesId) ?? {
          seriesId: row.seriesId,
          seriesTitle: row.seriesTitle,
          gross: 0,
          fee: 0,
          net: 0,
          bySource: { unlock: 0, bundle: 0, gift: 0 },
        };
        item.bySource[row.source] += row.coins;
        item.gross += row.coins;
        bySeries.set(row.seriesId, item);
      }
      const items = [...bySeries.values()]
        .map((item) => {
          const fee = Math.floor((item.gross * feePercent) / 100);
          return { ...item, fee, net: item.gross - fee };
        })
        .sort((a, b) => b.gross - a.gross || a.seriesTitle.localeCompare(b.seriesTitle));
      const totals = items.reduce(
        (sum, item) => ({ gross: sum.gross + item.gross, fee: sum.fee + item.fee, net: sum.net + item.net }),
        { gross: 0, fee: 0, net: 0 },
      );
      return { month, feePercent, items, totals };
    },
  };
}
export type Payouts = ReturnType<typeof createPayouts>;

/** A month's earnings as CSV: one row per series, then the totals (commas and quotes escaped). */
export function earningsCsv(earnings: Earnings): string {
  const cell = (value: string | number) => {
    const text = String(value);
    return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const rows: (string | number)[][] = [
    ['month', 'series', 'unlocks', 'bundles', 'gifts', 'gross', `fee (${earnings.feePercent} %)`, 'net'],
    ...earnings.items.map((item) => [
      earnings.month,
      item.seriesTitle,
      item.bySource.unlock,
      item.bySource.bundle,
      item.bySource.gift,
      item.gross,
      item.fee,
      item.net,
    ]),
    [earnings.month, 'Total', '', '', '', earnings.totals.gross, earnings.totals.fee, earnings.totals.net],
  ];
  return `${rows.map((row) => row.map(cell).join(',')).join('\n')}\n`;
}
