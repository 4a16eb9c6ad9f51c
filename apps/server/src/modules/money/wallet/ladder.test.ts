import {
  DEFAULT_WAIT_PASS_EXCLUDES_NEWEST,
  chapterContentResponseSchema,
  seriesChaptersResponseSchema,
  seriesDetailResponseSchema,
  seriesListResponseSchema,
  type SeriesInput,
} from '@inkwell/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, buildUser, signedInUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, loginAs, type TestContext } from '../../../../test/helpers';
import { chapterRentals, chapterUnlocks, coinLedger, notifications } from '../../../db/schema';
import { moveCoins } from './commands/move-coins';

/*
 * Issue 22 §1: one ladder of ways a chapter opens — the wait-until-free pass, the daily free of a
 * completed series, coins with a bundle discount — on the test clock, through the real routes.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  // Noon UTC, so a day's free chapter is not on the edge of two days.
  t.clock.set(new Date('2026-06-10T12:00:00Z'));
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;

/** Coins as an admin's adjustment gives them: one ledger row. */
const giveCoins = (userId: string, delta: number) =>
  moveCoins(t.db, { userId, delta, kind: 'adjustment', reason: 'For the test' });

/** A series of chapter 1 (free) and 2…n at 30 coins, published an hour apart, the last an hour ago. */
async function ladderSeries(settings: Partial<SeriesInput>, n = 5) {
  const series = await buildSeries(t, settings);
  const chapters = [];
  for (let number = 1; number <= n; number += 1)
    chapters.push(
      await buildChapter(t, series.id, {
        number,
        price: number === 1 ? 0 : 30,
        publishedAt: new Date(t.clock.now().getTime() - (n - number + 1) * HOUR).toISOString(),
      }),
    );
  return { series, chapters };
}

const chapterOf = async (cookie: string | undefined, series: { slug: string }, chapter: { slug: string }) =>
  (await callEndpoint(t, 'chapter', { cookie, params: { slug: series.slug, chapterSlug: chapter.slug } })).body.data;
const open = (cookie: string, chapterId: string, method?: string) =>
  callEndpoint(t, 'unlockChapter', { cookie, params: { chapterId }, body: method ? { method } : {} });
const rentalsOf = (userId: string) => t.db.select().from(chapterRentals).where(eq(chapterRentals.userId, userId));
const ledgerOf = (userId: string) => t.db.select().from(coinLedger).where(eq(coinLedger.userId, userId));
const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();

