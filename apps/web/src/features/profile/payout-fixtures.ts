import type { PayoutAccount, PayoutStatement } from '@inkwell/contract';

/** Answers of the payee's payout endpoints for the payouts pages' tests. */

export const ok = (data: unknown) => () => Response.json({ success: true, data, message: 'ok' });

export const account = (overrides: Partial<PayoutAccount> = {}): PayoutAccount => ({
  status: 'none',
  provider: null,
  currency: null,
  minimumCents: 2000,
  minimumCurrency: 'usd',
  ...overrides,
});

export const statement = (overrides: Partial<PayoutStatement> = {}): PayoutStatement => ({
  id: '00000000-0000-4000-8000-000000000501',
  month: '2026-10',
  currency: 'usd',
  earnedCents: 4200,
  feeCents: 1260,
  adjustmentsCents: -300,
  carriedInCents: 1500,
  amountCents: 4140,
  carriedOutCents: 0,
  status: 'sent',
  transferId: 'test_tr_2026-10_payee',
  failureReason: null,
  createdAt: '2026-11-01T01:00:00.000Z',
  sentAt: '2026-11-01T01:00:05.000Z',
  ...overrides,
});
