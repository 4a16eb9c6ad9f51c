// Answers of the store's endpoints for the feature's unit tests, typed by the contract.
import type { CoinPackage, Plan, Purchase, SessionUser, Subscription, WalletEntry } from '@inkwell/contract';

export const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const coinPackage = (over: Partial<CoinPackage> = {}): CoinPackage => ({
  id: id(1),
  name: 'Handful',
  coins: 100,
  bonusCoins: 0,
  priceCents: 199,
  currency: 'usd',
  bestValue: false,
  ...over,
});

export const plan = (over: Partial<Plan> = {}): Plan => ({
  id: id(11),
  name: 'Reader Monthly',
  description: 'Every premium chapter as soon as it is out.',
  priceCents: 499,
  currency: 'usd',
  interval: 'month',
  includesPremium: true,
  coinsPerPeriod: 0,
  ...over,
});

export const purchase = (over: Partial<Purchase> = {}): Purchase => ({
  id: id(21),
  kind: 'coins',
  status: 'pending',
  amountCents: 999,
  currency: 'usd',
  coins: 1100,
  planName: null,
  packageName: 'Stack',
  provider: 'test',
  reference: 'test_9f2c1ab0',
  returnTo: null,
  createdAt: '2026-03-03T12:00:00.000Z',
  paidAt: null,
  refundedAt: null,
  ...over,
});

export const subscription = (over: Partial<Subscription> = {}): Subscription => ({
  id: id(31),
  plan: plan(),
  status: 'active',
  provider: 'test',
  startedAt: '2026-03-03T12:00:00.000Z',
  currentPeriodEnd: '2026-04-03T12:00:00.000Z',
  cancelAtPeriodEnd: false,
  ...over,
});

export const walletEntry = (over: Partial<WalletEntry> = {}): WalletEntry => ({
  id: id(41),
  delta: 1100,
  kind: 'purchase',
  balanceAfter: 1100,
  reason: 'Bought Stack',
  createdAt: '2026-03-03T12:00:00.000Z',
  chapter: null,
  ...over,
});

export const ok = (data: unknown, status = 200) => Response.json({ success: true, data }, { status });
export const fail = (status: number, code: string, message: string) =>
  Response.json({ success: false, message, error: { code, message } }, { status });
export const pageInfo = (page: number, totalPages: number) => ({ page, perPage: 20, total: totalPages * 20, totalPages });

/** A signed-in viewer as the session check answers it (the contract's SessionUser, autoUnlock included). */
export const viewer = (over: Partial<SessionUser> = {}): SessionUser => ({
  id: 'u1',
  role: 'reader',
  email: 'reader@example.com',
  username: 'reader_one',
  coins: 120,
  membership: null,
  isPremium: false,
  avatarUrl: null,
  autoUnlock: false,
  ...over,
});

/** The session check's answer for `user`. */
export const verifyAsViewer = (user: SessionUser) => () => Response.json({ authenticated: true, user, message: 'ok' });
