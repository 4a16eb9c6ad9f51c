import { CURRENCIES, type Earnings, type GiftRequest, type Payee } from '@inkwell/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { toCsv } from '../../lib/csv';
import { type AuditContext, recordAuditEntry } from '../audit';
import { findSeriesById } from '../series';
import { allocate, payeesOf } from './allocations';
import { lockBalance, moveCoins } from './ledger.repository';
import { monthOf, monthRange } from './payout-months';
import { findPayoutMonth, subscriptionEarningsOf } from './payout-months.repository';
import {
  earningsOf,
  existingUserIds,
  hasEarnings,
  insertGift,
  notifyPayees,
  payeesWithNames,
  publishedSeries,
  replacePayees,
  topSupporters,
} from './payouts.repository';
import type { EventPublisher } from '../../lib/domain-events';

/** How many supporters a series page shows. */
const SUPPORTERS_SHOWN = 10;
/** "mira 70 %": a payee and their share in % (basis points / 100). */
const payeeShare = (payee: Payee) => `${payee.username} ${payee.shareBps / 100} %`;

/**
 * What readers give series and what their payees earn (issue 22 §2): gifts (a debit, its
 * allocations and the payees' notices in one transaction, the reader's balance locked first), the
 * month's supporters, the admin's payees and shares, and each payee's month in coins, less the
 * site's fee.
 */
export function createPayouts({
  db,
  clock,
  feePercent: currentFee,
  events,
}: {
  db: Database;
  clock: Clock;
  /** The site's fee in force (the admin's setting); a closed month keeps its own. */
  feePercent: () => Promise<number>;
  events: EventPublisher;
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
      events.publish({ type: 'user.changed', userId: user.id });
      return result;
    },

    async supporters(seriesId: string) {
      if (!(await publishedSeries(db, seriesId))) throw new AppError('series_not_found', 'Series not found');
      const month = monthOf(clock.now());
      const { from, to } = monthRange(month);
      return { month, items: await topSupporters(db, seriesId, from, to, SUPPORTERS_SHOWN) };
    },

    /** Whether a user shares in some series or was ever paid a share: the Reader's Area shows Earnings only then. */
    hasEarnings: (userId: string) => hasEarnings(db, userId),

    async payees(seriesId: string): Promise<{ items: Payee[] }> {
      return { items: await payeesWithNames(db, seriesId) };
    },

    /**
     * Replaces a series' payees (checked by the contract: shares sum to 10,000, each user once), with
     * the admin's audit entry in the same transaction.
     */
    async setPayees(seriesId: string, payees: Omit<Payee, 'username'>[], audit?: AuditContext): Promise<{ items: Payee[] }> {
      // Published or not: an admin may set who shares a series before it is out.
      if (!(await findSeriesById(db, seriesId))) throw new AppError('series_not_found', 'Series not found');
      const known = await existingUserIds(
        db,
        payees.map((payee) => payee.userId),
      );
      const unknown = payees.findIndex((payee) => !known.has(payee.userId));
      if (unknown >= 0) throw new AppError('not_found', 'No such user', { fields: { [`${unknown}.userId`]: 'No such user' } });
      await db.transaction(async (tx) => {
        const before = await payeesWithNames(tx, seriesId);
        await replacePayees(tx, seriesId, payees);
        if (!audit) return;
        // The log names who shares and how much, in %, as the editor spoke (issue 33 §14), not the body sent.
        const after = await payeesWithNames(tx, seriesId);
        const shown = (list: Payee[]) => (list.length === 0 ? null : list.map(payeeShare).join(', '));
        const [from, to] = [shown(before), shown(after)];
        await recordAuditEntry(tx, audit, {
          target: { type: 'series', id: seriesId },
          changes: from === to ? [] : [{ field: 'Payees', from, to }],
          details: null,
        });
      });
      return this.payees(seriesId);
    },

    /**
     * A payee's month (UTC): per series, their gross part in coins and, once the month has closed,
     * in each currency's cents from the subscriptions; the site's fee on each (rounded down: the
     * month's own fee once closed, else the one in force) and the rest.
     */
    async earnings(payeeId: string, month = monthOf(clock.now())): Promise<Earnings> {
      const { from, to } = monthRange(month);
      const [rows, closed, shares] = await Promise.all([
        earningsOf(db, payeeId, from, to),
        findPayoutMonth(db, month),
        subscriptionEarningsOf(db, payeeId, month),
      ]);
      const feePercent = closed ? closed.feePercent : await currentFee();
      const feeOf = (gross: number) => Math.floor((gross * feePercent) / 100);
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
          const fee = feeOf(item.gross);
          return { ...item, fee, net: item.gross - fee };
        })
        .sort((a, b) => b.gross - a.gross || a.seriesTitle.localeCompare(b.seriesTitle));
      const totals = items.reduce(
        (sum, item) => ({ gross: sum.gross + item.gross, fee: sum.fee + item.fee, net: sum.net + item.net }),
        { gross: 0, fee: 0, net: 0 },
      );
      const subscriptionItems = shares
        .map((share) => {
          const fee = feeOf(share.cents);
          return {
            seriesId: share.seriesId,
            seriesTitle: share.seriesTitle,
            currency: share.currency,
            gross: share.cents,
            fee,
            net: share.cents - fee,
          };
        })
        .sort(
          (a, b) =>
            CURRENCIES.indexOf(a.currency) - CURRENCIES.indexOf(b.currency) ||
            b.gross - a.gross ||
            a.seriesTitle.localeCompare(b.seriesTitle),
        );
      const byCurrency = (pick: 'gross' | 'fee' | 'net') => {
        const sums = { usd: 0, eur: 0, gbp: 0 };
        for (const item of subscriptionItems) sums[item.currency] += item[pick];
        return sums;
      };
      return {
        month,
        feePercent,
        closed: closed !== undefined,
        items,
        totals,
        subscriptions: {
          items: subscriptionItems,
          totals: { gross: byCurrency('gross'), fee: byCurrency('fee'), net: byCurrency('net') },
        },
      };
    },
  };
}
export type Payouts = ReturnType<typeof createPayouts>;

