import { fillPath, ROUTES, type EndpointName } from '@inkwell/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildChapter, buildSeries, signedInUser } from '../../../../test/factories';
import {
  callEndpoint,
  createTestApp,
  type EndpointCall,
  type SecondInstance,
  startSecondInstance,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../test/helpers';
import type { App } from '../../../app';
import { bookmarks, users } from '../../../db/schema';
import { BOOKMARKS_CACHE_MS } from './library.service';

/*
 * Issue 40: a reader's bookmarks are kept per reader and instance, and every write that changes
 * them tells every instance (`library.changed`, `user.changed`, the series and chapter events).
 * The clock stands still in each test unless it says so, so only an event can clear a kept page.
 */

const target = inject('testDatabase');
let t: TestContext;
let other: SecondInstance | undefined;

beforeAll(async () => {
  t = await createTestApp();
  if (target.kind === 'postgres') other = await startSecondInstance(t);
}, 60_000);
afterAll(async () => {
  await other?.close();
  await t?.close();
});

interface BookmarkItem {
  series: { id: string };
  latestChapter: { id: string } | null;
  unreadCount: number;
  continue: { chapterSlug: string; page: number | null } | null;
}

/** The data of a call that must succeed, on this instance or the other. */
async function dataOf(app: App, name: EndpointName, cookie: string, options: EndpointCall = {}) {
  const answer = await callEndpoint({ app }, name, { ...options, cookie });
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return answer.body.data;
}
const library = async (cookie: string, app: App = t.app) => (await dataOf(app, 'bookmarks', cookie)).items as BookmarkItem[];
const followed = async (cookie: string, app?: App) => (await library(cookie, app)).map((item) => item.series.id).sort();
const follow = (cookie: string, seriesId: string) => dataOf(t.app, 'bookmarkAdd', cookie, { params: { seriesId } });

async function seriesOf(n: number) {
  const series = await buildSeries(t);
  const chapters = [];
  for (let number = 1; number <= n; number += 1) chapters.push(await buildChapter(t, series.id, { number }));
  return { series, chapters };
}

/** True once the check holds, asked again every 25 ms for at most 1 s (an event crossing to the other instance). */
async function withinOneSecond(check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + 1_000;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('a reader’s kept bookmarks', () => {
  it('keeps a page: a change behind the service’s back shows only once its time has passed', async () => {
    const { user, cookie } = await signedInUser(t);
    const first = await seriesOf(1);
    const second = await seriesOf(1);
    await follow(cookie, first.series.id);
    expect(await followed(cookie)).toEqual([first.series.id]);
    // No command, no event: the kept page stands (this is what the tests below rely on).
    await t.db.insert(bookmarks).values({ userId: user.id, seriesId: second.series.id, createdAt: t.clock.now() });
    expect(await followed(cookie)).toEqual([first.series.id]);
    t.clock.advance(BOOKMARKS_CACHE_MS);
    expect(await followed(cookie)).toEqual([first.series.id, second.series.id].sort());
  });

  it('shows a follow and an unfollow at once', async () => {
    const { cookie } = await signedInUser(t);
    const first = await seriesOf(1);
    const second = await seriesOf(1);
    await follow(cookie, first.series.id);
    expect(await followed(cookie)).toEqual([first.series.id]);
    await follow(cookie, second.series.id);
    expect(await followed(cookie)).toEqual([first.series.id, second.series.id].sort());
    await dataOf(t.app, 'bookmarkRemove', cookie, { params: { seriesId: first.series.id } });
    expect(await followed(cookie)).toEqual([second.series.id]);
  });

  it('shows a place saved and a chapter read at once (where to continue, what is unread)', async () => {
    const { cookie } = await signedInUser(t);
    const { series, chapters } = await seriesOf(3);
    await follow(cookie, series.id);
    expect((await library(cookie))[0]).toMatchObject({ unreadCount: 3, continue: null });
    await dataOf(t.app, 'progressSave', cookie, { params: { chapterId: chapters[0]!.id }, body: { page: 2 } });
    expect((await library(cookie))[0]).toMatchObject({ unreadCount: 3, continue: { chapterSlug: chapters[0]!.slug, page: 2 } });
    await dataOf(t.app, 'progressSave', cookie, { params: { chapterId: chapters[0]!.id }, body: { completed: true } });
    expect((await library(cookie))[0]).toMatchObject({
      unreadCount: 2,
      continue: { chapterSlug: chapters[1]!.slug, page: null },
    });
  });

  it('shows progress merged from the browser at once', async () => {
    const { cookie } = await signedInUser(t);
    const { series, chapters } = await seriesOf(2);
    await follow(cookie, series.id);
    expect((await library(cookie))[0]).toMatchObject({ unreadCount: 2, continue: null });
    await dataOf(t.app, 'progressMerge', cookie, {
      body: { entries: [{ chapterId: chapters[0]!.id, completed: true, readAt: t.clock.now().toISOString() }] },
    });
    expect((await library(cookie))[0]).toMatchObject({ unreadCount: 1, continue: { chapterSlug: chapters[1]!.slug } });
  });

  it('shows a new chapter at once: the latest chapter and the unread count', async () => {
    const { cookie } = await signedInUser(t);
    const { series, chapters } = await seriesOf(1);
    await follow(cookie, series.id);
    expect((await library(cookie))[0]).toMatchObject({ latestChapter: { id: chapters[0]!.id }, unreadCount: 1 });
    const newer = await buildChapter(t, series.id, { number: 2, publishedAt: t.clock.now().toISOString() });
    expect((await library(cookie))[0]).toMatchObject({ latestChapter: { id: newer.id }, unreadCount: 2 });
  });

  it('shows a chapter unlocked at once (it becomes unread, not for sale)', async () => {
    const { user, cookie } = await signedInUser(t);
    await t.db.update(users).set({ coins: 100 }).where(eq(users.id, user.id));
    const series = await buildSeries(t);
    await buildChapter(t, series.id, { number: 1 });
    const priced = await buildChapter(t, series.id, { number: 2, price: 10 });
    await follow(cookie, series.id);
    expect((await library(cookie))[0]).toMatchObject({ unreadCount: 1 });
    const unlocked = await t.app.inject({
      method: 'POST',
      url: fillPath(ROUTES.unlockChapter.path, { chapterId: priced.id }),
      headers: { origin: TEST_ORIGIN, cookie },
      payload: {},
    });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect((await library(cookie))[0]).toMatchObject({ unreadCount: 2 });
  });

  it.skipIf(target.kind !== 'postgres')(
    'on two instances, a follow, a place and a new chapter written through one show on the other',
    async () => {
      const { cookie } = await signedInUser(t);
      const first = await seriesOf(2);
      const second = await seriesOf(1);
      await follow(cookie, first.series.id);
      // The other instance keeps its page…
      expect(await followed(cookie, other!.app)).toEqual([first.series.id]);
      // …until the events written through this one reach it.
      await follow(cookie, second.series.id);
      expect(
        await withinOneSecond(async () => (await followed(cookie, other!.app)).length === 2),
        'the follow reached the other instance',
      ).toBe(true);
      await dataOf(t.app, 'progressSave', cookie, { params: { chapterId: first.chapters[0]!.id }, body: { page: 3 } });
      const placed = async () =>
        (await library(cookie, other!.app)).find((item) => item.series.id === first.series.id)?.continue?.page === 3;
      expect(await withinOneSecond(placed), 'the place reached the other instance').toBe(true);
      const newer = await buildChapter(t, second.series.id, { number: 2, publishedAt: t.clock.now().toISOString() });
      const released = async () =>
        (await library(cookie, other!.app)).find((item) => item.series.id === second.series.id)?.latestChapter?.id === newer.id;
      expect(await withinOneSecond(released), 'the new chapter reached the other instance').toBe(true);
    },
  );
});
