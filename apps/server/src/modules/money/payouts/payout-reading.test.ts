import { fillPath, ROUTES } from '@inkwell/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, buildUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, loginAs, TEST_ORIGIN, type TestContext } from '../../../../test/helpers';
import { payoutMonths, plans, purchases, readingProgress, subscriptionAllocations, subscriptions } from '../../../db/schema';
import { rowsOf } from '../../../db/sql';

/*
 * Issue 32: subscription income follows reading a payee cannot fake. A series' payees and the
 * team never count for it, and a premium chapter counts once per reader, in the month the reader
 * first reached its end at least its reading time after first opening it — however the progress
 * came (the site, an OPDS page stream, a reading app).
 */
const MARCH_10 = new Date('2026-03-10T12:00:00Z');
const APRIL_2 = new Date('2026-04-02T09:00:00Z');
const MINUTE = 60_000;

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(MARCH_10);
});
afterAll(async () => {
  await t?.close();
});

/** A user with a monthly Premium plan of 10.00 USD paid today, signed in after it (so their session holds it). */
async function subscriber(planId: string, role: 'reader' | 'editor' = 'reader') {
  const user = await buildUser(t.db, { role });
  const now = t.clock.now();
  const [purchase] = await t.db
    .insert(purchases)
    .values({
      userId: user.id,
      kind: 'plan',
      status: 'paid',
      planId,
      amountCents: 1000,
      currency: 'usd',
      itemName: 'Monthly',
      provider: 'test',
      createdAt: now,
      paidAt: now,
    })
    .returning();
  await t.db.insert(subscriptions).values({
    userId: user.id,
    planId,
    purchaseId: purchase!.id,
    status: 'active',
    provider: 'test',
    currentPeriodStart: now,
    currentPeriodEnd: new Date(now.getTime() + 31 * 86_400_000),
    startedAt: now,
  });
  return { user, cookie: await loginAs(t.app, user) };
}

const progress = (cookie: string, chapterId: string, body: object) =>
  callEndpoint(t, 'progressSave', { cookie, params: { chapterId }, body });
const finishedAtOf = async (userId: string, chapterId: string) =>
  (await t.db.select().from(readingProgress).where(eq(readingProgress.userId, userId))).find((row) => row.chapterId === chapterId)
    ?.finishedAt ?? null;

