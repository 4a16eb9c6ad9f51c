import {
  addAmounts,
  addDays,
  METRICS_SERIES_REVENUE_MAX,
  type AdminMetrics,
  type Currency,
  type MetricsRange,
  type MoneyByCurrency,
} from '@inkwell/contract';
import { lastClosedDay } from '../closed-days';
import { listRolledAdminDays, listRolledCoinPurchases } from '../metrics-days.repository';
import { nameable } from '../metrics-tops';
import { firstSeriesByTitle, nameTopSeriesByCoins } from '../metrics-tops.repository';
import {
  emptyAdminDay,
  listAdminDays,
  sumCoinPurchasesIn,
  sumPayingSubscriptions,
  sumRefundedCoinPurchases,
  type Amount,
  type Span,
} from '../metrics.repository';
import { SERIES_BY_COINS } from '../top-lists';
import { earlier, inDayOrder, liveDaysOf, money, num, planDays, topOf, type MetricsReads } from './days';

const startOf = (day: string) => new Date(`${day}T00:00:00Z`);
const endOf = (day: string) => startOf(addDays(day, 1));

type CoinValue = { coinsSold: number; paid: MoneyByCurrency };

/**
 * What coins were bought for: every coin purchase paid up to the range's end, refunded ones left
 * out. The rolled-up days give what was paid on them; the days around and between them are read
 * live; refunds are taken off live, whenever they came.
 */
async function coinValueAt({ db, kept }: MetricsReads, endDay: string, lastClosed: string): Promise<CoinValue> {
  const to = earlier(endDay, lastClosed);
  // Awaited inside: the repository hands back a query, which would run again at each await.
  const stored = await kept.rolledCoinPurchases.get(to, async () => await listRolledCoinPurchases(db, to));
  const spans: Span[] = [];
  let next: string | null = null;
  for (const row of stored) {
    if (next === null) spans.push({ start: null, end: startOf(row.day) });
    else if (row.day !== next) spans.push({ start: startOf(next), end: startOf(row.day) });
    next = addDays(row.day, 1);
  }
  if (next === null) spans.push({ start: null, end: endOf(endDay) });
  else if (next <= endDay) spans.push({ start: startOf(next), end: endOf(endDay) });
  const [unrolled, refunded] = await Promise.all([sumCoinPurchasesIn(db, spans), sumRefundedCoinPurchases(db, endOf(endDay))]);
  const coins = (amount: Amount | undefined, back: Amount | undefined) =>
    stored.reduce((sum, row) => sum + row.coins, 0) + num(amount) - num(back);
  const paid = stored.reduce((sum, row) => addAmounts(sum, row.paid), money(unrolled?.paid));
  return { coinsSold: coins(unrolled?.coins, refunded?.coins), paid: addAmounts(paid, money(refunded?.paid), -1) };
}

/** A coin spent is worth what the average coin was bought for, in each currency it was sold in. */
const valueOf =
  (value: CoinValue) =>
  (coins: number): MoneyByCurrency => {
    if (value.coinsSold === 0) return {};
    const worth: MoneyByCurrency = {};
    for (const [currency, paid] of Object.entries(value.paid) as [Currency, number][])
      worth[currency] = Math.round((coins * paid) / value.coinsSold);
    return addAmounts(worth, {});
  };

/** The admin's numbers over a range (issue 10 §3): money and coins per day, what coins are worth, revenue by series. */
export async function adminMetrics(reads: MetricsReads, range: MetricsRange, now: Date): Promise<AdminMetrics> {
  const { db, kept, named } = reads;
  const lastClosed = lastClosedDay(now);
  const plan = await planDays(db, range, lastClosed, (from, to) => listRolledAdminDays(db, from, to), emptyAdminDay);
  const [live, value, unlocked, paying] = await Promise.all([
    Promise.all(plan.runs.map((run) => listAdminDays(db, run))),
    coinValueAt(reads, range.to, lastClosed),
    topOf(
      db,
      kept.seriesUnlocks,
      SERIES_BY_COINS,
      range,
      lastClosed,
      plan.isFrozen,
      plan.isFrozen ? liveDaysOf(range, lastClosed) : null,
    ),
    sumPayingSubscriptions(db, now),
  ]);
  const bySeries = await named('series-coins', unlocked, async () =>
    nameTopSeriesByCoins(
      db,
      await nameable(unlocked, METRICS_SERIES_REVENUE_MAX, SERIES_BY_COINS.compare, (ids, limit) =>
        firstSeriesByTitle(db, ids, limit),
      ),
      METRICS_SERIES_REVENUE_MAX,
    ),
  );

  const days = inDayOrder([...plan.stored, ...live.flat()]).map((row) => {
    const paid = money(row.paid);
    const refunded = money(row.refunded);
    return {
      day: String(row.day),
      paid,
      refunded,
      net: addAmounts(paid, refunded, -1),
      coinsSold: num(row.coins_sold),
      coinsSpent: num(row.coins_spent),
      activeSubscriptions: num(row.active),
      mrr: money(row.mrr),
      signups: num(row.signups),
    };
  });
  const total = (pick: (day: (typeof days)[number]) => MoneyByCurrency): MoneyByCurrency =>
    days.reduce((sum, day) => addAmounts(sum, pick(day)), {});
  const worth = valueOf(value);

  return {
    range,
    days,
    totals: {
      paid: total((day) => day.paid),
      refunded: total((day) => day.refunded),
      net: total((day) => day.net),
      coinsSold: days.reduce((sum, day) => sum + day.coinsSold, 0),
      coinsSpent: days.reduce((sum, day) => sum + day.coinsSpent, 0),
      signups: days.reduce((sum, day) => sum + day.signups, 0),
    },
    coinValue: value,
    revenueBySeries: bySeries.map((row) => ({
      seriesId: String(row.id),
      title: String(row.title),
      slug: String(row.slug),
      unlocks: num(row.unlocks),
      coins: num(row.coins),
      value: worth(num(row.coins)),
    })),
    now: { activeSubscriptions: num(paying?.active), mrr: money(paying?.mrr) },
  };
}
