import type { AdminCoinPackage, AdminPurchase, CoinPackage, Purchase } from '@inkwell/contract';
import type { TierReceipt } from '../subscriptions';
import type { PurchaseRow } from './payments.repository';
import type { CoinPackageRow } from './queries/coin-packages';

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

export function toPurchase(row: PurchaseRow): Purchase {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    amountCents: row.amountCents,
    currency: row.currency,
    taxCents: row.taxCents,
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

/** A purchase as its buyer's receipt shows it: a membership's names its tier and series (`tiersForReceipts`). */
export function toReceipt(row: PurchaseRow, tier: TierReceipt | undefined): Purchase {
  return { ...toPurchase(row), tier: row.kind === 'tier' && tier ? tier : null };
}

export function toAdminPurchase(row: PurchaseRow, user: AdminPurchase['user']): AdminPurchase {
  return { ...toPurchase(row), user, coinsReversed: row.coinsReversed };
}
