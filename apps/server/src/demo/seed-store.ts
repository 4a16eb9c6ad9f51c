import type { Database } from '../db/client';
import { insertCoinPackage, listCoinPackages } from '../modules/money/payments';
import { insertPlan, listPlans } from '../modules/money/subscriptions';

/** Demo store on first start (SEED_DEMO=0 skips it): three coin packages and two plans, no purchases. */
export async function seedDemoStore(db: Database): Promise<void> {
  if ((await listCoinPackages(db, { activeOnly: false })).length === 0) {
    await insertCoinPackage(db, { name: 'Handful', coins: 100, bonusCoins: 0, priceCents: 199, currency: 'usd', position: 1 });
    await insertCoinPackage(db, { name: 'Pouch', coins: 300, bonusCoins: 30, priceCents: 499, currency: 'usd', position: 2 });
    await insertCoinPackage(db, { name: 'Chest', coins: 1000, bonusCoins: 200, priceCents: 1499, currency: 'usd', position: 3 });
  }
  if ((await listPlans(db, { activeOnly: false, now: new Date() })).length === 0) {
    await insertPlan(db, {
      name: 'Reader',
      description: 'Every premium and early-access chapter the moment it is out, and no ads.',
      priceCents: 499,
      currency: 'usd',
      interval: 'month',
      includesPremium: true,
      coinsPerPeriod: 0,
    });
    await insertPlan(db, {
      name: 'Patron',
      description: 'Everything in Reader, plus 300 coins each month to send as gifts to the series you love.',
      priceCents: 999,
      currency: 'usd',
      interval: 'month',
      includesPremium: true,
      coinsPerPeriod: 300,
    });
  }
}
