import {
  addDays,
  METRICS_SERIES_REVENUE_MAX,
  type AdminMetrics,
  type MetricsRange,
  type MoneyByCurrency,
} from '@inkwell/contract';
import { lastClosedDay } from '../closed-days';
import { listRolledAdminDays, listRolledCoinPurchases } from '../metrics-days.repository';
import { nameTopSeriesByCoins } from '../metrics-tops.repository';
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
  const total = (pick: (row: (typeof stored)[number]) => number, amount: Amount | undefined, back: Amount | undefined) =>
    stored.reduce((sum, row) => sum + pick(row), 0) + num(amount) - num(back);
  return {
    coinsSold: total((row) => row.coins, unrolled?.coins, refunded?.coins),
    paid: {
      usd: total((row) => row.usd, unrolled?.paid_usd, refunded?.paid_usd),
      eur: total((row) => row.eur, unrolled?.paid_eur, refunded?.paid_eur),
      gbp: total((row) => row.gbp, unrolled?.paid_gbp, refunded?.paid_gbp),
    },
  };
}

/** A coin spent is worth what the average coin was bought for, in each currency it was sold in. */
const valueOf =
  (value: CoinValue) =>
  (coins: number): MoneyByCurrency =>
    value.coinsSold === 0
      ? { usd: 0, eur: 0, gbp: 0 }
      : {
          usd: Math.round((coins * value.paid.usd) / value.coinsSold),
          eur: Math.round((coins * value.paid.eur) / value.coinsSold),
          gbp: Math.round((coins * value.paid.gbp) / value.coinsSold),
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
  const bySeries = await named('series-coins', unlocked, () => nameTopSeriesByCoins(db, unlocked, METRICS_SERIES_REVENUE_MAX));

  const days = inDayOrder([...plan.stored, ...live.flat()]).map((row) => {
    const paid = money(row, 'paid');
    const refunded = money(row, 'refunded');
    return {
      day: String(row.day),
      paid,
      refunded,
      net: { usd: paid.usd - refunded.usd, eur: paid.eur - refunded.eur, gbp: paid.gbp - refunded.gbp },
      coinsSold: num(row.coins_sold),
      coinsSpent: num(row.coins_spent),
      activeSubscriptions: num(row.active),
      mrr: money(row, 'mrr'),
      signups: num(row.signups),
    };
  });
  const total = (pick: (day: (typeof days)[number]) => MoneyByCurrency): MoneyByCurrency => ({
    usd: days.reduce((sum, day) => sum + pick(day).usd, 0),
    eur: days.reduce((sum, day) => sum + pick(day).eur, 0),
    gbp: days.reduce((sum, day) => sum + pick(day).gbp, 0),
  });
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
    now: { activeSubscriptions: num(paying?.active), mrr: money(paying ?? {}, 'mrr') },
  };
}