describe('the month close shares subscriptions by plausible reading, never the payees’ or the team’s', () => {
  it('gives a payee’s series nothing for their own marks, and counts a reader’s chapter once, only after its reading time', async () => {
    const admin = await loginAs(t.app, await buildUser(t.db, { role: 'admin' }));
    const lantern = await buildSeries(t, { title: 'Lantern' });
    const harbour = await buildSeries(t, { title: 'Harbour' });
    const [plan] = await t.db
      .insert(plans)
      .values({ name: 'Monthly', priceCents: 1000, currency: 'usd', interval: 'month' })
      .returning();
    const ana = await subscriber(plan!.id);
    const cai = await buildUser(t.db);
    for (const [seriesId, userId] of [
      [lantern.id, ana.user.id],
      [harbour.id, cai.id],
    ] as const) {
      const response = await t.app.inject({
        method: 'PUT',
        url: fillPath(ROUTES.adminSeriesPayeesUpdate.path, { id: seriesId }),
        headers: { origin: TEST_ORIGIN, cookie: admin },
        payload: [{ userId, role: 'author', shareBps: 10_000 }],
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const priced = { price: 30, pages: 3 };
    const lanternChapters = [
      await buildChapter(t, lantern.id, { number: 1, ...priced }),
      await buildChapter(t, lantern.id, { number: 2, ...priced }),
    ];
    const harbourChapters = [
      await buildChapter(t, harbour.id, { number: 1, ...priced }),
      await buildChapter(t, harbour.id, { number: 2, ...priced }),
      await buildChapter(t, harbour.id, { number: 3, ...priced }),
      await buildChapter(t, harbour.id, { number: 4, ...priced }),
    ];
    const sam = await subscriber(plan!.id);
    const editor = await subscriber(plan!.id, 'editor');

    // Ana, Lantern's payee, marks her own chapters read in one request, and again after their time: never for Lantern.
    for (const chapter of lanternChapters) expect((await progress(ana.cookie, chapter.id, { completed: true })).status).toBe(200);
    // Sam marks a Lantern chapter read in one request; an OPDS app asks Harbour 1's last page alone.
    await progress(sam.cookie, lanternChapters[0]!.id, { completed: true });
    const made = await callEndpoint(t, 'deviceKeyCreate', { cookie: sam.cookie, body: { name: 'Panels' } });
    const opdsPage = (chapterId: string, index: number) =>
      t.app.inject({
        method: 'GET',
        url: `/opds/v1.2/chapters/${chapterId}/pages/${index}`,
        headers: { authorization: `Basic ${Buffer.from(`${sam.user.username}:${made.body.data.key}`).toString('base64')}` },
      });
    expect((await opdsPage(harbourChapters[0]!.id, 2)).statusCode).toBe(200);
    // A reading app says Harbour 2 is done, at once, with a time of its own an hour back.
    const samViewer = { userId: sam.user.id, role: 'reader' as const, hasPremiumPass: true, unlocked: new Set<string>() };
    const library = t.app.services.library;
    await library.placeFromApp(
      samViewer,
      harbourChapters[1]!.id,
      { completed: true },
      new Date(t.clock.now().getTime() - 60 * MINUTE),
    );
    // Sam opens Harbour 3 on the site; the editor and Ana open Harbour 4.
    await progress(sam.cookie, harbourChapters[2]!.id, { page: 1 });
    await progress(editor.cookie, harbourChapters[3]!.id, { page: 1 });
    await progress(ana.cookie, harbourChapters[3]!.id, { page: 1 });
    await progress(editor.cookie, lanternChapters[1]!.id, { page: 1 });
    for (const chapter of [...lanternChapters, ...harbourChapters.slice(0, 2)])
      expect(await finishedAtOf(sam.user.id, chapter.id)).toBeNull();

    // Ten seconds on is still too soon for a 3-page chapter (20 s).
    t.clock.advance(10_000);
    await progress(sam.cookie, harbourChapters[2]!.id, { page: 3 });
    expect(await finishedAtOf(sam.user.id, harbourChapters[2]!.id)).toBeNull();

    // A minute on, the ends reached count: once, when first reached.
    t.clock.advance(MINUTE);
    const finishedAt = t.clock.now();
    await progress(sam.cookie, harbourChapters[2]!.id, { page: 3 });
    expect((await opdsPage(harbourChapters[0]!.id, 2)).statusCode).toBe(200);
    await library.placeFromApp(samViewer, harbourChapters[1]!.id, { completed: true }, t.clock.now());
    for (const chapter of lanternChapters) await progress(ana.cookie, chapter.id, { completed: true });
    await progress(ana.cookie, harbourChapters[3]!.id, { completed: true });
    await progress(editor.cookie, harbourChapters[3]!.id, { completed: true });
    await progress(editor.cookie, lanternChapters[1]!.id, { completed: true });
    expect(await finishedAtOf(sam.user.id, harbourChapters[2]!.id)).toEqual(finishedAt);

    // Read again later in the month: still the one finish.
    t.clock.advance(5 * 86_400_000);
    await progress(sam.cookie, harbourChapters[2]!.id, { page: 1 });
    await progress(sam.cookie, harbourChapters[2]!.id, { completed: true });
    expect(await finishedAtOf(sam.user.id, harbourChapters[2]!.id)).toEqual(finishedAt);

    t.clock.set(APRIL_2);
    expect(await t.app.services.payoutMonths.closeMonths()).toBe(1);
    const [month] = await t.db.select().from(payoutMonths).where(eq(payoutMonths.month, '2026-03'));
    // Sam's Harbour 1 (OPDS), 2 (the app) and 3 (the site), and Ana's Harbour 4; nothing of Ana's
    // Lantern, the editor's reading or anything read in one request.
    expect(month).toMatchObject({ finishedChapters: 4, subscriptionRevenue: { usd: 3000 } });
    const shared = rowsOf<{ series_title: string; payee_id: string; cents: number }>(
      await t.db.execute(
        sql`select series_title, payee_id, sum(amount_cents)::int as cents from ${subscriptionAllocations} where month = '2026-03' group by series_title, payee_id`,
      ),
    );
    expect(shared).toEqual([{ series_title: 'Harbour', payee_id: cai.id, cents: 3000 }]);
  });
});
