import {
  addDays,
  adminMetricsResponseSchema,
  METRICS_RANGE_PRESETS,
  METRICS_SERIES_REVENUE_MAX,
  METRICS_TOP,
  resolveMetricsRange,
  utcDay,
  type AdminMetrics,
  type MetricsQuery,
  type MetricsRange,
  type MoneyByCurrency,
  type SeriesFunnel,
  type TeamMetrics,
  teamMetricsResponseSchema,
} from '@inkwell/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { findSeriesById } from '../series';
import { seriesFunnel } from './funnel.repository';
import type { Clock } from '../../lib/clock';
import { lastClosedDay, liveRuns, rangeOfDays } from './closed-days';
import { firstRolledDay, listRolledAdminDays, listRolledCoinPurchases, listRolledTeamDays } from './metrics-days.repository';
import { candidatesOf, createTopSums, EMPTY, rank, type Ranked } from './metrics-tops';
import { SERIES_BY_COINS, TOP_CHAPTERS_BY_UNLOCKS, TOP_CHAPTERS_BY_VIEWS, TOP_SERIES_BY_VIEWS, type TopList } from './top-lists';
import {
  nameTopChaptersByUnlocks,
  nameTopChaptersByViews,
  nameTopSeriesByCoins,
  nameTopSeriesByViews,
  type Candidate,
  type ChapterRefRow,
} from './metrics-tops.repository';
import {
  countAwaitingTeam,
  listAdminDays,
  listTeamDays,
  sumCoinPurchasesIn,
  sumPayingSubscriptions,
  sumRefundedCoinPurchases,
  type Amount,
  emptyAdminDay,
  emptyTeamDay,
  type AmountsByCurrency,
  type Span,
} from './metrics.repository';
import { clearedOnAll, SERIES_EVENTS, type CacheRegistry } from '../../lib/caches';

const num = (value: Amount | undefined) => Number(value ?? 0);
const money = <P extends string>(row: Partial<AmountsByCurrency<P>>, prefix: P): MoneyByCurrency => ({
  usd: num(row[`${prefix}_usd`]),
  eur: num(row[`${prefix}_eur`]),
  gbp: num(row[`${prefix}_gbp`]),
});

/** How long the top lists' names are kept for the same ranking (the catalogue's own cache time). */
const NAMES_CACHE_MS = 10_000;
/**
 * How long an answer is kept (decision 0032): today's figures are at most this old, on top of the
 * view counter's own delay (views reach daily_views every 15 s). A team change here clears it.
 */
export const METRICS_ANSWER_MS = 5_000;

const startOf = (day: string) => new Date(`${day}T00:00:00Z`);
const endOf = (day: string) => startOf(addDays(day, 1));
const earlier = (a: string, b: string) => (a < b ? a : b);
const later = (a: string, b: string) => (a > b ? a : b);

/**
 * Editors' and admins' numbers (issue 10 §3). Closed days come from the daily roll-up
 * (metrics_days, kept by the `metrics.roll-up` job); today, and any closed day not rolled up yet,
 * are computed live by set-based statements over those days alone (generate_series joined to
 * per-day counts on the counted column's index). Either way a day reads the same. The top lists
 * add the live days' sums to the closed days' (metrics-tops.ts says why they are kept that way).
 */
