import type { Database } from '../../../db/client';
import { moveCoins } from '../wallet';
import { endSubscriptionRow } from './commands/subscription-rows';
import type { PlanRow } from './queries/plans';
import type { SubscriptionRow } from './queries/subscriptions';
import { activeSubscriptionRow, insertSubscription } from './subscriptions.repository';

/** The end of a period that starts at `from`. */
export function addInterval(from: Date, interval: PlanRow['interval']): Date {
  const next = new Date(from);
  if (interval === 'year') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/** A plan's coins for one period, credited once per period whoever reports it (an idempotency key). */
export async function creditPeriodCoins(
  tx: Database,
  subscription: SubscriptionRow,
  plan: PlanRow,
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
 * A paid plan purchase starts its subscription, inside the payment's transaction: a reader holds
 * one running plan, so a newer one replaces the old; the first period's coins come with it.
 */
export async function startSubscription(
  tx: Database,
  purchase: { id: string; userId: string; provider: SubscriptionRow['provider'] },
  plan: PlanRow,
  period: { start: Date; end?: Date | undefined; providerSubscriptionId?: string | null | undefined },
  now: Date,
): Promise<SubscriptionRow> {
  const running = await activeSubscriptionRow(tx, purchase.userId);
  if (running) await endSubscriptionRow(tx, running.id, now);
  const subscription = await insertSubscription(tx, {
    userId: purchase.userId,
    planId: plan.id,
    purchaseId: purchase.id,
    provider: purchase.provider,
    providerSubscriptionId: period.providerSubscriptionId ?? null,
    currentPeriodStart: period.start,
    currentPeriodEnd: period.end ?? addInterval(period.start, plan.interval),
    startedAt: now,
  });
  await creditPeriodCoins(tx, subscription, plan, purchase.id, period.start);
  return subscription;
}
