import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutAccounts } from '../../../db/schema';
import { buildSeries, signedInUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, type TestContext } from '../../../../test/helpers';

// Issue 38 §2: a payout account is a payee's. Whoever shares in no series and earned nothing is
// refused onboarding (403), and no account is made for them at the provider or here.

let t: TestContext;
let admin: { cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, { role: 'admin' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const accountsOf = (userId: string) => t.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));

describe('connecting a payout account', () => {
  it('is refused to a reader, an editor and an admin who are payees of no series', async () => {
    for (const role of ['reader', 'editor', 'admin'] as const) {
      const { user, cookie } = await signedInUser(t, { role });
      const started = await callEndpoint(t, 'myPayoutAccountStart', { cookie, body: { currency: 'usd' } });
      expect(started.status).toBe(403);
      expect(started.body.error).toMatchObject({
        code: 'forbidden',
        message: 'Only a payee of a series can connect a payout account',
      });
      expect(await accountsOf(user.id)).toEqual([]);
      expect((await callEndpoint(t, 'myPayoutAccount', { cookie })).body.data.status).toBe('none');
    }
  });

  it("is a series' payee's: onboarding starts and the test provider completes it", async () => {
    const series = await buildSeries(t);
    const { user, cookie } = await signedInUser(t);
    const saved = await callEndpoint(t, 'adminSeriesPayeesUpdate', {
      cookie: admin.cookie,
      params: { id: series.id },
      body: [{ userId: user.id, role: 'author', shareBps: 10_000 }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const started = await callEndpoint(t, 'myPayoutAccountStart', { cookie, body: {} });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data.onboardingUrl).toEqual(expect.any(String));
    const done = await callEndpoint(t, 'testPayoutOnboardingComplete', { cookie });
    expect(done.body.data.status).toBe('active');
    expect(await accountsOf(user.id)).toHaveLength(1);
  });
});
