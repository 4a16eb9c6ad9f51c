import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildChapter, buildSeries, buildUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, loginAs, startSecondInstance, type TestContext } from '../../../../test/helpers';
import { chapterUnlocks, coinLedger } from '../../../db/schema';
import { moveCoins } from './commands/move-coins';

/*
 * Issue 32: a reader holding a rental (a pass, the daily free) who buys the chapter owns it, for its
 * full price, charged once however the purchases race; a bulk unlock takes rented chapters too.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-06-10T12:00:00Z'));
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;

/** A series with a 24-hour pass and chapters 1…n at 30 coins, out an hour ago; a reader with 200 coins. */
async function scene(n = 3, settings: { bundleDiscountPercent?: number } = {}) {
  const series = await buildSeries(t, { waitPassIntervalHours: 24, rentalHours: 72, ...settings });
  const chapters = [];
  for (let number = 1; number <= n; number += 1)
    chapters.push(
      await buildChapter(t, series.id, {
        number,
        price: 30,
        publishedAt: new Date(t.clock.now().getTime() - HOUR).toISOString(),
      }),
    );
  const user = await buildUser(t.db);
  await moveCoins(t.db, { userId: user.id, delta: 200, kind: 'adjustment', reason: 'For the test' });
  return { series, chapters, user, cookie: await loginAs(t.app, user) };
}

const open = (cookie: string, chapterId: string, method?: string) =>
  callEndpoint(t, 'unlockChapter', { cookie, params: { chapterId }, body: method ? { method } : {} });
const unlockDebits = async (userId: string) =>
  (await t.db.select().from(coinLedger).where(eq(coinLedger.userId, userId)))
    .filter((row) => row.kind === 'unlock')
    .map((row) => row.delta);
const owned = (userId: string, chapterId: string) =>
  t.db
    .select()
    .from(chapterUnlocks)
    .where(and(eq(chapterUnlocks.userId, userId), eq(chapterUnlocks.chapterId, chapterId)));

describe('buying a chapter the reader rents', () => {
  it('owns it for its full price, charged once, and it shows as owned', async () => {
    const { series, chapters, user, cookie } = await scene();
    const chapter = chapters[1]!;
    expect((await open(cookie, chapter.id, 'wait_pass')).body.data.openUntil).not.toBeNull();

    const bought = await open(cookie, chapter.id);
    expect(bought.status).toBe(200);
    expect(bought.body).toMatchObject({ data: { charged: 30, coins: 170, openUntil: null }, message: 'Unlocked for 30 coins' });
    expect(await owned(user.id, chapter.id)).toHaveLength(1);

    // Once owned, buying again is nothing.
    const again = await open(cookie, chapter.id);
    expect(again.body).toMatchObject({ data: { charged: 0, coins: 170 }, message: 'Already unlocked' });
    expect(await unlockDebits(user.id)).toEqual([-30]);

    // Owned, not rented: no end in the chapter answer or the lists, and still open after the rental's end.
    const chapterAnswer = async () =>
      (await callEndpoint(t, 'chapter', { cookie, params: { slug: series.slug, chapterSlug: chapter.slug } })).body.data;
    expect(await chapterAnswer()).toMatchObject({ canRead: true, openUntil: null, chapter: { openUntil: null } });
    const listed = (await callEndpoint(t, 'series', { cookie, params: { slug: series.slug } })).body.data.chapters.find(
      (row: { id: string }) => row.id === chapter.id,
    );
    expect(listed).toMatchObject({ access: 'unlocked', openUntil: null });
    t.clock.advance(73 * HOUR);
    expect(await chapterAnswer()).toMatchObject({ canRead: true, openUntil: null });
  });

  it('takes rented chapters in a bulk unlock, and gives the bundle discount to one that takes every locked chapter', async () => {
    const { series, chapters, user, cookie } = await scene(3, { bundleDiscountPercent: 10 });
    await open(cookie, chapters[0]!.id, 'wait_pass');
    const bulk = (ids: string[]) =>
      callEndpoint(t, 'unlockChapters', { cookie, params: { seriesId: series.id }, body: { chapterIds: ids } });

    // Chapters 2 and 3 are every chapter still locked: the rented one may come with them, at the same discount.
    const bought = await bulk(chapters.map((chapter) => chapter.id));
    expect(bought.body.data).toMatchObject({ charged: 81 });
    for (const chapter of chapters) expect(await owned(user.id, chapter.id)).toHaveLength(1);
    expect(await unlockDebits(user.id)).toEqual([-81]);
  });
});

describe.skipIf(inject('testDatabase').kind !== 'postgres')('a renter’s racing purchases (PostgreSQL, two instances)', () => {
  it('charges once when the renter buys the chapter twice at once', async () => {
    const { chapters, user } = await scene();
    const chapter = chapters[1]!;
    await t.app.services.unlocks.rent(user, chapter.id, 'wait_pass');
    const other = await startSecondInstance(t);
    try {
      const results = await Promise.all([
        t.app.services.unlocks.unlock(user, [chapter.id]),
        other.app.services.unlocks.unlock(user, [chapter.id]),
        t.app.services.unlocks.unlock(user, [chapter.id]),
      ]);
      expect(results.map((result) => result.charged).sort()).toEqual([0, 0, 30]);
      expect(await unlockDebits(user.id)).toEqual([-30]);
      expect(await owned(user.id, chapter.id)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});
