import type { z } from 'zod';
import {
  inStoreCurrency,
  priceProblem,
  type adminPurchaseListQuerySchema,
  type coinPackageInputSchema,
  type coinPackagePatchSchema,
  type Currency,
} from '@inkwell/contract';
import type { Database } from '../../../db/client';
import { pageInfo } from '../../../db/sql';
import { AppError } from '../../../lib/app-error';
import { tiersForReceipts } from '../subscriptions';
import { ledgerTotals } from '../wallet';
import { toAdminCoinPackage, toAdminPurchase, toCoinPackages, toReceipt } from './payments.presenter';
import {
  coinRevenue,
  findCoinPackage,
  findPurchase,
  findPurchaseWithBuyer,
  searchPurchases,
  updateCoinPackage,
  type PurchaseRow,
} from './payments.repository';
import { insertCoinPackage } from './commands/coin-packages';
import { listCoinPackages } from './queries/coin-packages';
import { purchasesOfUser } from './queries/purchases';

const PURCHASES_PAGE_SIZE = 20;

/** The tiers (and their series) that memberships among these purchases name, for their receipts. */
function tiersOfWith(db: Database) {
  return (rows: PurchaseRow[]) =>
    tiersForReceipts(db, [...new Set(rows.flatMap((row) => (row.kind === 'tier' && row.tierId ? [row.tierId] : [])))]);
}

/**
 * What is on sale in coins, the reader's purchases, and the admin's packages and purchases.
 * `defaultCurrency`: the site's, for readers whose currency has no packages (issue 38 §3).
 */
export function createPurchases({
  db,
  defaultCurrency = async () => 'usd',
}: {
  db: Database;
  defaultCurrency?: () => Promise<Currency>;
}) {
  const tiersOf = tiersOfWith(db);
  const service = {
    /** The packages on sale in the reader's currency, else in the site's default one (see `inStoreCurrency`). */
    async coinPackages(currency?: Currency) {
      const rows = (await listCoinPackages(db, { activeOnly: true })).map((row) => row.pkg);
      const shown = inStoreCurrency(rows, currency, await defaultCurrency());
      return { items: toCoinPackages(shown.items), currency: shown.currency };
    },

    async purchases(userId: string, page: number) {
      const { rows, total } = await purchasesOfUser(db, userId, page, PURCHASES_PAGE_SIZE);
      const tiers = await tiersOf(rows);
      return {
        items: rows.map((row) => toReceipt(row, tiers.get(row.tierId ?? ''))),
        pagination: pageInfo(page, PURCHASES_PAGE_SIZE, total),
      };
    },

    async purchase(userId: string, purchaseId: string) {
      const row = await findPurchase(db, purchaseId);
      // Another reader's purchase does not exist, as far as this one can tell.
      if (!row || row.userId !== userId) throw new AppError('not_found', 'apiErrors.money.purchaseNotFound');
      return toReceipt(row, (await tiersOf([row])).get(row.tierId ?? ''));
    },

    // Administration.

    async adminCoinPackages() {
      const [rows, totals, revenueCents] = await Promise.all([
        listCoinPackages(db, { activeOnly: false }),
        ledgerTotals(db),
        coinRevenue(db),
      ]);
      return {
        items: rows.map((row) => toAdminCoinPackage(row.pkg, row.sold)),
        totals: {
          sold: totals.purchase,
          spent: -totals.unlock,
          fromSubscriptions: totals.subscriptionCoins,
          refunded: -totals.refund,
          inWallets: totals.inWallets,
          revenueCents,
        },
      };
    },

    async adminCoinPackage(id: string) {
      const row = (await listCoinPackages(db, { activeOnly: false })).find((item) => item.pkg.id === id);
      if (!row) throw new AppError('not_found', 'apiErrors.money.packageNotFound');
      return toAdminCoinPackage(row.pkg, row.sold);
    },

    async createCoinPackage(input: z.output<typeof coinPackageInputSchema>) {
      return service.adminCoinPackage(await insertCoinPackage(db, input));
    },

    async updateCoinPackage(id: string, patch: z.output<typeof coinPackagePatchSchema>) {
      const existing = await findCoinPackage(db, id);
      if (!existing) throw new AppError('not_found', 'apiErrors.money.packageNotFound');
      // A new price or currency is judged with what the edit leaves in place (issue 38 §3).
      const problem = priceProblem(patch.priceCents ?? existing.priceCents, patch.currency ?? existing.currency);
      if (problem) throw new AppError('validation_failed', problem, { fields: { priceCents: problem } });
      // A package's terms are copied into each purchase, so editing it never changes what was sold.
      await updateCoinPackage(db, id, patch);
      return service.adminCoinPackage(id);
    },

    async adminPurchases(query: z.output<typeof adminPurchaseListQuerySchema>) {
      const { rows, total } = await searchPurchases(db, query, query.page, PURCHASES_PAGE_SIZE);
      return {
        items: rows.map((row) => toAdminPurchase(row.purchase, row.user)),
        pagination: pageInfo(query.page, PURCHASES_PAGE_SIZE, total),
      };
    },

    async adminPurchase(id: string) {
      const row = await findPurchaseWithBuyer(db, id);
      if (!row) throw new AppError('not_found', 'apiErrors.money.purchaseNotFound');
      return toAdminPurchase(row.purchase, row.user);
    },
  };
  return service;
}
export type Purchases = ReturnType<typeof createPurchases>;