/**
 * A month's earnings as CSV: one row per series in coins, then one per series and currency from the
 * subscriptions (in the currency's units, two decimals), then a total per unit; titles that could
 * read as formulas defused, commas and quotes escaped (lib/csv).
 */
export function earningsCsv(earnings: Earnings): string {
  const money = (cents: number) => (cents / 100).toFixed(2);
  const { month, items, totals, subscriptions } = earnings;
  const currencies = CURRENCIES.filter((currency) => subscriptions.items.some((item) => item.currency === currency));
  const rows: (string | number)[][] = [
    ['month', 'series', 'unit', 'unlocks', 'bundles', 'gifts', 'subscriptions', 'gross', `fee (${earnings.feePercent} %)`, 'net'],
    ...items.map((item) => [
      month,
      item.seriesTitle,
      'coins',
      item.bySource.unlock,
      item.bySource.bundle,
      item.bySource.gift,
      '',
      item.gross,
      item.fee,
      item.net,
    ]),
    ...subscriptions.items.map((item) => [
      month,
      item.seriesTitle,
      item.currency.toUpperCase(),
      '',
      '',
      '',
      money(item.gross),
      money(item.gross),
      money(item.fee),
      money(item.net),
    ]),
    [month, 'Total', 'coins', '', '', '', '', totals.gross, totals.fee, totals.net],
    ...currencies.map((currency) => [
      month,
      'Total',
      currency.toUpperCase(),
      '',
      '',
      '',
      money(subscriptions.totals.gross[currency]),
      money(subscriptions.totals.gross[currency]),
      money(subscriptions.totals.fee[currency]),
      money(subscriptions.totals.net[currency]),
    ]),
  ];
  return toCsv(rows);
}
