import type { Database } from '../../../db/client';
import { lockBalance, moveCoins } from '../wallet';
import { endSubscriptionRow } from './commands/subscription-rows';
import type { PlanRow } from './queries/plans';
import type { SubscriptionRow } from './queries/subscriptions';
import type { TierRow } from './queries/tiers';
import { activeSubscriptionRow, insertSubscription } from './subscriptions.repository';

/** What a period is bought as: a site-wide plan, or a series' membership tier (issue 38 §1). */
export type SubscriptionItem = { kind: 'plan'; plan: PlanRow } | { kind: 'tier'; tier: TierRow };
/** The terms a period is credited by, which plans and tiers share. */
type PeriodTerms = Pick<PlanRow, 'name' | 'interval' | 'coinsPerPeriod'>;

const termsOf = (item: SubscriptionItem): PeriodTerms => (item.kind === 'plan' ? item.plan : item.tier);

/** The end of a period that starts at `from`. */
export function addInterval(from: Date, interval: PlanRow['interval']): Date {
  const next = new Date(from);
  if (interval === 'year') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/** A plan's or a tier's coins for one period, credited once per period whoever reports it (an idempotency key). */
export async function creditPeriodCoins(
  tx: Database,
  subscription: SubscriptionRow,
  plan: PeriodTerms,
  purchaseId: string,
  start: Date,
) {
  if (plan.coinsPerPeriod <= 0) return;
  await moveCoins(tx, {
    userId: subscription.userId,
    delta: plan.coinsPerPeriod,
    kind: 'subscription_coins',
    reason: `${plan.name}: coins for the ${plan.interval}`,
    purchaseId,
    idempotencyKey: `subscription:${subscription.id}:${start.toISOString()}`,
  });
}

/**
 * A paid plan or tier purchase starts its subscription, inside the payment's transaction: a reader
 * holds one running plan, and one running membership per series, so a newer one replaces the old;
 * the first period's coins come with it. The reader's row is locked first, so two payments
 * fulfilled at once (two instances, two checkouts) start one after the other, never two running.
 * The replaced one is answered too: its billing at the provider is stopped once this commits.
 */
export async function startSubscription(
  tx: Database,
  purchase: { id: string; userId: string; provider: SubscriptionRow['provider'] },
  item: SubscriptionItem,
  period: { start: Date; end?: Date | undefined; providerSubscriptionId?: string | null | undefined },
  now: Date,
): Promise<{ subscription: SubscriptionRow; replaced: SubscriptionRow | undefined }> {
  await lockBalance(tx, purchase.userId);
  const seriesId = item.kind === 'tier' ? item.tier.seriesId : null;
  const running = await activeSubscriptionRow(tx, purchase.userId, seriesId);
  const replaced = running ? await endSubscriptionRow(tx, running.id, now) : undefined;
  const plan = termsOf(item);
  const subscription = await insertSubscription(tx, {
    userId: purchase.userId,
    ...(item.kind === 'plan' ? { planId: item.plan.id } : { tierId: item.tier.id, seriesId: item.tier.seriesId }),
    purchaseId: purchase.id,
    provider: purchase.provider,
    providerSubscriptionId: period.providerSubscriptionId ?? null,
    currentPeriodStart: period.start,
    currentPeriodEnd: period.end ?? addInterval(period.start, plan.interval),
    startedAt: now,
  });
  await creditPeriodCoins(tx, subscription, plan, purchase.id, period.start);
  return { subscription, replaced };
}
