import { SERIES_TIERS_MAX } from '@inkwell/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/sql';
import { seedDemoStore } from '../../../demo/seed-store';
import { buildSeries, signedInUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, type TestContext } from '../../../../test/helpers';

// Issue 38 §1: a series' tiers (the team's), bought as a membership through the test checkout,
// renewed, cancelled and refunded as plans are, with the series' payees' parts of each payment.

let t: TestContext;
let admin: { cookie: string };
let editor: { cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoStore(t.db);
  admin = await signedInUser(t, { role: 'admin' });
  editor = await signedInUser(t, { role: 'editor' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

type Signed = Awaited<ReturnType<typeof signedInUser>>;

/** A fresh reader put on a series' team by the admin, through the real call. */
async function onTeam(seriesId: string, role: 'creator' | 'translator'): Promise<Signed> {
  const member = await signedInUser(t);
  const added = await callEndpoint(t, 'adminSeriesMemberPut', {
    cookie: admin.cookie,
    params: { id: seriesId },
    body: { username: member.user.username, role, canPublish: false },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return member;
}

/** A series with its creator and two payees sharing 70/30. */
async function seriesWithCreator() {
  const series = await buildSeries(t);
  const creator = await onTeam(series.id, 'creator');
  const artist = await signedInUser(t);
  const payees = await callEndpoint(t, 'adminSeriesPayeesUpdate', {
    cookie: admin.cookie,
    params: { id: series.id },
    body: [
      { userId: creator.user.id, role: 'author', shareBps: 7000 },
      { userId: artist.user.id, role: 'artist', shareBps: 3000 },
    ],
  });
  expect(payees.status, JSON.stringify(payees.body)).toBe(200);
  return { series, creator, artist };
}

const tierBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Supporter',
  description: 'Read a week ahead',
  priceCents: 500,
  currency: 'usd',
  interval: 'month',
  earlyAccessDays: 7,
  coinsPerPeriod: 0,
  ...overrides,
});

async function createTier(seriesId: string, cookie: string, overrides: Record<string, unknown> = {}) {
  const created = await callEndpoint(t, 'teamSeriesTierCreate', { cookie, params: { id: seriesId }, body: tierBody(overrides) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data as { id: string; priceCents: number; coinsPerPeriod: number };
}

/** Buys a tier through the built-in test checkout, as the Pay button does. */
async function buyTier(cookie: string, tierId: string) {
  const started = await callEndpoint(t, 'checkout', { cookie, body: { kind: 'tier', tierId } });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const purchaseId = started.body.data.purchaseId as string;
  const paid = await callEndpoint(t, 'testCheckoutComplete', { cookie, params: { purchaseId } });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return purchaseId;
}

async function query<T>(statement: ReturnType<typeof sql>) {
  return rowsOf<T>(await t.db.execute(statement));
}

const allocationsOf = (purchaseId: string) =>
  query<{ payee_id: string; amount_cents: number; kind: string; currency: string }>(
    sql`select payee_id, amount_cents::int as amount_cents, kind, currency from tier_allocations where purchase_id = ${purchaseId} order by kind, amount_cents desc`,
  );

async function coinsOf(userId: string) {
  const [row] = await query<{ coins: number }>(sql`select coins from users where id = ${userId}`);
  return row!.coins;
}

/** Moves a subscription's period end into the past, as if its month had gone by. */
async function lapse(subscriptionId: string): Promise<Date> {
  const end = new Date(t.clock.now().getTime() - 1000);
  await t.db.execute(
    sql`update subscriptions set current_period_end = ${end.toISOString()}::timestamptz, current_period_start = ${end.toISOString()}::timestamptz - interval '1 month' where id = ${subscriptionId}`,
  );
  return end;
}

describe("a series' tiers (the team's)", () => {
  it('are created, listed and edited by the creator and an editor, audited, and shown on the series page on sale only', async () => {
    const { series, creator } = await seriesWithCreator();
    const dear = await createTier(series.id, creator.cookie, { name: 'Patron', priceCents: 1500, position: 0 });
    const cheap = await createTier(series.id, editor.cookie, { name: 'Reader', priceCents: 300, position: 1 });

    const team = await callEndpoint(t, 'teamSeriesTiers', { cookie: creator.cookie, params: { id: series.id } });
    expect(team.status).toBe(200);
    expect(team.body.data.items.map((tier: { name: string }) => tier.name)).toEqual(['Patron', 'Reader']);
    expect(team.body.data.items[0]).toMatchObject({ isActive: true, sold: 0, activeMembers: 0, earlyAccessDays: 7 });

    const shown = await callEndpoint(t, 'seriesTiers', { params: { id: series.id } });
    expect(shown.body.data).toMatchObject({ members: 0, items: [{ id: cheap.id }, { id: dear.id }] });

    // Price, currency and interval are fixed: a patch that names them changes the rest only.
    const edited = await callEndpoint(t, 'teamSeriesTierUpdate', {
      cookie: creator.cookie,
      params: { id: series.id, tierId: dear.id },
      body: { name: 'Patron of the arts', isActive: false, priceCents: 99_00, currency: 'eur' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'Patron of the arts', isActive: false, priceCents: 1500, currency: 'usd' });
    const after = await callEndpoint(t, 'seriesTiers', { params: { id: series.id } });
    expect(after.body.data.items.map((tier: { id: string }) => tier.id)).toEqual([cheap.id]);

    const [entry] = await query<{ action: string; target_type: string; target_label: string; changes: unknown }>(
      sql`select action, target_type, target_label, changes from audit_log where target_id = ${dear.id} and action = 'teamSeriesTierUpdate'`,
    );
    expect(entry).toMatchObject({ target_type: 'tier', target_label: `${series.title} · Patron of the arts` });
    expect(entry!.changes).toEqual([
      { field: 'Name', from: 'Patron', to: 'Patron of the arts' },
      { field: 'On sale', from: 'yes', to: 'no' },
    ]);
    const created = await query(sql`select 1 from audit_log where target_id = ${cheap.id} and action = 'teamSeriesTierCreate'`);
    expect(created).toHaveLength(1);
  });

  it('refuses a translator of the series, another series’ creator and a reader', async () => {
    const { series } = await seriesWithCreator();
    const translator = await onTeam(series.id, 'translator');
    const other = await buildSeries(t);
    const otherCreator = await onTeam(other.id, 'creator');
    const reader = await signedInUser(t);
    const tier = await createTier(series.id, editor.cookie);
    for (const who of [translator, otherCreator, reader]) {
      const list = await callEndpoint(t, 'teamSeriesTiers', { cookie: who.cookie, params: { id: series.id } });
      const create = await callEndpoint(t, 'teamSeriesTierCreate', {
        cookie: who.cookie,
        params: { id: series.id },
        body: tierBody(),
      });
      const update = await callEndpoint(t, 'teamSeriesTierUpdate', {
        cookie: who.cookie,
        params: { id: series.id, tierId: tier.id },
        body: { name: 'Mine now' },
      });
      expect([list.status, create.status, update.status]).toEqual([403, 403, 403]);
    }
    const [row] = await query<{ name: string; n: number }>(
      sql`select (select name from series_tiers where id = ${tier.id}) as name, (select count(*)::int from series_tiers where series_id = ${series.id}) as n`,
    );
    expect(row).toEqual({ name: 'Supporter', n: 1 });
  });

  it('validates the terms, keeps a tier to its series, and offers at most SERIES_TIERS_MAX', async () => {
    const { series, creator } = await seriesWithCreator();
    const bad = await callEndpoint(t, 'teamSeriesTierCreate', {
      cookie: creator.cookie,
      params: { id: series.id },
      body: tierBody({ earlyAccessDays: 91, priceCents: 10 }),
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields ?? {}).sort()).toEqual(['earlyAccessDays', 'priceCents']);

    const other = await seriesWithCreator();
    const theirs = await createTier(other.series.id, other.creator.cookie);
    const elsewhere = await callEndpoint(t, 'teamSeriesTierUpdate', {
      cookie: editor.cookie,
      params: { id: series.id, tierId: theirs.id },
      body: { name: 'Moved' },
    });
    expect(elsewhere.status).toBe(404);

    for (let i = 0; i < SERIES_TIERS_MAX; i += 1) await createTier(series.id, creator.cookie, { name: `Tier ${i}` });
    const tooMany = await callEndpoint(t, 'teamSeriesTierCreate', {
      cookie: creator.cookie,
      params: { id: series.id },
      body: tierBody(),
    });
    expect(tooMany.status).toBe(409);
    const missing = await callEndpoint(t, 'seriesTiers', { params: { id: '00000000-0000-4000-8000-000000000000' } });
    expect(missing.status).toBe(404);
  });

  it("gives coins with a tier only from an editor or an admin: a creator's create or raise is refused", async () => {
    const { series, creator } = await seriesWithCreator();
    const minted = await callEndpoint(t, 'teamSeriesTierCreate', {
      cookie: creator.cookie,
      params: { id: series.id },
      body: tierBody({ priceCents: 50, coinsPerPeriod: 1_000_000 }),
    });
    expect(minted.status).toBe(403);
    expect(minted.body.error).toMatchObject({
      code: 'forbidden',
      message: 'Only an editor or an admin gives coins with a tier: set the coins per period to 0',
    });
    const [none] = await query<{ n: number }>(sql`select count(*)::int as n from series_tiers where series_id = ${series.id}`);
    expect(none!.n).toBe(0);

    const own = await createTier(series.id, creator.cookie);
    const raise = (cookie: string, tierId: string, coinsPerPeriod: number) =>
      callEndpoint(t, 'teamSeriesTierUpdate', {
        cookie,
        params: { id: series.id, tierId },
        body: { name: 'Raised', coinsPerPeriod },
      });
    expect((await raise(creator.cookie, own.id, 1)).status).toBe(403);
    // An editor's tier with coins: the creator's form sends them again, or fewer, and passes; more is refused.
    const staffs = await createTier(series.id, admin.cookie, { name: 'Staff', coinsPerPeriod: 40 });
    expect((await raise(creator.cookie, staffs.id, 40)).status).toBe(200);
    expect((await raise(creator.cookie, staffs.id, 41)).status).toBe(403);
    expect((await raise(creator.cookie, staffs.id, 10)).status).toBe(200);
    expect((await raise(editor.cookie, own.id, 25)).body.data).toMatchObject({ coinsPerPeriod: 25 });
    const rows = await query<{ id: string; coins_per_period: number }>(
      sql`select id, coins_per_period from series_tiers where series_id = ${series.id}`,
    );
    expect(Object.fromEntries(rows.map((row) => [row.id, row.coins_per_period]))).toEqual({ [own.id]: 25, [staffs.id]: 10 });
  });
});

describe('a membership bought through the test checkout', () => {
  it('runs beside a plan and other memberships, credits its coins, and splits its payment among the payees', async () => {
    const { series, creator, artist } = await seriesWithCreator();
    // Coins come with a tier only from site staff.
    const tier = await createTier(series.id, editor.cookie, { priceCents: 501, coinsPerPeriod: 50 });
    const reader = await signedInUser(t);
    const plans = (await callEndpoint(t, 'plans')).body.data.items as { id: string }[];
    const plan = await callEndpoint(t, 'checkout', { cookie: reader.cookie, body: { kind: 'plan', planId: plans[0]!.id } });
    await callEndpoint(t, 'testCheckoutComplete', { cookie: reader.cookie, params: { purchaseId: plan.body.data.purchaseId } });
    const coinsBefore = await coinsOf(reader.user.id);

    const purchaseId = await buyTier(reader.cookie, tier.id);
    expect(await coinsOf(reader.user.id)).toBe(coinsBefore + 50);
    expect(await allocationsOf(purchaseId)).toEqual([
      { payee_id: creator.user.id, amount_cents: 351, kind: 'payment', currency: 'usd' },
      { payee_id: artist.user.id, amount_cents: 150, kind: 'payment', currency: 'usd' },
    ]);
    const mine = await callEndpoint(t, 'myMemberships', { cookie: reader.cookie });
    expect(mine.body.data.items).toEqual([
      expect.objectContaining({
        tier: expect.objectContaining({ id: tier.id, earlyAccessDays: 7 }),
        series: { id: series.id, slug: series.slug, title: series.title },
        status: 'active',
        provider: 'test',
        cancelAtPeriodEnd: false,
      }),
    ]);
    expect((await callEndpoint(t, 'mySubscription', { cookie: reader.cookie })).body.data).toMatchObject({ status: 'active' });
    expect((await callEndpoint(t, 'seriesTiers', { params: { id: series.id } })).body.data.members).toBe(1);
    const purchase = await callEndpoint(t, 'myPurchase', { cookie: reader.cookie, params: { purchaseId } });
    const receipt = { id: tier.id, name: 'Supporter', seriesId: series.id, seriesTitle: series.title, seriesSlug: series.slug };
    expect(purchase.body.data).toMatchObject({ kind: 'tier', status: 'paid', amountCents: 501, tier: receipt });
    const purchases = await callEndpoint(t, 'myPurchases', { cookie: reader.cookie });
    expect(purchases.body.data.items.find((item: { id: string }) => item.id === purchaseId)).toMatchObject({ tier: receipt });

    // One membership per series: a second tier of the same series answers 409; another series' is fine.
    const second = await createTier(series.id, creator.cookie, { name: 'Second' });
    const again = await callEndpoint(t, 'checkout', { cookie: reader.cookie, body: { kind: 'tier', tierId: second.id } });
    expect(again.status).toBe(409);
    const other = await seriesWithCreator();
    await buyTier(reader.cookie, (await createTier(other.series.id, other.creator.cookie)).id);
    expect((await callEndpoint(t, 'myMemberships', { cookie: reader.cookie })).body.data.items).toHaveLength(2);

    // An archived tier is not on sale.
    await callEndpoint(t, 'teamSeriesTierUpdate', {
      cookie: creator.cookie,
      params: { id: series.id, tierId: second.id },
      body: { isActive: false },
    });
    const stranger = await signedInUser(t);
    const archived = await callEndpoint(t, 'checkout', { cookie: stranger.cookie, body: { kind: 'tier', tierId: second.id } });
    expect(archived.status).toBe(404);
  });

  it("is not on sale while its series is not published, and the test checkout's Pay answers with its tier", async () => {
    const { series, creator } = await seriesWithCreator();
    const tier = await createTier(series.id, creator.cookie);
    const reader = await signedInUser(t);
    const unpublish = await callEndpoint(t, 'teamSeriesUpdate', {
      cookie: editor.cookie,
      params: { id: series.id },
      body: { isPublished: false },
    });
    expect(unpublish.status, JSON.stringify(unpublish.body)).toBe(200);
    const draft = await callEndpoint(t, 'checkout', { cookie: reader.cookie, body: { kind: 'tier', tierId: tier.id } });
    expect(draft.status).toBe(404);
    expect(draft.body.error.code).toBe('series_not_found');
    expect(await query(sql`select 1 from purchases where tier_id = ${tier.id}`)).toEqual([]);

    await callEndpoint(t, 'teamSeriesUpdate', { cookie: editor.cookie, params: { id: series.id }, body: { isPublished: true } });
    const started = await callEndpoint(t, 'checkout', { cookie: reader.cookie, body: { kind: 'tier', tierId: tier.id } });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const paid = await callEndpoint(t, 'testCheckoutComplete', {
      cookie: reader.cookie,
      params: { purchaseId: started.body.data.purchaseId },
    });
    expect(paid.body.data).toMatchObject({
      kind: 'tier',
      status: 'paid',
      tier: { id: tier.id, name: 'Supporter', seriesId: series.id, seriesTitle: series.title, seriesSlug: series.slug },
    });
  });

  it('renews at the end of its period, charging again and crediting the coins once', async () => {
    const { series, creator, artist } = await seriesWithCreator();
    const tier = await createTier(series.id, editor.cookie, { coinsPerPeriod: 50 });
    const reader = await signedInUser(t);
    await buyTier(reader.cookie, tier.id);
    const [membership] = (await callEndpoint(t, 'myMemberships', { cookie: reader.cookie })).body.data.items;
    const lapsedEnd = await lapse(membership.id);
    await t.app.services.payments.runTestBilling();
    await t.app.services.payments.runTestBilling();

    expect(await coinsOf(reader.user.id)).toBe(100);
    const renewals = await query<{ id: string; kind: string; status: string; item_name: string; amount_cents: number }>(
      sql`select id, kind, status, item_name, amount_cents from purchases where subscription_id = ${membership.id} and item_name like '%(renewal)'`,
    );
    expect(renewals).toEqual([
      expect.objectContaining({ kind: 'tier', status: 'paid', item_name: 'Supporter (renewal)', amount_cents: 500 }),
    ]);
    expect(await allocationsOf(renewals[0]!.id)).toEqual([
      { payee_id: creator.user.id, amount_cents: 350, kind: 'payment', currency: 'usd' },
      { payee_id: artist.user.id, amount_cents: 150, kind: 'payment', currency: 'usd' },
    ]);
    const [renewed] = (await callEndpoint(t, 'myMemberships', { cookie: reader.cookie })).body.data.items;
    expect(renewed.currentPeriodEnd > lapsedEnd.toISOString()).toBe(true);
  });

  it('is cancelled at the end of its period by its reader only, and then ends', async () => {
    const { series, creator } = await seriesWithCreator();
    const tier = await createTier(series.id, creator.cookie);
    const reader = await signedInUser(t);
    await buyTier(reader.cookie, tier.id);
    const [membership] = (await callEndpoint(t, 'myMemberships', { cookie: reader.cookie })).body.data.items;

    const stranger = await signedInUser(t);
    const theirs = await callEndpoint(t, 'cancelMembership', {
      cookie: stranger.cookie,
      params: { membershipId: membership.id },
    });
    expect(theirs.status).toBe(404);
    const cancelled = await callEndpoint(t, 'cancelMembership', {
      cookie: reader.cookie,
      params: { membershipId: membership.id },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data).toMatchObject({ id: membership.id, cancelAtPeriodEnd: true, status: 'active' });
    // Still a member until the period ends; then the billing run ends it instead of renewing.
    expect((await callEndpoint(t, 'myMemberships', { cookie: reader.cookie })).body.data.items).toHaveLength(1);
    await lapse(membership.id);
    await t.app.services.payments.runTestBilling();
    expect((await callEndpoint(t, 'myMemberships', { cookie: reader.cookie })).body.data.items).toEqual([]);
    const renewals = await query(
      sql`select 1 from purchases where subscription_id = ${membership.id} and item_name like '%(renewal)'`,
    );
    expect(renewals).toEqual([]);
    // A plan's cancel leaves the membership alone, and the reader's plan is not the membership.
    expect((await callEndpoint(t, 'cancelSubscription', { cookie: reader.cookie })).status).toBe(404);
  });

  it("an admin's refund ends it, takes back its coins and writes the payees' negative parts once", async () => {
    const { series, creator, artist } = await seriesWithCreator();
    const tier = await createTier(series.id, editor.cookie, { coinsPerPeriod: 50 });
    expect(tier.coinsPerPeriod).toBe(50);
    const reader = await signedInUser(t);
    const purchaseId = await buyTier(reader.cookie, tier.id);
    for (let i = 0; i < 3; i += 1) {
      const refunded = await callEndpoint(t, 'adminPurchaseRefund', { cookie: admin.cookie, params: { id: purchaseId } });
      expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    }
    expect(await allocationsOf(purchaseId)).toEqual([
      { payee_id: creator.user.id, amount_cents: 350, kind: 'payment', currency: 'usd' },
      { payee_id: artist.user.id, amount_cents: 150, kind: 'payment', currency: 'usd' },
      { payee_id: artist.user.id, amount_cents: -150, kind: 'refund', currency: 'usd' },
      { payee_id: creator.user.id, amount_cents: -350, kind: 'refund', currency: 'usd' },
    ]);
    expect(await coinsOf(reader.user.id)).toBe(0);
    expect((await callEndpoint(t, 'myMemberships', { cookie: reader.cookie })).body.data.items).toEqual([]);
    // No longer a member: the reader may join again.
    await buyTier(reader.cookie, tier.id);
  });

  it("is counted in the series' funnel: members now and those who joined in the range", async () => {
    const { series, creator } = await seriesWithCreator();
    const tier = await createTier(series.id, creator.cookie);
    for (let i = 0; i < 2; i += 1) await buyTier((await signedInUser(t)).cookie, tier.id);
    const leaver = await signedInUser(t);
    const refunded = await buyTier(leaver.cookie, tier.id);
    await callEndpoint(t, 'adminPurchaseRefund', { cookie: admin.cookie, params: { id: refunded } });
    const today = t.clock.now().toISOString().slice(0, 10);
    const funnel = await callEndpoint(t, 'teamSeriesFunnel', {
      cookie: creator.cookie,
      params: { id: series.id },
      query: `?from=${today}&to=${today}`,
    });
    expect(funnel.status, JSON.stringify(funnel.body)).toBe(200);
    expect(funnel.body.data.members).toEqual({ running: 2, joined: 3 });
  });

  it('two checkouts of the same series paid at once leave one running membership', async () => {
    const { series, creator } = await seriesWithCreator();
    const first = await createTier(series.id, creator.cookie, { name: 'First' });
    const second = await createTier(series.id, creator.cookie, { name: 'Second' });
    const reader = await signedInUser(t);
    const started = await Promise.all(
      [first, second].map((tier) =>
        callEndpoint(t, 'checkout', { cookie: reader.cookie, body: { kind: 'tier', tierId: tier.id } }),
      ),
    );
    const paid = await Promise.all(
      started.map((start) =>
        callEndpoint(t, 'testCheckoutComplete', { cookie: reader.cookie, params: { purchaseId: start.body.data.purchaseId } }),
      ),
    );
    expect(paid.map((answer) => answer.status)).toEqual([200, 200]);
    const running = await query(
      sql`select id from subscriptions where user_id = ${reader.user.id} and series_id = ${series.id} and status = 'active'`,
    );
    expect(running).toHaveLength(1);
    expect((await callEndpoint(t, 'myMemberships', { cookie: reader.cookie })).body.data.items).toHaveLength(1);
  });
});
