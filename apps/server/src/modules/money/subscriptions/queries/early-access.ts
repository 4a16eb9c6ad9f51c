import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { seriesTiers, subscriptions } from '../../../../db/schema';
import { subscriptionRunning } from '../../../identity/access';

// A reader's memberships as the reading rule needs them (issue 38 §1): for each series whose tier
// they hold now (active, period not over at the request's time), how many days before everyone its
// chapters open to them. `access` reads the answer (`Viewer.earlyAccess`); it cannot import this
// module (subscriptions → wallet → access), so the session's read asks here and hands it on (a
// device key's viewer asks `memberEarlyAccess`, queries/memberships.ts).

/** seriesId → early-access days, only the series with more than 0. */
type EarlyAccessDays = Record<string, number>;

/**
 * The reader's early-access days per series beside a row that carries their id (`userId`, the
 * row's user column): the session's check reads them in its own query, as it reads the series
 * roles. One running membership per reader and series (a unique index), the max over tiers all
 * the same.
 */
export const earlyAccessColumn = (now: Date, userId: AnyPgColumn) =>
  sql<EarlyAccessDays>`coalesce((
    select jsonb_object_agg(m.series_id, m.days) from (
      select s.series_id, max(t.early_access_days) as days
      from ${subscriptions} s join ${seriesTiers} t on t.id = s.tier_id
      where s.user_id = ${userId} and s.tier_id is not null and ${subscriptionRunning(now)} and t.early_access_days > 0
      group by s.series_id
    ) m
  ), '{}'::jsonb)`;
