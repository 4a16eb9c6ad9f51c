import type { AdminCoinPackage, AdminPlan, AdminPurchase, CoinPackage, Plan, Purchase, Subscription, WalletEntry } from '@inkwell/contract';
import type { WalletRow } from './ledger.repository';
import type { CoinPackageRow, PlanRow, PurchaseRow, SubscriptionRow } from './store.repository';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Marks the package that gives the most coins per cent (one, and only when there is a choice). */
export function toCoinPackages(rows: CoinPackageRow[]): CoinPackage[] {
  const value = (row: CoinPackageRow) => (row.coins + row.bonusCoins) / row.priceCents;
  const best = rows.length > 1 ? rows.reduce((a, b) => (value(b) > value(a) ? b : a)) : undefined;
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    coins: row.coins,
    bonusCoins: row.bonusCoins,
    priceCents: row.priceCents,
    currency: row.currency,
    bestValue: row === best,
  }));
}

export function toAdminCoinPackage(row: CoinPackageRow, sold: number): AdminCoinPackage {
  return {
    id: row.id,
    name: row.name,
    coins: row.coins,
    bonusCoins: row.bonusCoins,
    priceCents: row.priceCents,
    currency: row.currency,
    isActive: row.isActive,
    position: row.position,
    sold,
    createdAt: row.createdAt.toISOString(),
  };
}

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

export function toPurchase(row: PurchaseRow): Purchase {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    amountCents: row.amountCents,
    currency: row.currency,
    coins: row.coins,
    planName: row.kind === 'plan' ? row.itemName : null,
    packageName: row.kind === 'coins' ? row.itemName : null,
    provider: row.provider,
    reference: row.providerSessionId,
    returnTo: row.returnTo,
    createdAt: row.createdAt.toISOString(),
    paidAt: iso(row.paidAt),
    refundedAt: iso(row.refundedAt),
  };
}

export function toAdminPurchase(row: PurchaseRow, user: AdminPurchase['user']): AdminPurchase {
  return { ...toPurchase(row), user, coinsReversed: row.coinsReversed };
}

export function toWalletEntry({ entry, chapter, series }: WalletRow): WalletEntry {
  return {
    id: entry.id,
    delta: entry.delta,
    kind: entry.kind,
    balanceAfter: entry.balanceAfter,
    reason: entry.reason,
    createdAt: entry.createdAt.toISOString(),
    chapter:
      chapter && series
        ? { id: chapter.id, slug: chapter.slug, number: chapter.number, title: chapter.title, seriesSlug: series.slug, seriesTitle: series.title }
        : null,
  };
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
