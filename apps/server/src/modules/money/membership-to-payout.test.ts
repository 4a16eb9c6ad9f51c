import { createHash } from 'node:crypto';
import type { ChapterSummary } from '@inkwell/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, buildUser } from '../../../test/factories';
import { callEndpoint, createTestApp, loginAs, startSecondInstance, type TestContext } from '../../../test/helpers';
import { users } from '../../db/schema';
import { rowsOf } from '../../db/sql';

/*
 * Issue 38, "Done when", as one chain through the real API: a creator adds a tier with 7 days of
 * early access; a reader subscribes through the test checkout, reads a chapter scheduled for next
 * week on the web and in KOReader, and is charged again at renewal; the months close and the
 * creator's payout appears once, as a transfer of the test provider, on their statement and in the
 * admin's finances.
 *
 * Lantern's payees: its creator 70 %, its artist 30 % (who never connects an account). The fee is
 * the site's default 30 %; the admin sets the minimum transfer to 4.00 USD.
 *   January: the tier's first payment, 5.00 USD: creator 3.50 − 1.05 = 2.45, below the minimum,
 *     carried; artist 1.50 − 0.45 = 1.05 carried (no account).
 *   February: the renewal, 5.00 USD: creator 2.45 + 2.45 = 4.90 sent, once; artist 2.10 carried.
 */
const DAY = 86_400_000;
const at = (month: number, day: number, hour = 12) => new Date(Date.UTC(2026, month - 1, day, hour));
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

type User = Awaited<ReturnType<typeof buildUser>>;

let t: TestContext;
let admin: User;
let creator: User;
let artist: User;
let reader: User;
let stranger: User;
let series: { id: string; slug: string; title: string };
let scheduled: { id: string; slug: string; publishedAt: string | null };
let tierId: string;
let firstPurchaseId: string;

/** A fresh session at each call: the months this test walks through outlive one. */
const as = (user: User) => loginAs(t.app, user);

/** A schedule's job run now, as its tick would, and every job it queued (the transfers) done. */
async function runJob(name: 'store.test-billing' | 'payouts.close-month') {
  await t.app.services.jobs.send(name, {});
  t.app.services.jobs.wake(name);
  await t.app.services.jobs.drain();
}

async function query<T>(statement: ReturnType<typeof sql>) {
  return rowsOf<T>(await t.db.execute(statement));
}

const allocationsOf = (purchaseId: string) =>
  query<{ payee_id: string; amount_cents: number; kind: string; currency: string }>(
    sql`select payee_id, amount_cents::int as amount_cents, kind, currency from tier_allocations where purchase_id = ${purchaseId} order by amount_cents desc`,
  );

