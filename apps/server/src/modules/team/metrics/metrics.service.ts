import {
  addDays,
  adminMetricsResponseSchema,
  resolveMetricsRange,
  utcDay,
  type MetricsQuery,
  type MetricsRange,
  type SeriesFunnel,
  teamMetricsResponseSchema,
} from '@inkwell/contract';
import type { Database } from '../../../db/client';
import { AppError, isValidationId, type ApiErrorId, type ValidationId } from '../../../lib/app-error';
import { clearedOnAll, SERIES_EVENTS, type CacheRegistry } from '../../../lib/caches';
import type { Clock } from '../../../lib/clock';
import type { listRolledCoinPurchases } from './metrics-days.repository';
import { createClosedTops, METRICS_CLOSED_PRESETS } from './metrics-closed';
import { createTopSums } from './metrics-tops';
import type { Candidate } from './metrics-tops.repository';
import { adminMetrics } from './queries/admin';
import type { MetricsReads } from './queries/days';
import { seriesFunnelOver } from './queries/funnel';
import { teamMetrics } from './queries/team';

/** How long the top lists' names are kept for the same ranking (the catalogue's own cache time). */
const NAMES_CACHE_MS = 10_000;
/**
 * How long an answer is kept (decision 0032): today's figures are at most this old, on top of the
 * view counter's own delay (views reach daily_views every 15 s). A team change here clears it.
 */
export const METRICS_ANSWER_MS = 5_000;

/**
 * Editors' and admins' numbers (issue 10 §3). Closed days come from the daily roll-up
 * (metrics_days, kept by the `metrics.roll-up` job); today, and any closed day not rolled up yet,
 * are computed live by set-based statements over those days alone (generate_series joined to
 * per-day counts on the counted column's index). Either way a day reads the same. The top lists
 * add the live days' sums to the closed days' (metrics-tops.ts says why they are kept that way).
 * The work is in queries/; this keeps what is kept between requests and binds it once.
 */
export function createMetricsService({ db, clock, caches }: { db: Database; clock: Clock; caches: CacheRegistry }) {
  // The top lists' closed days, ranked once for every instance (metrics-closed.ts).
  const closedTops = createClosedTops(db);
  const sums = {
    seriesViews: closedTops,
    chapterViews: closedTops,
    chapterUnlocks: closedTops,
    seriesUnlocks: closedTops,
    /**
     * The rolled-up days' coin purchases up to a day, kept: a closed day's figures never change, so a
     * day rolled up since is merely read live with the other days around the kept ones, as the same sums.
     */
    rolledCoinPurchases: createTopSums<Awaited<ReturnType<typeof listRolledCoinPurchases>>>(4),
  };
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
  const reads: MetricsReads = { db, kept: sums, named };
  const team = (range: MetricsRange, now: Date) => teamMetrics(reads, range, now);
  const admin = (range: MetricsRange, now: Date) => adminMetrics(reads, range, now);

  const rangeOf = (query: MetricsQuery): MetricsRange => {
    const resolved = resolveMetricsRange(query, utcDay(clock.now()));
    if ('fields' in resolved) {
      // The contract's messages are validation ids (decision 0040).
      const fields: Record<string, ValidationId | ApiErrorId> = {};
      for (const [field, message] of Object.entries(resolved.fields)) {
        fields[field] = isValidationId(message) ? message : 'apiErrors.team.rangeInvalid';
      }
      throw new AppError('validation_failed', Object.values(fields)[0] ?? 'apiErrors.team.rangeInvalid', { fields });
    }
    return resolved.range;
  };

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
    funnel: (seriesId: string, query: MetricsQuery): Promise<SeriesFunnel> =>
      seriesFunnelOver({ db, clock }, seriesId, rangeOf(query)),

    /**
     * Computes the answers of the range picker's presets (the last 7, 30 and 90 days) and of a
     * year ahead of the first editor (app.ts runs it): their closed days' top lists are ranked
     * once for every instance (the first to start ranks them, or the roll-up job has). One after
     * another, so the reports' pool keeps room for the admin's lists.
     */
    async warm() {
      const today = utcDay(clock.now());
      for (const days of METRICS_CLOSED_PRESETS) {
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