describe('the wait-until-free pass', () => {
  it('opens one chapter for the rental time, recharges from its use, never opens the newest it excludes', async () => {
    const { series, chapters } = await ladderSeries({ waitPassIntervalHours: 24, rentalHours: 72, waitPassExcludesNewest: 1 });
    const { user, cookie } = await signedInUser(t);

    // Chapter 2 offers the pass now, coins and a plan; the newest (5) offers no pass.
    const second = await chapterOf(cookie, series, chapters[1]!);
    expect(second).toMatchObject({ canRead: false, openUntil: null });
    expect(second.offers).toEqual([
      { type: 'wait_pass', availableAt: t.clock.now().toISOString() },
      { type: 'coins', price: 30 },
      { type: 'plan' },
    ]);
    expect((await chapterOf(cookie, series, chapters[4]!)).offers.map((offer: { type: string }) => offer.type)).toEqual([
      'coins',
      'plan',
    ]);
    // A visitor is told the same ladder (their pass is there once they log in).
    expect((await chapterOf(undefined, series, chapters[1]!)).offers[0]).toEqual({
      type: 'wait_pass',
      availableAt: t.clock.now().toISOString(),
    });

    const used = await open(cookie, chapters[1]!.id, 'wait_pass');
    expect(used.status).toBe(200);
    expect(used.body.data).toEqual({
      chapterId: chapters[1]!.id,
      method: 'wait_pass',
      charged: 0,
      coins: 0,
      openUntil: at(72 * HOUR),
    });
    const opened = await chapterOf(cookie, series, chapters[1]!);
    expect(opened).toMatchObject({ canRead: true, openUntil: at(72 * HOUR), offers: [] });
    expect(opened.chapter.access).toBe('unlocked');

    // The pass is recharging: chapter 3 says when, and refuses it until then.
    expect((await chapterOf(cookie, series, chapters[2]!)).offers[0]).toEqual({ type: 'wait_pass', availableAt: at(24 * HOUR) });
    const early = await open(cookie, chapters[2]!.id, 'wait_pass');
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({ code: 'offer_unavailable', message: 'Your pass recharges in 1 d' });
    const newest = await open(cookie, chapters[4]!.id, 'wait_pass');
    expect(newest.body.error).toMatchObject({ code: 'offer_unavailable', message: 'A pass cannot open this chapter' });

    t.clock.advance(24 * HOUR);
    expect((await open(cookie, chapters[2]!.id, 'wait_pass')).status).toBe(200);

    // 72 hours after it opened, chapter 2 locks again; what was rented is no debt and no purchase.
    t.clock.advance(48 * HOUR + 1000);
    const ended = await chapterOf(cookie, series, chapters[1]!);
    expect(ended).toMatchObject({ canRead: false, openUntil: null, isPreview: false });
    expect(ended.chapter.access).toBe('locked');
    expect((await chapterOf(cookie, series, chapters[2]!)).canRead).toBe(true);
    expect((await rentalsOf(user.id)).map((row) => row.method)).toEqual(['wait_pass', 'wait_pass']);
    expect(await ledgerOf(user.id)).toEqual([]);
    expect(await t.db.select().from(chapterUnlocks).where(eq(chapterUnlocks.userId, user.id))).toEqual([]);
  });

  it('marks a rented chapter in the chapter lists with when it locks again, and one bought as unlocked', async () => {
    const { series, chapters } = await ladderSeries({ waitPassIntervalHours: 24, rentalHours: 72 });
    const renter = await signedInUser(t);
    const buyer = await signedInUser(t);
    await giveCoins(buyer.user.id, 30);
    expect((await open(renter.cookie, chapters[1]!.id, 'wait_pass')).status).toBe(200);
    expect((await open(buyer.cookie, chapters[1]!.id)).status).toBe(200);
    const listed = async (cookie: string) => {
      const detail = (await callEndpoint(t, 'series', { cookie, params: { slug: series.slug } })).body.data;
      return detail.chapters.find((chapter: { id: string }) => chapter.id === chapters[1]!.id);
    };
    // The two have the same chapter open, one by a rental: their answers are not shared.
    expect(await listed(renter.cookie)).toMatchObject({ access: 'unlocked', openUntil: at(72 * HOUR) });
    expect(await listed(buyer.cookie)).toMatchObject({ access: 'unlocked', openUntil: null });
    const pageOf = await callEndpoint(t, 'seriesChapters', { cookie: renter.cookie, params: { slug: series.slug } });
    expect(pageOf.body.data.items.find((chapter: { id: string }) => chapter.id === chapters[1]!.id).openUntil).toBe(
      at(72 * HOUR),
    );
    expect((await chapterOf(renter.cookie, series, chapters[1]!)).chapter.openUntil).toBe(at(72 * HOUR));
  });

  it('says nothing of a rental once the chapter it opened is free for everyone', async () => {
    // The pass may open the newest chapter here (by default it skips it).
    const series = await buildSeries(t, { waitPassIntervalHours: 24, rentalHours: 72, waitPassExcludesNewest: 0 });
    const published = new Date(t.clock.now().getTime() - HOUR).toISOString();
    await buildChapter(t, series.id, { number: 1, publishedAt: published });
    const early = await buildChapter(t, series.id, { number: 2, price: 30, freeAt: at(2 * HOUR), publishedAt: published });
    const { cookie } = await signedInUser(t);
    expect((await open(cookie, early.id, 'wait_pass')).status).toBe(200);
    expect(await chapterOf(cookie, series, early)).toMatchObject({ canRead: true, openUntil: at(72 * HOUR) });

    t.clock.advance(3 * HOUR);
    const free = await chapterOf(cookie, series, early);
    expect(free).toMatchObject({ canRead: true, openUntil: null, offers: [] });
    expect(free.chapter.access).toBe('free');
    // Back to noon (a day on) for the tests that follow.
    t.clock.advance(21 * HOUR);
  });

  it('tells a reader who asked when their pass is back, once, through the bell', async () => {
    const { series, chapters } = await ladderSeries({ waitPassIntervalHours: 72, title: `Pass alerts ${Date.now()}` });
    const { user, cookie } = await signedInUser(t);
    const notify = () => callEndpoint(t, 'notifyWhenPassAdd', { cookie, params: { seriesId: series.id } });
    expect((await notify()).body.error).toMatchObject({ code: 'validation_failed', message: 'Your pass is ready now' });
    await open(cookie, chapters[1]!.id, 'wait_pass');
    expect((await notify()).body.data).toEqual({ seriesId: series.id, notify: true, at: at(72 * HOUR) });
    expect((await callEndpoint(t, 'notifyWhenPass', { cookie, params: { seriesId: series.id } })).body.data.notify).toBe(true);

    const bell = async () =>
      (await t.db.select().from(notifications).where(eq(notifications.userId, user.id))).filter(
        (row) => row.kind === 'pass_ready',
      );
    t.clock.advance(71 * HOUR);
    await t.app.services.freeAlerts.notifyFreed();
    expect(await bell()).toEqual([]);
    t.clock.advance(HOUR);
    await t.app.services.freeAlerts.notifyFreed();
    await t.app.services.freeAlerts.notifyFreed();
    // Stored as its message, said in the reader's language when the bell is read.
    expect((await bell()).map((row) => [row.message, row.messageValues, row.link])).toEqual([
      ['passReady', { series: series.title }, `/SeriesView/${series.slug}`],
    ]);
    expect((await callEndpoint(t, 'notifyWhenPass', { cookie, params: { seriesId: series.id } })).body.data).toEqual({
      seriesId: series.id,
      notify: false,
      at: null,
    });
  });

  it('is refused where the series has none, and means nothing on a chapter already open', async () => {
    const { chapters } = await ladderSeries({});
    const { user, cookie } = await signedInUser(t);
    expect((await open(cookie, chapters[1]!.id, 'wait_pass')).body.error.code).toBe('offer_unavailable');
    expect((await open(cookie, chapters[1]!.id, 'daily_free')).body.error.code).toBe('offer_unavailable');
    expect((await open(cookie, chapters[0]!.id, 'wait_pass')).body.data).toMatchObject({ charged: 0, openUntil: null });
    expect(await rentalsOf(user.id)).toEqual([]);
    const bad = await open(cookie, chapters[1]!.id, 'free_please');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('method');
  });

  it('opens exactly one chapter when two claims of one pass race', async () => {
    const { chapters } = await ladderSeries({ waitPassIntervalHours: 168 });
    const { user, cookie } = await signedInUser(t);
    const answers = await Promise.all([open(cookie, chapters[1]!.id, 'wait_pass'), open(cookie, chapters[2]!.id, 'wait_pass')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await rentalsOf(user.id)).toHaveLength(1);
  });
});

describe('the daily free of a completed series', () => {
  it('opens one chapter a day per reader, and only in a completed series', async () => {
    const { series, chapters } = await ladderSeries({ dailyFree: true, status: 'completed', rentalHours: 24 });
    const { user, cookie } = await signedInUser(t);
    expect((await chapterOf(cookie, series, chapters[1]!)).offers[0]).toEqual({
      type: 'daily_free',
      availableAt: t.clock.now().toISOString(),
    });
    expect((await open(cookie, chapters[1]!.id, 'daily_free')).body.data.openUntil).toBe(at(24 * HOUR));
    const again = await open(cookie, chapters[2]!.id, 'daily_free');
    expect(again.body.error).toMatchObject({
      code: 'offer_unavailable',
      message: "You have read today's free chapter: the next in 12 h",
    });
    // The next day (UTC) brings the next.
    const midnight = new Date(t.clock.now());
    midnight.setUTCHours(24, 0, 0, 0);
    expect((await chapterOf(cookie, series, chapters[2]!)).offers[0]).toEqual({
      type: 'daily_free',
      availableAt: midnight.toISOString(),
    });
    t.clock.advance(12 * HOUR);
    expect((await open(cookie, chapters[2]!.id, 'daily_free')).status).toBe(200);
    expect((await rentalsOf(user.id)).map((row) => row.method)).toEqual(['daily_free', 'daily_free']);

    const ongoing = await ladderSeries({ dailyFree: true, status: 'ongoing' });
    expect((await chapterOf(cookie, ongoing.series, ongoing.chapters[1]!)).offers.map((o: { type: string }) => o.type)).toEqual([
      'coins',
      'plan',
    ]);
    expect((await open(cookie, ongoing.chapters[1]!.id, 'daily_free')).status).toBe(409);
  });
});

describe('the ladder in sight (issue 33 §2)', () => {
  it('tells cards, series pages and chapter rows which series have a pass or a daily free, and which chapters they open', async () => {
    const pass = await ladderSeries({ waitPassIntervalHours: 24, rentalHours: 72, waitPassExcludesNewest: 1 }, 4);
    const daily = await ladderSeries({ dailyFree: true, status: 'completed', rentalHours: 48 }, 3);
    const coins = await ladderSeries({}, 3);
    const { cookie } = await signedInUser(t);

    const list = await callEndpoint(t, 'seriesList', { query: '?sort=new&perPage=10' });
    expect(seriesListResponseSchema.safeParse(list.body).success).toBe(true);
    const card = (id: string) => list.body.data.items.find((item: { id: string }) => item.id === id);
    expect(card(pass.series.id).freeLadder).toEqual({ waitPassHours: 24, dailyFree: false, rentalHours: 72 });
    expect(card(daily.series.id).freeLadder).toEqual({ waitPassHours: null, dailyFree: true, rentalHours: 48 });
    expect(card(coins.series.id)).not.toHaveProperty('freeLadder');

    // Newest first: chapter 4 is the newest the pass skips, 3 and 2 it opens, 1 is free.
    for (const viewer of [undefined, cookie]) {
      const page = await callEndpoint(t, 'series', { cookie: viewer, params: { slug: pass.series.slug } });
      expect(seriesDetailResponseSchema.safeParse(page.body).success).toBe(true);
      expect(page.body.data.freeLadder).toEqual({ waitPassHours: 24, dailyFree: false, rentalHours: 72 });
      expect(page.body.data.chapters.map((chapter: { freeWays?: string[] }) => chapter.freeWays ?? [])).toEqual([
        [],
        ['wait_pass'],
        ['wait_pass'],
        [],
      ]);
    }
    const rows = await callEndpoint(t, 'seriesChapters', { params: { slug: daily.series.slug }, query: '?order=asc' });
    expect(seriesChaptersResponseSchema.safeParse(rows.body).success).toBe(true);
    expect(rows.body.data.items.map((chapter: { freeWays?: string[] }) => chapter.freeWays ?? [])).toEqual([
      [],
      ['daily_free'],
      ['daily_free'],
    ]);
    const coinRows = await callEndpoint(t, 'series', { params: { slug: coins.series.slug } });
    expect(coinRows.body.data).not.toHaveProperty('freeLadder');
    expect(coinRows.body.data.chapters.every((chapter: object) => !('freeWays' in chapter))).toBe(true);

    // The paywall says how long the pass opens a chapter.
    const locked = await callEndpoint(t, 'chapter', {
      cookie,
      params: { slug: pass.series.slug, chapterSlug: pass.chapters[1]!.slug },
    });
    expect(chapterContentResponseSchema.safeParse(locked.body).success).toBe(true);
    expect(locked.body.data.series.freeLadder).toEqual({ waitPassHours: 24, dailyFree: false, rentalHours: 72 });
    expect(locked.body.data.chapter.freeWays).toEqual(['wait_pass']);
  });
});

describe('the bundle discount', () => {
  it('takes the percent off "all remaining", rounded down, quoted before confirming; not off a part', async () => {
    const { series, chapters } = await ladderSeries({ bundleDiscountPercent: 15 }, 4);
    const { user, cookie } = await signedInUser(t);
    await giveCoins(user.id, 500);
    const ids = chapters.slice(1).map((chapter) => chapter.id);
    const quote = async (chosen: string[]) =>
      (
        await callEndpoint(t, 'unlockQuote', {
          cookie,
          params: { seriesId: series.id },
          query: `?chapterIds=${chosen.join(',')}`,
        })
      ).body.data;
    // 3 × 30 = 90, 15 % off: 76.5, rounded down to 76.
    expect(await quote(ids)).toEqual({ total: 90, discount: 15, charged: 76 });
    expect(await quote(ids.slice(0, 2))).toEqual({ total: 60, discount: 0, charged: 60 });
    expect(
      (await callEndpoint(t, 'unlockQuote', { cookie, params: { seriesId: series.id }, query: '?chapterIds=x' })).status,
    ).toBe(400);

    const bought = await callEndpoint(t, 'unlockChapters', {
      cookie,
      params: { seriesId: series.id },
      body: { chapterIds: ids },
    });
    expect(bought.body.data).toMatchObject({ charged: 76 });
    const ledger = await ledgerOf(user.id);
    expect(ledger.filter((row) => row.kind === 'unlock').map((row) => row.delta)).toEqual([-76]);
    expect(bought.body.data.coins).toBe(500 - 76);
    // Each chapter's row says its share of what was paid, summing to the charge.
    const rows = await t.db
      .select()
      .from(chapterUnlocks)
      .where(and(eq(chapterUnlocks.userId, user.id)));
    expect(rows.reduce((sum, row) => sum + row.coins, 0)).toBe(76);
    expect(await quote(ids)).toEqual({ total: 0, discount: 0, charged: 0 });
  });
});

describe('the series editor', () => {
  it('keeps the ladder settings, and refuses what is not one', async () => {
    const editor = await buildUser(t.db, { role: 'editor' });
    const cookie = await loginAs(t.app, editor);
    const series = await buildSeries(t);
    expect(series).toMatchObject({
      waitPassIntervalHours: null,
      rentalHours: 72,
      // A new series' pass skips its newest chapter (issue 33 §6).
      waitPassExcludesNewest: DEFAULT_WAIT_PASS_EXCLUDES_NEWEST,
      dailyFree: false,
      bundleDiscountPercent: 0,
    });
    const saved = await callEndpoint(t, 'teamSeriesUpdate', {
      cookie,
      params: { id: series.id },
      body: { waitPassIntervalHours: 72, rentalHours: 48, waitPassExcludesNewest: 3, dailyFree: true, bundleDiscountPercent: 10 },
    });
    expect(saved.body.data).toMatchObject({
      waitPassIntervalHours: 72,
      rentalHours: 48,
      waitPassExcludesNewest: 3,
      dailyFree: true,
      bundleDiscountPercent: 10,
    });
    const bad = await callEndpoint(t, 'teamSeriesUpdate', {
      cookie,
      params: { id: series.id },
      body: { waitPassIntervalHours: 48, bundleDiscountPercent: 95, rentalHours: 0 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      waitPassIntervalHours: 'The pass recharges in 24, 72 or 168 hours',
      bundleDiscountPercent: 'The discount is at most 90 %',
      rentalHours: 'A rental lasts at least an hour',
    });
  });
});