export function createMetricsService({ db, clock, caches }: { db: Database; clock: Clock; caches: CacheRegistry }) {
  const seriesViews = createTopSums<Ranked>();
  const chapterViews = createTopSums<Ranked>();
  const chapterUnlocks = createTopSums<Ranked>();
  const seriesUnlocks = createTopSums<Ranked>();
  /**
   * The rolled-up days' coin purchases up to a day, kept: a closed day's figures never change, so a
   * day rolled up since is merely read live with the other days around the kept ones, as the same sums.
   */
  const rolledCoinPurchases = createTopSums<Awaited<ReturnType<typeof listRolledCoinPurchases>>>(4);
  /**
   * The top lists named once per NAMES_CACHE_MS for what they rank (ids and counts), not joined to
   * chapters and series on every request; a team change clears them here, and elsewhere within that time.
   */
  const names = caches.declare<unknown[]>({
    name: 'metrics names',
    ttlMs: NAMES_CACHE_MS,
    bound: 64,
    clearedBy: clearedOnAll(SERIES_EVENTS),
  });
  const named = <T>(list: string, candidates: Candidate[], read: () => Promise<T[]>) =>
    names.get(`${list}|${JSON.stringify(candidates)}`, read) as Promise<T[]>;

  const rangeOf = (query: MetricsQuery): MetricsRange => {
    const resolved = resolveMetricsRange(query, utcDay(clock.now()));
    if ('fields' in resolved) {
      const [first] = Object.values(resolved.fields);
      throw new AppError('validation_failed', first ?? 'The range is not valid', { fields: resolved.fields });
    }
    return resolved.range;
  };

  /**
   * Where each day of the range is read: `stored` rows from the roll-up, and the `runs` of days
   * computed live. `isFrozen`: every closed day of the range was rolled up, so their sums do not
   * change any more and may be kept.
   */
  async function planDays<R extends { day: string }>(
    range: MetricsRange,
    lastClosed: string,
    readRolled: (from: string, to: string) => Promise<R[]>,
    emptyDay: (day: string) => R,
  ) {
    const closedTo = earlier(range.to, lastClosed);
    const [rolled, first] =
      range.from <= closedTo ? await Promise.all([readRolled(range.from, closedTo), firstRolledDay(db)]) : [[], null];
    // Nothing was counted before the roll-up's first day: those days are empty.
    const stored = [...rolled];
    for (let day = range.from; first !== null && day < first && day <= closedTo; day = addDays(day, 1))
      stored.push(emptyDay(day));
    const answered = new Set(stored.map((row) => String(row.day)));
    const runs = liveRuns(range, lastClosed, (day) => answered.has(day));
    return { stored, runs, isFrozen: runs.every((run) => run.from > lastClosed) };
  }

  const inDayOrder = <R extends { day: string }>(rows: R[]) =>
    rows.sort((a, b) => (String(a.day) < String(b.day) ? -1 : String(a.day) > String(b.day) ? 1 : 0));

  /** The range's live days (after the last closed one), or null when none is live. */
  function liveDaysOf(range: MetricsRange, lastClosed: string) {
    const liveFrom = later(range.from, addDays(lastClosed, 1));
    return liveFrom > range.to ? null : rangeOfDays(liveFrom, range.to);
  }

  /**
   * A top list's candidates over the range: the closed days' sums ranked once per range and day
   * (when frozen) plus the live days' sums; before the roll-up has the closed days, all ranked now.
   */
  async function topOf(
    kept: ReturnType<typeof createTopSums<Ranked>>,
    list: TopList,
    range: MetricsRange,
    lastClosed: string,
    isFrozen: boolean,
    liveDays: MetricsRange | null,
  ) {
    const ranked = async (days: MetricsRange) => rank(await list.ranked(db, days));
    if (!isFrozen) return candidatesOf(await ranked(range), EMPTY, list.limit, list.compare);
    const closedTo = earlier(range.to, lastClosed);
    const readLive = async () => (liveDays ? rank(await list.sums(db, liveDays)) : EMPTY);
    const [closed, live] = await Promise.all([
      range.from <= closedTo ? kept.get(`${range.from}|${closedTo}`, () => ranked(rangeOfDays(range.from, closedTo))) : EMPTY,
      readLive(),
    ]);
    return candidatesOf(closed, live, list.limit, list.compare);
  }

  async function team(range: MetricsRange, now: Date): Promise<TeamMetrics> {
    const lastClosed = lastClosedDay(now);
    const plan = await planDays(range, lastClosed, (from, to) => listRolledTeamDays(db, from, to), emptyTeamDay);
    const liveDays = plan.isFrozen ? liveDaysOf(range, lastClosed) : null;
    const [live, seriesTop, chapterTop, unlockTop, awaiting] = await Promise.all([
      Promise.all(plan.runs.map((run) => listTeamDays(db, run))),
      topOf(seriesViews, TOP_SERIES_BY_VIEWS, range, lastClosed, plan.isFrozen, liveDays),
      topOf(chapterViews, TOP_CHAPTERS_BY_VIEWS, range, lastClosed, plan.isFrozen, liveDays),
      topOf(chapterUnlocks, TOP_CHAPTERS_BY_UNLOCKS, range, lastClosed, plan.isFrozen, liveDays),
      countAwaitingTeam(db, now),
    ]);
    const [topSeries, topChapters, topUnlocks] = await Promise.all([
      named('series-views', seriesTop, () => nameTopSeriesByViews(db, seriesTop, METRICS_TOP)),
      named('chapter-views', chapterTop, () => nameTopChaptersByViews(db, chapterTop, METRICS_TOP)),
      named('chapter-unlocks', unlockTop, () => nameTopChaptersByUnlocks(db, unlockTop, METRICS_TOP)),
    ]);

    const days = inDayOrder([...plan.stored, ...live.flat()]).map((row) => ({
      day: String(row.day),
      views: num(row.views),
      followers: num(row.followers),
      comments: num(row.comments),
      unlocks: num(row.unlocks),
      unlockCoins: num(row.unlock_coins),
    }));
    const sum = (key: Exclude<keyof TeamMetrics['days'][number], 'day'>) => days.reduce((total, day) => total + day[key], 0);
    const chapterRef = (row: ChapterRefRow) => ({
      chapterId: String(row.chapter_id),
      seriesId: String(row.series_id),
      seriesTitle: String(row.series_title),
      seriesSlug: String(row.series_slug),
      number: num(row.number),
      title: String(row.title),
      slug: String(row.slug),
    });
    return {
      range,
      days,
      totals: {
        views: sum('views'),
        followers: sum('followers'),
        comments: sum('comments'),
        unlocks: sum('unlocks'),
        unlockCoins: sum('unlockCoins'),
      },
      topSeries: topSeries.map((row) => ({
        seriesId: String(row.id),
        title: String(row.title),
        slug: String(row.slug),
        views: num(row.views),
      })),
      topChapters: topChapters.map((row) => ({ ...chapterRef(row), views: num(row.views) })),
      topUnlocks: topUnlocks.map((row) => ({ ...chapterRef(row), unlocks: num(row.unlocks), coins: num(row.coins) })),
      now: {
        reportedComments: num(awaiting?.reported_comments),
        scheduledChapters: num(awaiting?.scheduled_chapters),
        draftChapters: num(awaiting?.draft_chapters),
        draftSeries: num(awaiting?.draft_series),
      },
    };
  }

  /**
   * What coins were bought for: every coin purchase paid up to the range's end, refunded ones left
   * out. The rolled-up days give what was paid on them; the days around and between them are read
   * live; refunds are taken off live, whenever they came.
   */
  async function coinValueAt(endDay: string, lastClosed: string) {
    const to = earlier(endDay, lastClosed);
    // Awaited inside: the repository hands back a query, which would run again at each await.
    const stored = await rolledCoinPurchases.get(to, async () => await listRolledCoinPurchases(db, to));
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

  async function admin(range: MetricsRange, now: Date): Promise<AdminMetrics> {
    const lastClosed = lastClosedDay(now);
    const plan = await planDays(range, lastClosed, (from, to) => listRolledAdminDays(db, from, to), emptyAdminDay);
    const [live, value, unlocked, paying] = await Promise.all([
      Promise.all(plan.runs.map((run) => listAdminDays(db, run))),
      coinValueAt(range.to, lastClosed),
      topOf(
        seriesUnlocks,
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
    // A coin spent is worth what the average coin was bought for, in each currency it was sold in.
    const valueOf = (coins: number): MoneyByCurrency =>
      value.coinsSold === 0
        ? { usd: 0, eur: 0, gbp: 0 }
        : {
            usd: Math.round((coins * value.paid.usd) / value.coinsSold),
            eur: Math.round((coins * value.paid.eur) / value.coinsSold),
            gbp: Math.round((coins * value.paid.gbp) / value.coinsSold),
          };

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
        value: valueOf(num(row.coins)),
      })),
      now: { activeSubscriptions: num(paying?.active), mrr: money(paying ?? {}, 'mrr') },
    };
  }

  /**
   * Each answer is kept METRICS_ANSWER_MS per range as its response's JSON, checked against the
   * contract once when made, and requests that arrive while it is computed share that computation:
   * a dashboard open in many tabs, or a crowd of editors, costs one computation (and one check of a
   * year's days) every few seconds whatever the catalogue's size (decision 0032).
   */
  const answers = caches.declare<string>({
    name: 'metrics answers',
    ttlMs: METRICS_ANSWER_MS,
    bound: 32,
    clearedBy: clearedOnAll(SERIES_EVENTS),
  });
  function kept<T>(
    name: string,
    query: MetricsQuery,
    compute: (range: MetricsRange, now: Date) => Promise<T>,
    schema: { parse: (value: unknown) => unknown },
  ): Promise<string> {
    const range = rangeOf(query);
    return answers.get(`${name}|${range.from}|${range.to}`, async () =>
      JSON.stringify(schema.parse({ success: true, data: await compute(range, clock.now()) })),
    );
  }

  return {
    /** A series' funnel over a range (issue 22 §3): per chapter, readers, unlocks by method, first payments and drop-off. */
    async funnel(seriesId: string, query: MetricsQuery): Promise<SeriesFunnel> {
      const range = rangeOf(query);
      const series = await findSeriesById(db, seriesId);
      if (!series) throw new AppError('series_not_found', 'Series not found');
      const rows = await seriesFunnel(db, seriesId, range, clock.now());
      return {
        range,
        seriesId,
        title: series.title,
        rows: rows.map((row) => ({
          chapterId: row.chapter_id,
          number: Number(row.number),
          started: row.started,
          finished: row.finished,
          unlocksByMethod: { coins: row.coins, wait_pass: row.wait_pass, daily_free: row.daily_free },
          firstPaid: row.first_paid,
          dropOff: row.has_next && row.started > 0 ? Math.round(((row.started - row.went_on) / row.started) * 1000) / 1000 : null,
        })),
      };
    },

    /**
     * Computes the answers of the range picker's presets (the last 7, 30 and 90 days) ahead of the
     * first editor: at scale, ranking their closed days takes seconds, once per instance and day
     * (app.ts runs it). One after another, so the reports' pool keeps room for the admin's lists.
     */
    async warm() {
      const today = utcDay(clock.now());
      for (const days of METRICS_RANGE_PRESETS) {
        const query = { from: addDays(today, -(days - 1)), to: today };
        await kept('team', query, team, teamMetricsResponseSchema);
        await kept('admin', query, admin, adminMetricsResponseSchema);
      }
    },
    /** TEAM/metrics' response as JSON. */
    teamJson: (query: MetricsQuery) => kept('team', query, team, teamMetricsResponseSchema),
    /** ADMIN/metrics' response as JSON. */
    adminJson: (query: MetricsQuery) => kept('admin', query, admin, adminMetricsResponseSchema),
  };
}
export type MetricsService = ReturnType<typeof createMetricsService>;