const statementsOf = (payeeId: string) =>
  query<{
    month: string;
    status: string;
    earned_cents: number;
    fee_cents: number;
    carried_in_cents: number;
    amount_cents: number;
    carried_out_cents: number;
    provider_transfer_id: string | null;
    attempts: number;
  }>(
    // Cast: the amounts are bigint, which PostgreSQL's driver reads as strings.
    sql`select month, status, earned_cents::int as earned_cents, fee_cents::int as fee_cents,
          carried_in_cents::int as carried_in_cents, amount_cents::int as amount_cents,
          carried_out_cents::int as carried_out_cents, provider_transfer_id, attempts
          from payout_statements where payee_id = ${payeeId} order by month`,
  );

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(at(1, 10));
  [admin, creator, artist, reader, stranger] = [
    await buildUser(t.db, { role: 'admin' }),
    await buildUser(t.db),
    await buildUser(t.db),
    await buildUser(t.db),
    await buildUser(t.db),
  ];
  series = await buildSeries(t, { title: 'Lantern' });
  const adminCookie = await as(admin);
  const member = await callEndpoint(t, 'adminSeriesMemberPut', {
    cookie: adminCookie,
    params: { id: series.id },
    body: { username: creator.username, role: 'creator', canPublish: false },
  });
  expect(member.status, JSON.stringify(member.body)).toBe(200);
  const payees = await callEndpoint(t, 'adminSeriesPayeesUpdate', {
    cookie: adminCookie,
    params: { id: series.id },
    body: [
      { userId: creator.id, role: 'author', shareBps: 7000 },
      { userId: artist.id, role: 'artist', shareBps: 3000 },
    ],
  });
  expect(payees.status, JSON.stringify(payees.body)).toBe(200);
  // The site's configuration asks for an admin with two-factor sign-in (turned on after signing in,
  // and off again so the admin's later sign-ins need no code).
  await t.db.update(users).set({ totpEnabledAt: t.clock.now() }).where(eq(users.id, admin.id));
  const minimum = await callEndpoint(t, 'adminSiteConfigUpdate', {
    cookie: adminCookie,
    body: { payouts: { minimumCents: 400 } },
  });
  expect(minimum.status, JSON.stringify(minimum.body)).toBe(200);
  await t.db.update(users).set({ totpEnabledAt: null }).where(eq(users.id, admin.id));
  await buildChapter(t, series.id, { number: 1, slug: 'one', pages: 2 });
  // Next week for everyone, within the tier's 7 days for its members.
  scheduled = await buildChapter(t, series.id, {
    number: 2,
    slug: 'two',
    pages: 2,
    publishedAt: new Date(t.clock.now().getTime() + 6 * DAY).toISOString(),
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const seriesOf = async (user?: User) =>
  callEndpoint(t, 'series', { params: { slug: series.slug }, cookie: user && (await as(user)) });
const chapterOf = async (user?: User) =>
  callEndpoint(t, 'chapter', { params: { slug: series.slug, chapterSlug: 'two' }, cookie: user && (await as(user)) });
const slugs = (items: ChapterSummary[]) => items.map((chapter) => chapter.slug);
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** A device key made on the account page, and the OPDS sign-in KOReader sends with it. */
async function deviceKey(user: User) {
  const made = await callEndpoint(t, 'deviceKeyCreate', { cookie: await as(user), body: { name: 'KOReader' } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const key = made.body.data.key as string;
  return { key, authorization: `Basic ${Buffer.from(`${user.username}:${key}`).toString('base64')}` };
}

describe('from a tier with early access to the creator’s payout', () => {
  it('the creator adds a 7-day tier; before anyone joins, the chapter of next week is nobody’s', async () => {
    const created = await callEndpoint(t, 'teamSeriesTierCreate', {
      cookie: await as(creator),
      params: { id: series.id },
      body: {
        name: 'Early readers',
        description: 'Read a week ahead',
        priceCents: 500,
        currency: 'usd',
        interval: 'month',
        earlyAccessDays: 7,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ priceCents: 500, currency: 'usd', interval: 'month', earlyAccessDays: 7 });
    tierId = created.body.data.id;
    const shown = await callEndpoint(t, 'seriesTiers', { params: { id: series.id } });
    expect(shown.body.data).toMatchObject({ members: 0, items: [{ id: tierId, earlyAccessDays: 7 }] });

    for (const who of [undefined, reader]) {
      expect(slugs((await seriesOf(who)).body.data.chapters)).toEqual(['one']);
      expect((await chapterOf(who)).status).toBe(404);
    }
  });

  it('the reader subscribes through the test checkout and the payment is split among the payees', async () => {
    const cookie = await as(reader);
    const started = await callEndpoint(t, 'checkout', { cookie, body: { kind: 'tier', tierId } });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    firstPurchaseId = started.body.data.purchaseId;
    const paid = await callEndpoint(t, 'testCheckoutComplete', { cookie, params: { purchaseId: firstPurchaseId } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const purchase = await callEndpoint(t, 'myPurchase', { cookie, params: { purchaseId: firstPurchaseId } });
    expect(purchase.body.data).toMatchObject({ kind: 'tier', status: 'paid', amountCents: 500, currency: 'usd' });
    expect(await allocationsOf(firstPurchaseId)).toEqual([
      { payee_id: creator.id, amount_cents: 350, kind: 'payment', currency: 'usd' },
      { payee_id: artist.id, amount_cents: 150, kind: 'payment', currency: 'usd' },
    ]);
    const mine = await callEndpoint(t, 'myMemberships', { cookie });
    expect(mine.body.data.items).toEqual([
      expect.objectContaining({ tier: expect.objectContaining({ id: tierId }), status: 'active', provider: 'test' }),
    ]);
  });

  it('the member reads the chapter of next week on the web: listed with its mark, opened whole, its pages served', async () => {
    const page = await seriesOf(reader);
    expect(slugs(page.body.data.chapters)).toEqual(['two', 'one']);
    expect(page.body.data.chapters[0]).toMatchObject({ earlyAccess: { publicAt: scheduled.publishedAt } });
    const answer = await chapterOf(reader);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ canRead: true, isPreview: false, offers: [] });
    expect(answer.body.data.chapter.earlyAccess).toEqual({ publicAt: scheduled.publishedAt });
    expect(answer.body.data.pages).toHaveLength(2);
    for (const { url } of answer.body.data.pages as { url: string }[]) {
      const address = new URL(url, 'http://localhost');
      expect((await get(address.pathname + address.search)).statusCode).toBe(200);
    }
    // A visitor and a reader who is no member still see nothing of it.
    for (const who of [undefined, stranger]) {
      expect(slugs((await seriesOf(who)).body.data.chapters)).toEqual(['one']);
      expect((await chapterOf(who)).status).toBe(404);
    }
  });

  it('and in KOReader: the catalogue lists it, the file downloads, and the sync keeps the place', async () => {
    const { key, authorization } = await deviceKey(reader);
    const feed = await get(`/opds/v1.2/series/${series.slug}`, { authorization });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain(`urn:uuid:${scheduled.id}`);
    expect(feed.body).toContain(`/download/chapters/${scheduled.id}.cbz`);
    expect((await get(`/opds/v1.2/chapters/${scheduled.id}/pages/0`, { authorization })).statusCode).toBe(200);
    const file = await get(`/download/chapters/${scheduled.id}.cbz`, { authorization });
    expect(file.statusCode).toBe(200);
    const document = file.headers['x-koreader-document'] as string;
    expect(document).toBeTruthy();
    // A minute after the OPDS page (which moved the place to page 1), KOReader's place is the newer one.
    t.clock.advance(60_000);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/koreader/syncs/progress',
      headers: {
        accept: 'application/vnd.koreader.v1+json',
        'content-type': 'application/json',
        'x-auth-user': reader.username,
        'x-auth-key': md5(key),
      },
      payload: JSON.stringify({ document, progress: '2', percentage: 1, device: 'Kobo', device_id: 'K1' }),
    });
    expect(put.statusCode, put.body).toBe(200);
    const place = await callEndpoint(t, 'seriesProgress', { cookie: await as(reader), params: { seriesId: series.id } });
    expect(place.body.data.chapters[scheduled.id]).toMatchObject({ page: 2 });

    const theirs = await deviceKey(stranger);
    for (const headers of [{}, { authorization: theirs.authorization }] as Record<string, string>[]) {
      const other = await get(`/opds/v1.2/series/${series.slug}`, headers);
      expect(other.statusCode).toBe(200);
      expect(other.body).not.toContain(scheduled.id);
      expect((await get(`/download/chapters/${scheduled.id}.cbz`, headers)).statusCode).toBe(404);
    }
  });

  it('the creator connects a payout account through the test provider', async () => {
    const cookie = await as(creator);
    const started = await callEndpoint(t, 'myPayoutAccountStart', { cookie, body: {} });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const done = await callEndpoint(t, 'testPayoutOnboardingComplete', { cookie });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await callEndpoint(t, 'myPayoutAccount', { cookie })).body.data).toMatchObject({
      status: 'active',
      provider: 'test',
      currency: 'usd',
      minimumCents: 400,
    });
  });

  it('January closes: both shares are below what is sent, and carry over', async () => {
    t.clock.set(at(2, 1, 2));
    await runJob('payouts.close-month');
    expect(await statementsOf(creator.id)).toEqual([
      {
        month: '2026-01',
        status: 'carried',
        earned_cents: 350,
        fee_cents: 105,
        carried_in_cents: 0,
        amount_cents: 0,
        carried_out_cents: 245,
        provider_transfer_id: null,
        attempts: 0,
      },
    ]);
    expect(await statementsOf(artist.id)).toMatchObject([
      { month: '2026-01', status: 'carried', earned_cents: 150, fee_cents: 45, amount_cents: 0, carried_out_cents: 105 },
    ]);
  });

  it('at the end of its period the membership renews: the reader is charged again, and the payees’ parts written again', async () => {
    const [before] = (await callEndpoint(t, 'myMemberships', { cookie: await as(reader) })).body.data.items;
    t.clock.set(new Date(new Date(before.currentPeriodEnd).getTime() + 60_000));
    expect(t.clock.now().toISOString().slice(0, 7)).toBe('2026-02');
    await runJob('store.test-billing');
    // The next tick finds nothing more to charge.
    await runJob('store.test-billing');

    const paid = await query<{ id: string; kind: string; status: string; amount_cents: number; currency: string }>(
      sql`select id, kind, status, amount_cents::int as amount_cents, currency from purchases
            where user_id = ${reader.id} and status = 'paid' order by paid_at`,
    );
    expect(paid.map(({ id: _, ...rest }) => rest)).toEqual([
      { kind: 'tier', status: 'paid', amount_cents: 500, currency: 'usd' },
      { kind: 'tier', status: 'paid', amount_cents: 500, currency: 'usd' },
    ]);
    expect(paid[0]!.id).toBe(firstPurchaseId);
    expect(await allocationsOf(paid[1]!.id)).toEqual([
      { payee_id: creator.id, amount_cents: 350, kind: 'payment', currency: 'usd' },
      { payee_id: artist.id, amount_cents: 150, kind: 'payment', currency: 'usd' },
    ]);
    const readerCookie = await as(reader);
    const [after] = (await callEndpoint(t, 'myMemberships', { cookie: readerCookie })).body.data.items;
    expect(after).toMatchObject({ id: before.id, status: 'active' });
    expect(after.currentPeriodEnd > before.currentPeriodEnd).toBe(true);
    // The reader's purchase history shows the charge.
    const history = await callEndpoint(t, 'myPurchases', { cookie: readerCookie });
    expect(history.body.data.items.find((item: { id: string }) => item.id === paid[1]!.id)).toMatchObject({
      kind: 'tier',
      status: 'paid',
      amountCents: 500,
      tier: { id: tierId, seriesId: series.id },
    });
  });

  it('February closes: the creator is sent one transfer, on their statement and in the admin’s finances', async () => {
    t.clock.set(at(3, 1, 2));
    await runJob('payouts.close-month');
    const transferId = `tr_test_payout-${creator.id}-2026-02`;
    const february = {
      month: '2026-02',
      status: 'sent',
      earned_cents: 350,
      fee_cents: 105,
      carried_in_cents: 245,
      amount_cents: 490,
      carried_out_cents: 0,
      provider_transfer_id: transferId,
      attempts: 1,
    };
    expect((await statementsOf(creator.id))[1]).toEqual(february);
    expect((await statementsOf(artist.id))[1]).toMatchObject({
      month: '2026-02',
      status: 'carried',
      carried_in_cents: 105,
      amount_cents: 0,
      carried_out_cents: 210,
    });

    const cookie = await as(creator);
    const listed = await callEndpoint(t, 'myPayouts', { cookie });
    expect(listed.status).toBe(200);
    expect(
      listed.body.data.items.map((item: { month: string; status: string; amountCents: number; transferId: string | null }) => [
        item.month,
        item.status,
        item.amountCents,
        item.transferId,
      ]),
    ).toEqual([
      ['2026-02', 'sent', 490, transferId],
      ['2026-01', 'carried', 0, null],
    ]);
    const statement = await callEndpoint(t, 'myPayoutStatement', { cookie, params: { month: '2026-02' } });
    expect(statement.status).toBe(200);
    expect(statement.body.data).toMatchObject({
      month: '2026-02',
      currency: 'usd',
      earnedCents: 350,
      feeCents: 105,
      carriedInCents: 245,
      amountCents: 490,
      carriedOutCents: 0,
      status: 'sent',
      transferId,
      payee: { username: creator.username },
      items: [{ seriesId: series.id, seriesTitle: 'Lantern', source: 'tiers', earnedCents: 350 }],
    });
    const earnings = await callEndpoint(t, 'myEarnings', { cookie, query: '?month=2026-02' });
    expect(earnings.body.data.tiers).toEqual({
      items: [{ seriesId: series.id, seriesTitle: 'Lantern', currency: 'usd', gross: 350, fee: 105, net: 245 }],
      totals: { gross: { usd: 350 }, fee: { usd: 105 }, net: { usd: 245 } },
    });

    const finances = await callEndpoint(t, 'adminPayouts', { cookie: await as(admin), query: '?month=2026-02' });
    expect(finances.status).toBe(200);
    expect(finances.body.data.month).toBe('2026-02');
    const rows = finances.body.data.items.map((item: { payee: { id: string }; status: string; amountCents: number }) => [
      item.payee.id,
      item.status,
      item.amountCents,
    ]);
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(
      expect.arrayContaining([
        [creator.id, 'sent', 490],
        [artist.id, 'carried', 0],
      ]),
    );
    expect(finances.body.data.items.find((item: { payee: { id: string } }) => item.payee.id === creator.id)).toMatchObject({
      transferId,
      attempts: 1,
    });
    expect(finances.body.data.totals).toEqual({ sent: { usd: 490 }, pending: {}, failed: {}, carried: { usd: 210 } });
  });

  it('closing again, here and on a second instance at once, writes and sends nothing more', async () => {
    const before = await query(sql`select * from payout_statements order by payee_id, month`);
    await runJob('payouts.close-month');
    if (t.databaseUrl) {
      const second = await startSecondInstance(t);
      try {
        await Promise.all([t.app.services.payoutMonths.closeMonths(), second.app.services.payoutMonths.closeMonths()]);
      } finally {
        await second.close();
      }
      await t.app.services.jobs.drain();
    }
    expect(await query(sql`select * from payout_statements order by payee_id, month`)).toEqual(before);
    const [sent] = await query<{ n: number; attempts: number }>(
      sql`select count(*)::int as n, sum(attempts)::int as attempts from payout_statements where provider_transfer_id is not null`,
    );
    expect(sent).toEqual({ n: 1, attempts: 1 });
  });
});
