import type { z } from 'zod';
import type {
  adminPurchaseListQuerySchema,
  coinPackageInputSchema,
  coinPackagePatchSchema,
  planInputSchema,
  planPatchSchema,
} from '@inkwell/contract';
import type { Database } from '../../db/client';
import { pageInfo } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { coinsAndSettingsOf, setAutoUnlock } from '../users';
import { ledgerTotals, walletPage } from './ledger.repository';
import {
  coinRevenue,
  currentSubscription,
  findCoinPackage,
  findPlan,
  findPurchase,
  findPurchaseWithBuyer,
  insertCoinPackage,
  insertPlan,
  listCoinPackages,
  listPlans,
  purchasesOfUser,
  searchPurchases,
  updateCoinPackage,
  updatePlan,
} from './store.repository';
import {
  toAdminCoinPackage,
  toAdminPlan,
  toAdminPurchase,
  toCoinPackages,
  toPlan,
  toPurchase,
  toSubscription,
  toWalletEntry,
} from './store.presenter';

export const STORE_PAGE_SIZE = 20;

/** The store's reads, the reader's settings and the admin's catalogue of packages and plans. */
export function createStoreService({
  db,
  clock,
  onUserChanged,
}: {
  db: Database;
  clock: Clock;
  onUserChanged: (userId: string) => void;
}) {
  const service = {
    async coinPackages() {
      return toCoinPackages((await listCoinPackages(db, { activeOnly: true })).map((row) => row.pkg));
    },

    async plans() {
      return (await listPlans(db, { activeOnly: true, now: clock.now() })).map((row) => toPlan(row.plan));
    },

    async wallet(userId: string, page: number) {
      const [{ rows, total }, user] = await Promise.all([
        walletPage(db, userId, page, STORE_PAGE_SIZE),
        coinsAndSettingsOf(db, userId),
      ]);
      return {
        balance: user?.coins ?? 0,
        autoUnlock: user?.autoUnlock ?? false,
        entries: rows.map(toWalletEntry),
        pagination: pageInfo(page, STORE_PAGE_SIZE, total),
      };
    },

    async setAutoUnlock(userId: string, autoUnlock: boolean) {
      await setAutoUnlock(db, userId, autoUnlock);
      onUserChanged(userId);
      return { autoUnlock };
    },

    async purchases(userId: string, page: number) {
      const { rows, total } = await purchasesOfUser(db, userId, page, STORE_PAGE_SIZE);
      return { items: rows.map(toPurchase), pagination: pageInfo(page, STORE_PAGE_SIZE, total) };
    },

    async purchase(userId: string, purchaseId: string) {
      const row = await findPurchase(db, purchaseId);
      // Another reader's purchase does not exist, as far as this one can tell.
      if (!row || row.userId !== userId) throw new AppError('not_found', 'Purchase not found');
      return toPurchase(row);
    },

    async subscription(userId: string) {
      const current = await currentSubscription(db, userId, clock.now());
      return current ? toSubscription(current.subscription, current.plan) : null;
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
      if (!row) throw new AppError('not_found', 'Coin package not found');
      return toAdminCoinPackage(row.pkg, row.sold);
    },

    async createCoinPackage(input: z.output<typeof coinPackageInputSchema>) {
      return service.adminCoinPackage(await insertCoinPackage(db, input));
    },

    async updateCoinPackage(id: string, patch: z.output<typeof coinPackagePatchSchema>) {
      if (!(await findCoinPackage(db, id))) throw new AppError('not_found', 'Coin package not found');
      // A package's terms are copied into each purchase, so editing it never changes what was sold.
      await updateCoinPackage(db, id, patch);
      return service.adminCoinPackage(id);
    },

    async adminPlans() {
      return (await listPlans(db, { activeOnly: false, now: clock.now() })).map((row) => toAdminPlan(row.plan, row));
    },

    async adminPlan(id: string) {
      const row = (await listPlans(db, { activeOnly: false, now: clock.now() })).find((item) => item.plan.id === id);
      if (!row) throw new AppError('not_found', 'Plan not found');
      return toAdminPlan(row.plan, row);
    },

    async createPlan(input: z.output<typeof planInputSchema>) {
      return service.adminPlan(await insertPlan(db, input));
    },

    async updatePlan(id: string, patch: z.output<typeof planPatchSchema>) {
      if (!(await findPlan(db, id))) throw new AppError('not_found', 'Plan not found');
      await updatePlan(db, id, patch);
      return service.adminPlan(id);
    },

    async adminPurchases(query: z.output<typeof adminPurchaseListQuerySchema>) {
      const { rows, total } = await searchPurchases(db, query, query.page, STORE_PAGE_SIZE);
      return {
        items: rows.map((row) => toAdminPurchase(row.purchase, row.user)),
        pagination: pageInfo(query.page, STORE_PAGE_SIZE, total),
      };
    },

    async adminPurchase(id: string) {
      const row = await findPurchaseWithBuyer(db, id);
      if (!row) throw new AppError('not_found', 'Purchase not found');
      return toAdminPurchase(row.purchase, row.user);
    },
  };
  return service;
}
export type StoreService = ReturnType<typeof createStoreService>;
