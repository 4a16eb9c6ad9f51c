import type { AdminPlan, Plan, Subscription } from '@inkwell/contract';
import type { PlanRow } from './queries/plans';
import type { SubscriptionRow } from './queries/subscriptions';

export function toPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    priceCents: row.priceCents,
    currency: row.currency,
    interval: row.interval,
    includesPremium: row.includesPremium,
    coinsPerPeriod: row.coinsPerPeriod,
  };
}

export function toAdminPlan(row: PlanRow, counts: { sold: number; activeSubscribers: number }): AdminPlan {
  return { ...toPlan(row), isActive: row.isActive, ...counts, createdAt: row.createdAt.toISOString() };
}

export function toSubscription(row: SubscriptionRow, plan: PlanRow): Subscription {
  return {
    id: row.id,
    plan: toPlan(plan),
    status: row.status,
    provider: row.provider,
    startedAt: row.startedAt.toISOString(),
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}
