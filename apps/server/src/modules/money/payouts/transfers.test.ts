import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../../test/factories';
import { createTestApp, type TestContext } from '../../../../test/helpers';
import { payoutAccounts, payoutStatements } from '../../../db/schema';
import { type PayoutProvider, TransferRefused } from '../payments';
import { createPayoutTransfers } from './transfers';

/*
 * Decision 0045: a transfer's outcome is recorded by a conditional update from `pending` at the
 * attempt it was sent under, so an earlier attempt that answers late never writes over a retry's.
 */

/** A provider whose transfers wait until the test answers them, one by one, by key. */
function heldProvider() {
  const waiting = new Map<string, { resolve: (id: string) => void; reject: (error: unknown) => void }>();
  const asked: string[] = [];
  const provider: PayoutProvider = {
    name: 'test',
    createAccount: async ({ userId }) => ({ accountId: `acct_test_${userId}` }),
    onboardingUrl: async () => '/',
    account: async () => ({ status: 'active', currency: 'usd', country: null }),
    transfer: ({ idempotencyKey }) =>
      new Promise((resolve, reject) => {
        asked.push(idempotencyKey);
        waiting.set(idempotencyKey, { resolve: (id) => resolve({ transferId: id }), reject });
      }),
  };
  const until = async (key: string) => {
    for (let i = 0; i < 200 && !waiting.has(key); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    const found = waiting.get(key)!;
    waiting.delete(key);
    return found;
  };
  return { provider, asked, until };
}

describe('a payout transfer and its attempts', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function pendingStatement(month: string) {
    const payee = await buildUser(t.db);
    await t.db.insert(payoutAccounts).values({
      userId: payee.id,
      provider: 'test',
      providerAccountId: `acct_test_${payee.id}`,
      status: 'active',
      currency: 'usd',
    });
    const [row] = await t.db
      .insert(payoutStatements)
      .values({
        payeeId: payee.id,
        month,
        currency: 'usd',
        earnedCents: 3000,
        feeCents: 900,
        amountCents: 2100,
        carriedOutCents: 0,
        status: 'pending',
        provider: 'test',
      })
      .returning();
    return row!;
  }
  const read = async (id: string) => (await t.db.select().from(payoutStatements).where(eq(payoutStatements.id, id)))[0]!;

  it("does not let a slow first attempt's refusal write over the retry sent since", async () => {
    const statement = await pendingStatement('2026-01');
    const held = heldProvider();
    const transfers = createPayoutTransfers({ db: t.db, clock: t.clock, logger: t.app.log, provider: held.provider });
    const key = `payout-${statement.payeeId}-2026-01`;

    const first = transfers.send(statement.id);
    const firstAsk = await held.until(key);
    // Meanwhile another run recorded the first attempt's end and the admin retried (failed → pending).
    await t.db.update(payoutStatements).set({ attempts: 1 }).where(eq(payoutStatements.id, statement.id));
    const retry = transfers.send(statement.id);
    const retryAsk = await held.until(`${key}-retry1`);

    firstAsk.reject(new TransferRefused('Refused long ago'));
    await first;
    expect(await read(statement.id)).toMatchObject({ status: 'pending', attempts: 1, failureReason: null });

    retryAsk.resolve('tr_retry');
    expect(await retry).toMatchObject({ status: 'sent', attempts: 2, providerTransferId: 'tr_retry' });
    expect(held.asked).toEqual([key, `${key}-retry1`]);
  });

  it('leaves a statement pending, at the same attempt and key, when the outcome is unknown', async () => {
    const statement = await pendingStatement('2026-03');
    const held = heldProvider();
    const transfers = createPayoutTransfers({ db: t.db, clock: t.clock, logger: t.app.log, provider: held.provider });
    const key = `payout-${statement.payeeId}-2026-03`;
    const first = transfers.send(statement.id);
    (await held.until(key)).reject(new Error('Stripe answered 409: the key is in use'));
    await expect(first).rejects.toThrow('409');
    expect(await read(statement.id)).toMatchObject({ status: 'pending', attempts: 0 });
    const again = transfers.send(statement.id);
    (await held.until(key)).resolve('tr_once');
    expect(await again).toMatchObject({ status: 'sent', attempts: 1, providerTransferId: 'tr_once' });
    expect(held.asked).toEqual([key, key]);
  });
});
