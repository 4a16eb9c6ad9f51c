import type { AdminCoinPackage, AdminPlan, AdminPurchase } from '@inkwell/contract';

/** Answers of the admin store endpoints for the finance pages' tests. */

export const ADMIN = '/api/omegascans/secure/admin';

export const adminUser = {
  id: '00000000-0000-4000-8000-0000000000ad',
  role: 'admin' as const,
  email: 'admin@example.com',
  username: 'boss',
  coins: 0,
  membership: null,
  isPremium: false,
  avatarUrl: null,
};

export const ok =
  (data: unknown, status = 200) =>
  () =>
    Response.json({ success: true, data }, { status });

export const refused = (status: number, code: string, message: string, fields?: Record<string, string>) => () =>
  Response.json({ success: false, message, error: { code, message, ...(fields ? { fields } : {}) } }, { status });

export const plan = (overrides: Partial<AdminPlan> = {}): AdminPlan => ({
  id: '00000000-0000-4000-8000-000000000101',
  name: 'Monthly pass',
  description: 'Every premium chapter.',
  priceCents: 499,
  currency: 'usd',
  interval: 'month',
  includesPremium: true,
  coinsPerPeriod: 100,
  isActive: true,
  sold: 12,
  activeSubscribers: 7,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

export const coinPackage = (overrides: Partial<AdminCoinPackage> = {}): AdminCoinPackage => ({
  id: '00000000-0000-4000-8000-000000000201',
  name: 'Handful',
  coins: 100,
  bonusCoins: 10,
  priceCents: 199,
  currency: 'usd',
  isActive: true,
  position: 1,
  sold: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

export const purchase = (overrides: Partial<AdminPurchase> = {}): AdminPurchase => ({
  id: '00000000-0000-4000-8000-000000000301',
  kind: 'coins',
  status: 'paid',
  amountCents: 499,
  currency: 'usd',
  coins: 550,
  planName: null,
  packageName: 'Stack',
  provider: 'test',
  reference: 'test_abc123',
  returnTo: null,
  createdAt: '2026-03-02T10:30:00.000Z',
  paidAt: '2026-03-02T10:31:00.000Z',
  refundedAt: null,
  user: { id: '00000000-0000-4000-8000-000000000401', username: 'mira', email: 'mira@example.com' },
  coinsReversed: 0,
  ...overrides,
});
