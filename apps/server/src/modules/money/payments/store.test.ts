import { ROUTES } from '@inkwell/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, buildUser, signedInUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, loginAs, type TestContext } from '../../../../test/helpers';
import { seedDemoStore } from '../../../demo/seed-store';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoStore(t.db);
  admin = await loginAs(t.app, await buildUser(t.db, { role: 'admin' }));
});
afterAll(async () => {
  await t?.close();
});

async function packages() {
  return (await callEndpoint(t, 'coinPackages')).body.data.items as {
    id: string;
    coins: number;
    bonusCoins: number;
    bestValue: boolean;
    name: string;
  }[];
}
async function plans() {
  return (await callEndpoint(t, 'plans')).body.data.items as {
    id: string;
    name: string;
    description: string;
    coinsPerPeriod: number;
  }[];
}

/** Buys a package through the built-in test checkout, as the Pay button does. */
async function buyCoins(cookie: string, packageIndex = 0, extra: Record<string, string> = {}) {
  const pkg = (await packages())[packageIndex]!;
  const started = await callEndpoint(t, 'checkout', { cookie, body: { kind: 'coins', packageId: pkg.id, ...extra } });
  expect(started.status).toBe(201);
  const paid = await callEndpoint(t, 'testCheckoutComplete', { cookie, params: { purchaseId: started.body.data.purchaseId } });
  expect(paid.status).toBe(200);
  return { purchaseId: started.body.data.purchaseId as string, coins: pkg.coins + pkg.bonusCoins };
}

async function balanceOf(userId: string) {
  const rows = await t.db.execute(
    sql`select coins, (select coalesce(sum(delta), 0)::int from coin_ledger where user_id = ${userId}) as ledger from users where id = ${userId}`,
  );
  const row = (rows as unknown as { rows?: unknown[] }).rows?.[0] ?? (rows as unknown as unknown[])[0];
  return row as { coins: number; ledger: number };
}

/** Moves a subscription's period end into the past, as if its month had gone by (sessions stay alive). */
async function lapse(subscriptionId: string): Promise<Date> {
  const end = new Date(t.clock.now().getTime() - 1000);
  await t.db.execute(
    sql`update subscriptions set current_period_end = ${end.toISOString()}::timestamptz, current_period_start = ${end.toISOString()}::timestamptz - interval '1 month' where id = ${subscriptionId}`,
  );
  return end;
}

async function lockedChapter(options: { price?: number; freeInDays?: number; pages?: number; previewPages?: number } = {}) {
  const series = await buildSeries(t);
  const chapter = await buildChapter(t, series.id, {
    number: 1,
    price: options.price ?? 40,
    pages: options.pages ?? 0,
    previewPages: options.previewPages ?? 0,
    freeAt: options.freeInDays ? new Date(t.clock.now().getTime() + options.freeInDays * 86_400_000).toISOString() : null,
  });
  return { series, chapter };
}

describe('the store lists what is on sale', () => {
  it('lists active coin packages with the best value marked once, and plans', async () => {
    const items = await packages();
    expect(items.length).toBe(3);
    expect(items.filter((item) => item.bestValue)).toHaveLength(1);
    expect(items.find((item) => item.bestValue)?.name).toBe('Chest');
    expect((await plans()).map((plan) => plan.name)).toEqual(['Reader', 'Patron']);
  });

  it('describes the demo plans so that neither seems to lack the early access both give (issue 33)', async () => {
    const [reader, patron] = await plans();
    expect(reader!.description).toContain('early-access');
    expect(patron!.description).not.toMatch(/early/i);
  });
});

