import type { AdminPlan, Membership, Plan, Subscription, TeamTier, Tier } from '@inkwell/contract';
import type { MembershipRow } from './queries/memberships';
import type { PlanRow } from './queries/plans';
import type { TierRow } from './queries/tiers';
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

// Memberships per series (issue 38 §1).

export function toTier(row: TierRow): Tier {
  return {
    id: row.id,
    seriesId: row.seriesId,
    name: row.name,
    description: row.description,
    priceCents: row.priceCents,
    currency: row.currency as Tier['currency'],
    interval: row.interval,
    earlyAccessDays: row.earlyAccessDays,
    coinsPerPeriod: row.coinsPerPeriod,
  };
}

export function toTeamTier(row: TierRow, counts: { sold: number; activeMembers: number }): TeamTier {
  return { ...toTier(row), isActive: row.isActive, position: row.position, ...counts, createdAt: row.createdAt.toISOString() };
}

export function toMembership({ subscription, tier, series }: MembershipRow): Membership {
  return {
    id: subscription.id,
    tier: toTier(tier),
    series,
    status: subscription.status,
    provider: subscription.provider,
    startedAt: subscription.startedAt.toISOString(),
    currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
  };
}