describe('buying coins through the test checkout', () => {
  it('credits the coins once, however often Pay is pressed, with a ledger row that explains them', async () => {
    const { user, cookie } = await signedInUser(t);
    const { purchaseId, coins } = await buyCoins(cookie);
    const again = await callEndpoint(t, 'testCheckoutComplete', { cookie, params: { purchaseId } });
    expect(again.status).toBe(200);
    expect(again.body.data.status).toBe('paid');
    expect(await balanceOf(user.id)).toEqual({ coins, ledger: coins });

    const verify = await t.app.inject({ method: 'GET', url: ROUTES.verify.path, headers: { cookie } });
    expect(verify.json().user.coins).toBe(coins);
    const wallet = await callEndpoint(t, 'wallet', { cookie });
    expect(wallet.body.data.balance).toBe(coins);
    expect(wallet.body.data.entries).toEqual([
      expect.objectContaining({ delta: coins, kind: 'purchase', balanceAfter: coins, reason: 'Bought Handful', chapter: null }),
    ]);
    const mine = await callEndpoint(t, 'myPurchases', { cookie });
    expect(mine.body.data.items).toEqual([
      expect.objectContaining({ id: purchaseId, status: 'paid', kind: 'coins', coins, packageName: 'Handful' }),
    ]);
  });

  it("keeps one reader out of another's purchase, and a paid purchase cannot be cancelled", async () => {
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    const pkg = (await packages())[0]!;
    const started = await callEndpoint(t, 'checkout', { cookie: owner.cookie, body: { kind: 'coins', packageId: pkg.id } });
    const purchaseId = started.body.data.purchaseId;
    expect(started.body.data.checkoutUrl).toBe(`/buy/checkout/${purchaseId}`);
    expect((await callEndpoint(t, 'myPurchase', { cookie: stranger.cookie, params: { purchaseId } })).status).toBe(404);
    expect((await callEndpoint(t, 'testCheckoutComplete', { cookie: stranger.cookie, params: { purchaseId } })).status).toBe(404);
    expect((await balanceOf(stranger.user.id)).coins).toBe(0);
    await callEndpoint(t, 'testCheckoutComplete', { cookie: owner.cookie, params: { purchaseId } });
    const cancel = await callEndpoint(t, 'testCheckoutCancel', { cookie: owner.cookie, params: { purchaseId } });
    expect(cancel.status).toBe(409);
  });

  it('a cancelled checkout credits nothing and cannot be paid from the test page afterwards', async () => {
    const { user, cookie } = await signedInUser(t);
    const pkg = (await packages())[1]!;
    const started = await callEndpoint(t, 'checkout', { cookie, body: { kind: 'coins', packageId: pkg.id } });
    const purchaseId = started.body.data.purchaseId;
    expect((await callEndpoint(t, 'testCheckoutCancel', { cookie, params: { purchaseId } })).body.data.status).toBe('cancelled');
    expect((await callEndpoint(t, 'testCheckoutComplete', { cookie, params: { purchaseId } })).status).toBe(409);
    expect((await balanceOf(user.id)).coins).toBe(0);
  });

  it('refuses bad input with field messages and changes nothing', async () => {
    const { cookie } = await signedInUser(t);
    const bad = await callEndpoint(t, 'checkout', { cookie, body: { kind: 'coins', packageId: 'nope' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.packageId).toBe('Package must be a valid id');
    const offsite = await callEndpoint(t, 'checkout', {
      cookie,
      body: { kind: 'coins', packageId: (await packages())[0]!.id, returnTo: '//evil.example' },
    });
    expect(offsite.status).toBe(400);
    expect(offsite.body.error.fields.returnTo).toBe('Return path must be a path on this site');
    const unknown = await callEndpoint(t, 'checkout', {
      cookie,
      body: { kind: 'plan', planId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.status).toBe(404);
    expect((await callEndpoint(t, 'checkout', { body: { kind: 'coins', packageId: 'x' } })).status).toBe(401);
  });
});

describe('unlocking chapters', () => {
  it('charges the price once, opens the chapter at once, and says 402 when coins are short', async () => {
    const { user, cookie } = await signedInUser(t);
    const { series, chapter } = await lockedChapter({ price: 40, pages: 3, previewPages: 1 });
    const short = await callEndpoint(t, 'unlockChapter', { cookie, params: { chapterId: chapter.id } });
    expect(short.status, JSON.stringify(short.body)).toBe(402);
    expect(short.body.error.code).toBe('insufficient_coins');
    expect(await balanceOf(user.id)).toEqual({ coins: 0, ledger: 0 });

    const before = await callEndpoint(t, 'chapter', { cookie, params: { slug: series.slug, chapterSlug: chapter.slug } });
    expect(before.body.data).toMatchObject({ canRead: false, isPreview: true, pageCount: 3 });
    expect(before.body.data.pages).toHaveLength(1);

    const { coins } = await buyCoins(cookie);
    const unlocked = await callEndpoint(t, 'unlockChapter', { cookie, params: { chapterId: chapter.id } });
    expect(unlocked.body.data).toEqual({
      chapterId: chapter.id,
      method: 'coins',
      charged: 40,
      coins: coins - 40,
      openUntil: null,
    });
    const twice = await callEndpoint(t, 'unlockChapter', { cookie, params: { chapterId: chapter.id } });
    expect(twice.body.data).toEqual({ chapterId: chapter.id, method: 'coins', charged: 0, coins: coins - 40, openUntil: null });
    expect(await balanceOf(user.id)).toEqual({ coins: coins - 40, ledger: coins - 40 });

    const after = await callEndpoint(t, 'chapter', { cookie, params: { slug: series.slug, chapterSlug: chapter.slug } });
    expect(after.body.data).toMatchObject({ canRead: true, isPreview: false });
    expect(after.body.data.pages).toHaveLength(3);
    expect(after.body.data.chapter.access).toBe('unlocked');
    const page = await callEndpoint(t, 'series', { cookie, params: { slug: series.slug } });
    expect(page.body.data.chapters[0].access).toBe('unlocked');
    // Another reader still sees the lock.
    const other = await signedInUser(t);
    const theirs = await callEndpoint(t, 'chapter', {
      cookie: other.cookie,
      params: { slug: series.slug, chapterSlug: chapter.slug },
    });
    expect(theirs.body.data.chapter.access).toBe('locked');

    const wallet = await callEndpoint(t, 'wallet', { cookie });
    expect(wallet.body.data.entries.find((entry: { kind: string }) => entry.kind === 'unlock')).toMatchObject({
      delta: -40,
      kind: 'unlock',
      chapter: { id: chapter.id, seriesSlug: series.slug },
    });
  });

  it('unlocks several chapters of a series for their sum, once, or none of them', async () => {
    const { user, cookie } = await signedInUser(t);
    const series = await buildSeries(t);
    const priced = [];
    for (let n = 1; n <= 4; n += 1) priced.push(await buildChapter(t, series.id, { number: n, price: 30 }));
    const free = await buildChapter(t, series.id, { number: 5, price: 0 });
    const ids = [...priced, free].map((chapter) => chapter.id);

    const { coins } = await buyCoins(cookie); // 100 coins: not enough for 120
    const short = await callEndpoint(t, 'unlockChapters', { cookie, params: { seriesId: series.id }, body: { chapterIds: ids } });
    expect(short.status).toBe(402);
    expect(await balanceOf(user.id)).toEqual({ coins, ledger: coins });
    const three = ids.slice(0, 3);
    const bought = await callEndpoint(t, 'unlockChapters', {
      cookie,
      params: { seriesId: series.id },
      body: { chapterIds: three },
    });
    expect(bought.body.data).toEqual({ chapterIds: three, charged: 90, coins: coins - 90 });
    const wallet = await callEndpoint(t, 'wallet', { cookie });
    expect(wallet.body.data.entries.filter((entry: { kind: string }) => entry.kind === 'unlock')).toHaveLength(1);

    const foreign = await lockedChapter();
    const wrongSeries = await callEndpoint(t, 'unlockChapters', {
      cookie,
      params: { seriesId: series.id },
      body: { chapterIds: [ids[3], foreign.chapter.id] },
    });
    expect(wrongSeries.status).toBe(404);
    expect(wrongSeries.body.error.code).toBe('chapter_not_found');
    expect((await balanceOf(user.id)).coins).toBe(coins - 90);
  });

  it('does not sell drafts or scheduled chapters, and charges nothing for a free one', async () => {
    const { cookie } = await signedInUser(t);
    await buyCoins(cookie);
    const series = await buildSeries(t);
    const draft = await buildChapter(t, series.id, { number: 1, price: 20, publishedAt: null });
    const free = await buildChapter(t, series.id, { number: 2, price: 0 });
    expect((await callEndpoint(t, 'unlockChapter', { cookie, params: { chapterId: draft.id } })).status).toBe(404);
    expect((await callEndpoint(t, 'unlockChapter', { cookie, params: { chapterId: free.id } })).body.data.charged).toBe(0);
  });

  it('unlocks the chapter the reader was buying coins for, once they are paid', async () => {
    const { user, cookie } = await signedInUser(t);
    const { series, chapter } = await lockedChapter({ price: 50 });
    const { coins } = await buyCoins(cookie, 0, {
      unlockChapterId: chapter.id,
      returnTo: `/SeriesView/${series.slug}/${chapter.slug}`,
    });
    expect(await balanceOf(user.id)).toEqual({ coins: coins - 50, ledger: coins - 50 });
    const page = await callEndpoint(t, 'chapter', { cookie, params: { slug: series.slug, chapterSlug: chapter.slug } });
    expect(page.body.data.canRead).toBe(true);
  });

  it('keeps the auto-unlock option per reader', async () => {
    const { cookie } = await signedInUser(t);
    expect((await callEndpoint(t, 'storeSettings', { cookie, body: { autoUnlock: true } })).body.data).toEqual({
      autoUnlock: true,
      showAsSupporter: true,
    });
    expect((await callEndpoint(t, 'storeSettings', { cookie, body: {} })).status).toBe(400);
    const verify = await t.app.inject({ method: 'GET', url: ROUTES.verify.path, headers: { cookie } });
    expect(verify.json().user.autoUnlock).toBe(true);
    expect((await callEndpoint(t, 'storeSettings', { cookie, body: { autoUnlock: 'yes' } })).status).toBe(400);
  });

  it('turns auto-unlock on for a series with the unlock that asks for it, and off again, only when the unlock happens', async () => {
    const { cookie } = await signedInUser(t);
    const { series, chapter } = await lockedChapter({ price: 40 });
    const listed = async () => (await callEndpoint(t, 'autoUnlockSeries', { cookie })).body.data.items;

    // Short of coins: the unlock fails, and so does the choice that came with it.
    const short = await callEndpoint(t, 'unlockChapter', {
      cookie,
      params: { chapterId: chapter.id },
      body: { autoUnlockSeries: true },
    });
    expect(short.status).toBe(402);
    expect(await listed()).toEqual([]);
    const bad = await callEndpoint(t, 'unlockChapter', {
      cookie,
      params: { chapterId: chapter.id },
      body: { autoUnlockSeries: 'yes' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('autoUnlockSeries');

    const { coins } = await buyCoins(cookie);
    const unlocked = await callEndpoint(t, 'unlockChapter', {
      cookie,
      params: { chapterId: chapter.id },
      body: { autoUnlockSeries: true },
    });
    expect(unlocked.body.data).toEqual({
      chapterId: chapter.id,
      method: 'coins',
      charged: 40,
      coins: coins - 40,
      openUntil: null,
    });
    expect(await listed()).toEqual([
      { seriesId: series.id, slug: series.slug, title: series.title, since: t.clock.now().toISOString() },
    ]);
    // Someone else's list is their own.
    expect((await callEndpoint(t, 'autoUnlockSeries', { cookie: (await signedInUser(t)).cookie })).body.data.items).toEqual([]);

    const off = await callEndpoint(t, 'autoUnlockSeriesRemove', { cookie, params: { seriesId: series.id } });
    expect(off.body.data).toEqual({ seriesId: series.id, autoUnlock: false });
    expect(await listed()).toEqual([]);
    expect((await callEndpoint(t, 'autoUnlockSeriesRemove', { cookie, params: { seriesId: series.id } })).status).toBe(200);
    expect((await callEndpoint(t, 'autoUnlockSeriesRemove', { cookie, params: { seriesId: 'nope' } })).status).toBe(400);
  });
});

describe('subscriptions', () => {
  it('makes the reader premium with the plan as membership, credits its coins once per period, and renews in test mode', async () => {
    const { user, cookie } = await signedInUser(t);
    const patron = (await plans()).find((plan) => plan.name === 'Patron')!;
    const started = await callEndpoint(t, 'checkout', { cookie, body: { kind: 'plan', planId: patron.id } });
    await callEndpoint(t, 'testCheckoutComplete', { cookie, params: { purchaseId: started.body.data.purchaseId } });

    const profile = await callEndpoint(t, 'profile', { cookie });
    expect(profile.body.data).toMatchObject({ isPremium: true, membership: 'Patron', coins: 300 });
    const { series, chapter } = await lockedChapter({ price: 60 });
    const page = await callEndpoint(t, 'chapter', { cookie, params: { slug: series.slug, chapterSlug: chapter.slug } });
    expect(page.body.data).toMatchObject({ canRead: true, chapter: { access: 'unlocked' } });
    expect((await callEndpoint(t, 'unlockChapter', { cookie, params: { chapterId: chapter.id } })).body.data.charged).toBe(0);

    const again = await callEndpoint(t, 'checkout', { cookie, body: { kind: 'plan', planId: patron.id } });
    expect(again.status).toBe(409);

    const subscription = (await callEndpoint(t, 'mySubscription', { cookie })).body.data;
    expect(subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, plan: { name: 'Patron' } });
    // The period ends; the billing job renews it as if paid, once however often it runs.
    const lapsedEnd = await lapse(subscription.id);
    await t.app.services.payments.runTestBilling();
    await t.app.services.payments.runTestBilling();
    expect(await balanceOf(user.id)).toEqual({ coins: 600, ledger: 600 });
    const renewed = (await callEndpoint(t, 'mySubscription', { cookie })).body.data;
    expect(renewed.id).toBe(subscription.id);
    expect(renewed.currentPeriodEnd > lapsedEnd.toISOString()).toBe(true);
    const purchases = (await callEndpoint(t, 'myPurchases', { cookie })).body.data.items;
    expect(purchases.map((p: { planName: string; status: string }) => [p.planName, p.status])).toEqual([
      ['Patron (renewal)', 'paid'],
      ['Patron', 'paid'],
    ]);
  });

  it("ends premium when the app's clock passes the period's end, before any job has run", async () => {
    // Premium is decided on the app's clock (access's rule), never the database's now(): moving
    // the test clock past the period locks the chapter and ends isPremium at the next request.
    const { user, cookie } = await signedInUser(t);
    const plan = (await plans()).find((item) => item.name === 'Reader')!;
    const started = await callEndpoint(t, 'checkout', { cookie, body: { kind: 'plan', planId: plan.id } });
    await callEndpoint(t, 'testCheckoutComplete', { cookie, params: { purchaseId: started.body.data.purchaseId } });
    const { series, chapter } = await lockedChapter({ price: 40 });
    const read = () => callEndpoint(t, 'chapter', { cookie, params: { slug: series.slug, chapterSlug: chapter.slug } });
    expect((await read()).body.data.chapter.access).toBe('unlocked');
    expect((await callEndpoint(t, 'profile', { cookie })).body.data.isPremium).toBe(true);

    // The period ends a minute from the app's now; the app's clock then moves two minutes on (the
    // database's own now() stays where it was, a minute before the end).
    const end = new Date(t.clock.now().getTime() + 60_000);
    await t.db.execute(
      sql`update subscriptions set current_period_end = ${end.toISOString()}::timestamptz where user_id = ${user.id}`,
    );
    const wasNow = t.clock.now();
    t.clock.set(new Date(end.getTime() + 60_000));
    try {
      expect((await read()).body.data.chapter.access).toBe('locked');
      expect((await callEndpoint(t, 'profile', { cookie })).body.data.isPremium).toBe(false);
      expect((await callEndpoint(t, 'mySubscription', { cookie })).body.data).toBeNull();
      // An unlock charges them now: the wallet reads the same rule in its transaction.
      expect((await callEndpoint(t, 'unlockChapter', { cookie, params: { chapterId: chapter.id } })).status).toBe(402);
    } finally {
      t.clock.set(wasNow);
    }
  });

  it('keeps access to the end of the period after cancelling, then ends', async () => {
    const { cookie } = await signedInUser(t);
    const plan = (await plans()).find((item) => item.name === 'Reader')!;
    const started = await callEndpoint(t, 'checkout', { cookie, body: { kind: 'plan', planId: plan.id } });
    await callEndpoint(t, 'testCheckoutComplete', { cookie, params: { purchaseId: started.body.data.purchaseId } });
    const cancelled = await callEndpoint(t, 'cancelSubscription', { cookie });
    expect(cancelled.body.data).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });
    expect((await callEndpoint(t, 'profile', { cookie })).body.data.isPremium).toBe(true);

    await lapse(cancelled.body.data.id);
    await t.app.services.payments.runTestBilling();
    expect((await callEndpoint(t, 'mySubscription', { cookie })).body.data).toBeNull();
    expect((await callEndpoint(t, 'myPurchases', { cookie })).body.data.items).toHaveLength(1);
    expect((await callEndpoint(t, 'cancelSubscription', { cookie })).status).toBe(404);
  });
});

describe('refunds (admin)', () => {
  it('takes back what is left of the coins, never more than the balance, once', async () => {
    const { user, cookie } = await signedInUser(t);
    const { purchaseId, coins } = await buyCoins(cookie);
    const { chapter } = await lockedChapter({ price: 70 });
    await callEndpoint(t, 'unlockChapter', { cookie, params: { chapterId: chapter.id } });

    expect((await callEndpoint(t, 'adminPurchaseRefund', { cookie, params: { id: purchaseId } })).status).toBe(403);
    const refunded = await callEndpoint(t, 'adminPurchaseRefund', { cookie: admin, params: { id: purchaseId } });
    expect(refunded.body.data).toMatchObject({ status: 'refunded', coinsReversed: coins - 70 });
    expect(await balanceOf(user.id)).toEqual({ coins: 0, ledger: 0 });
    const twice = await callEndpoint(t, 'adminPurchaseRefund', { cookie: admin, params: { id: purchaseId } });
    expect(twice.body.data.coinsReversed).toBe(coins - 70);
    expect(await balanceOf(user.id)).toEqual({ coins: 0, ledger: 0 });
    // The unlock stays: the reader read it.
    expect((await callEndpoint(t, 'unlockChapter', { cookie, params: { chapterId: chapter.id } })).body.data.charged).toBe(0);
  });

  it('ends a refunded subscription at once, and refuses to refund what was never paid', async () => {
    const { cookie } = await signedInUser(t);
    const plan = (await plans())[0]!;
    const started = await callEndpoint(t, 'checkout', { cookie, body: { kind: 'plan', planId: plan.id } });
    const pending = await callEndpoint(t, 'adminPurchaseRefund', { cookie: admin, params: { id: started.body.data.purchaseId } });
    expect(pending.status).toBe(409);
    await callEndpoint(t, 'testCheckoutComplete', { cookie, params: { purchaseId: started.body.data.purchaseId } });
    expect((await callEndpoint(t, 'profile', { cookie })).body.data.isPremium).toBe(true);
    await callEndpoint(t, 'adminPurchaseRefund', { cookie: admin, params: { id: started.body.data.purchaseId } });
    expect((await callEndpoint(t, 'profile', { cookie })).body.data).toMatchObject({ isPremium: false, membership: null });
    expect((await callEndpoint(t, 'mySubscription', { cookie })).body.data).toBeNull();
  });

  it("takes back what is left of a refunded plan's coins, with a ledger row, never below 0", async () => {
    const created = await callEndpoint(t, 'adminPlanCreate', {
      cookie: admin,
      body: { name: 'Refundable', priceCents: 999, interval: 'month', coinsPerPeriod: 300 },
    });
    const plan = created.body.data as { id: string };
    const subscribe = async (cookie: string) => {
      const started = await callEndpoint(t, 'checkout', { cookie, body: { kind: 'plan', planId: plan.id } });
      await callEndpoint(t, 'testCheckoutComplete', { cookie, params: { purchaseId: started.body.data.purchaseId } });
      return started.body.data.purchaseId as string;
    };
    const kept = await signedInUser(t);
    const keptPurchase = await subscribe(kept.cookie);
    expect(await balanceOf(kept.user.id)).toEqual({ coins: 300, ledger: 300 });
    const refunded = await callEndpoint(t, 'adminPurchaseRefund', { cookie: admin, params: { id: keptPurchase } });
    expect(refunded.body.data).toMatchObject({ status: 'refunded', coinsReversed: 300 });
    expect(await balanceOf(kept.user.id)).toEqual({ coins: 0, ledger: 0 });
    const wallet = (await callEndpoint(t, 'wallet', { cookie: kept.cookie })).body.data.entries as {
      kind: string;
      delta: number;
    }[];
    expect(wallet[0]).toMatchObject({ kind: 'refund', delta: -300 });

    // Coins already spent stay spent: only what is left comes back.
    const spender = await signedInUser(t);
    const spentPurchase = await subscribe(spender.cookie);
    const { chapter } = await lockedChapter({ price: 120 });
    expect((await callEndpoint(t, 'unlockChapter', { cookie: spender.cookie, params: { chapterId: chapter.id } })).status).toBe(
      200,
    );
    await callEndpoint(t, 'adminPurchaseRefund', { cookie: admin, params: { id: spentPurchase } });
    expect(await balanceOf(spender.user.id)).toEqual({ coins: 0, ledger: 0 });
  });

  it('writes one audit entry for twenty refunds of one purchase at once', async () => {
    const { cookie } = await signedInUser(t);
    const { purchaseId } = await buyCoins(cookie);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => callEndpoint(t, 'adminPurchaseRefund', { cookie: admin, params: { id: purchaseId } })),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(answers.filter((answer) => answer.body.message === 'Purchase refunded')).toHaveLength(1);
    const rows = await t.db.execute(
      sql`select count(*)::int as n from audit_log where action = 'adminPurchaseRefund' and target_id = ${purchaseId}`,
    );
    const row = (rows as unknown as { rows?: unknown[] }).rows?.[0] ?? (rows as unknown as unknown[])[0];
    expect(row).toEqual({ n: 1 });
  });

  it('lists and finds purchases for the admin', async () => {
    const { user, cookie } = await signedInUser(t);
    const { purchaseId } = await buyCoins(cookie);
    const found = await callEndpoint(t, 'adminPurchases', { cookie: admin, query: `?q=${encodeURIComponent(user.username)}` });
    expect(found.body.data.items).toEqual([
      expect.objectContaining({ id: purchaseId, user: expect.objectContaining({ id: user.id }) }),
    ]);
    const filtered = await callEndpoint(t, 'adminPurchases', { cookie: admin, query: '?status=refunded&kind=coins' });
    expect(filtered.body.data.items.every((item: { status: string }) => item.status === 'refunded')).toBe(true);
    expect((await callEndpoint(t, 'adminPurchases', { cookie: admin, query: '?status=lost' })).status).toBe(400);
    expect((await callEndpoint(t, 'adminPurchase', { cookie: admin, params: { id: purchaseId } })).body.data.id).toBe(purchaseId);
  });
});

describe('plans and coin packages (admin)', () => {
  it('creates, edits and archives a plan; an archived plan is off sale', async () => {
    const created = await callEndpoint(t, 'adminPlanCreate', {
      cookie: admin,
      body: { name: 'Yearly', priceCents: 4999, interval: 'year', coinsPerPeriod: 1000 },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Yearly', includesPremium: true, isActive: true, sold: 0 });
    const id = created.body.data.id;
    expect((await plans()).some((plan) => plan.id === id)).toBe(true);
    const archived = await callEndpoint(t, 'adminPlanUpdate', {
      cookie: admin,
      params: { id },
      body: { isActive: false, name: 'Yearly (old)' },
    });
    expect(archived.body.data).toMatchObject({ isActive: false, name: 'Yearly (old)' });
    expect((await plans()).some((plan) => plan.id === id)).toBe(false);
    const { cookie } = await signedInUser(t);
    expect((await callEndpoint(t, 'checkout', { cookie, body: { kind: 'plan', planId: id } })).status).toBe(404);
    const bad = await callEndpoint(t, 'adminPlanCreate', { cookie: admin, body: { name: '', priceCents: 10, interval: 'week' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['interval', 'name', 'priceCents']);
  });

  it('creates and edits coin packages and reports coins sold and spent', async () => {
    const created = await callEndpoint(t, 'adminCoinPackageCreate', {
      cookie: admin,
      body: { name: 'Mega', coins: 5000, bonusCoins: 1500, priceCents: 4999 },
    });
    expect(created.status).toBe(201);
    expect((await packages()).find((item) => item.bestValue)?.name).toBe('Mega');
    await callEndpoint(t, 'adminCoinPackageUpdate', {
      cookie: admin,
      params: { id: created.body.data.id },
      body: { isActive: false },
    });
    expect((await packages()).some((item) => item.name === 'Mega')).toBe(false);
    const list = await callEndpoint(t, 'adminCoinPackages', { cookie: admin });
    expect(list.body.data.items.length).toBe(4);
    // Earlier tests bought the first package several times; the new one was never sold.
    expect(list.body.data.items.find((item: { name: string }) => item.name === 'Handful').sold).toBeGreaterThan(0);
    expect(list.body.data.items.find((item: { name: string }) => item.name === 'Mega').sold).toBe(0);
    const planList = (await callEndpoint(t, 'adminPlans', { cookie: admin })).body.data.items;
    expect(planList.find((plan: { name: string }) => plan.name === 'Patron')).toMatchObject({ sold: 1, activeSubscribers: 1 });
    expect(list.body.data.totals.sold).toBeGreaterThan(0);
    expect(list.body.data.totals.spent).toBeGreaterThan(0);
    expect(list.body.data.totals.revenueCents.usd).toBeGreaterThan(0);
    const editor = await loginAs(t.app, await buildUser(t.db, { role: 'editor' }));
    expect((await callEndpoint(t, 'adminCoinPackages', { cookie: editor })).status).toBe(403);
  });
});

describe('the ledger', () => {
  it('is append-only: the database refuses to change or delete a row', async () => {
    const { user, cookie } = await signedInUser(t);
    await buyCoins(cookie);
    await expect(t.db.execute(sql`update coin_ledger set delta = 1000000 where user_id = ${user.id}`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from coin_ledger where user_id = ${user.id}`)).rejects.toThrow();
    await expect(t.db.execute(sql`update users set coins = -5 where id = ${user.id}`)).rejects.toThrow();
  });
});
