import { seriesPatchSchema, type EndpointName } from '@inkwell/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, buildUser, signedInUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, loginAs, type TestContext } from '../../../../test/helpers';
import { HISTORY_CACHE_MS } from './library.service';
import { bookmarks, chapterUnlocks, chapters as chaptersTable, readingProgress, series as seriesTable } from '../../../db/schema';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const save = (cookie: string, chapterId: string, body: unknown) =>
  callEndpoint(t, 'progressSave', { cookie, params: { chapterId }, body });
const progressOf = async (cookie: string, seriesId: string) =>
  (await callEndpoint(t, 'seriesProgress', { cookie, params: { seriesId } })).body.data;

/** A published series with chapters 1…n, each published a day apart (the last most recently). */
async function seriesWith(n: number, options: { type?: 'comic' | 'novel'; pages?: number } = {}) {
  const series = await buildSeries(t, { type: options.type ?? 'comic' });
  const chapters = [];
  for (let number = 1; number <= n; number += 1) {
    chapters.push(
      await buildChapter(t, series.id, {
        number,
        pages: options.pages ?? 0,
        publishedAt: new Date(t.clock.now().getTime() - (n - number + 1) * DAY).toISOString(),
      }),
    );
  }
  return { series, chapters };
}

describe('who may use the library', () => {
  const endpoints: [EndpointName, Record<string, string>][] = [
    ['bookmarks', {}],
    ['bookmarkAdd', { seriesId: UNKNOWN_ID }],
    ['bookmarkRemove', { seriesId: UNKNOWN_ID }],
    ['progressSave', { chapterId: UNKNOWN_ID }],
    ['progressMerge', {}],
    ['history', {}],
    ['historyClear', {}],
    ['historyRemove', { chapterId: UNKNOWN_ID }],
    ['seriesProgress', { seriesId: UNKNOWN_ID }],
  ];

  it.each(endpoints)('%s asks a visitor to log in, before looking at what was sent', async (name, params) => {
    const answer = await callEndpoint(t, name, { params, body: { nonsense: true } });
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('unauthorized');
  });

  it('is open to readers, editors and admins alike, each with their own library', async () => {
    const { series } = await seriesWith(1);
    for (const role of ['reader', 'editor', 'admin'] as const) {
      const { cookie } = await signedInUser(t, { role: role });
      expect((await callEndpoint(t, 'bookmarkAdd', { cookie, params: { seriesId: series.id } })).status).toBe(200);
      const list = await callEndpoint(t, 'bookmarks', { cookie });
      expect(list.body.data.items.map((item: { series: { id: string } }) => item.series.id)).toEqual([series.id]);
    }
  });

  it('refuses malformed ids with the field named', async () => {
    const { cookie } = await signedInUser(t);
    const answer = await callEndpoint(t, 'bookmarkAdd', { cookie, params: { seriesId: 'not-a-uuid' } });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('validation_failed');
    expect((await save(cookie, 'nope', { page: 1 })).status).toBe(400);
    expect((await callEndpoint(t, 'historyRemove', { cookie, params: { chapterId: 'nope' } })).status).toBe(400);
  });
});

describe('bookmarks', () => {
  it('follows and unfollows a series, both idempotent, and the series page knows', async () => {
    const { user, cookie } = await signedInUser(t);
    const { series } = await seriesWith(1);
    // Read first: the reader's kept state in the series must be dropped by the follow.
    expect((await progressOf(cookie, series.id)).bookmarked).toBe(false);
    for (let i = 0; i < 2; i += 1) {
      const added = await callEndpoint(t, 'bookmarkAdd', { cookie, params: { seriesId: series.id } });
      expect(added.status).toBe(200);
      expect(added.body.data).toEqual({ seriesId: series.id, bookmarked: true });
    }
    const rows = await t.db.select().from(bookmarks).where(eq(bookmarks.userId, user.id));
    expect(rows).toHaveLength(1);
    expect((await progressOf(cookie, series.id)).bookmarked).toBe(true);

    for (let i = 0; i < 2; i += 1) {
      const removed = await callEndpoint(t, 'bookmarkRemove', { cookie, params: { seriesId: series.id } });
      expect(removed.status).toBe(200);
      expect(removed.body.data).toEqual({ seriesId: series.id, bookmarked: false });
    }
    expect((await progressOf(cookie, series.id)).bookmarked).toBe(false);
    expect((await callEndpoint(t, 'bookmarks', { cookie })).body.data.items).toEqual([]);
  });

  it('follows only published series', async () => {
    const { cookie } = await signedInUser(t);
    const hidden = await buildSeries(t, { isPublished: false });
    for (const seriesId of [hidden.id, UNKNOWN_ID]) {
      const answer = await callEndpoint(t, 'bookmarkAdd', { cookie, params: { seriesId } });
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('series_not_found');
    }
    // Removing what was never there is fine.
    expect((await callEndpoint(t, 'bookmarkRemove', { cookie, params: { seriesId: UNKNOWN_ID } })).status).toBe(200);
  });

  it('lists each series with its latest chapter, unread count and where to continue', async () => {
    const { cookie } = await signedInUser(t);
    const { series, chapters } = await seriesWith(4);
    // A draft and a scheduled chapter are not out: neither latest nor unread.
    await buildChapter(t, series.id, { number: 5, publishedAt: null });
    await buildChapter(t, series.id, { number: 6, publishedAt: new Date(t.clock.now().getTime() + DAY).toISOString() });
    await callEndpoint(t, 'bookmarkAdd', { cookie, params: { seriesId: series.id } });
    expect(await save(cookie, chapters[0]!.id, { completed: true })).toMatchObject({ status: 200 });
    expect(await save(cookie, chapters[1]!.id, { page: 3 })).toMatchObject({ status: 200 });

    const [item] = (await callEndpoint(t, 'bookmarks', { cookie })).body.data.items;
    expect(item).toEqual({
      series: { id: series.id, slug: series.slug, title: series.title, cover: null, type: 'comic', status: 'ongoing' },
      latestChapter: {
        id: chapters[3]!.id,
        slug: chapters[3]!.slug,
        number: 4,
        title: chapters[3]!.title,
        publishedAt: expect.any(String),
      },
      unreadCount: 3,
      continue: { chapterSlug: chapters[1]!.slug, chapterNumber: 2, page: 3, position: null },
      bookmarkedAt: t.clock.now().toISOString(),
    });
  });

  it('counts as unread only the chapters the reader can open now', async () => {
    const { user, cookie } = await signedInUser(t);
    const series = await buildSeries(t);
    const past = new Date(t.clock.now().getTime() - DAY).toISOString();
    await buildChapter(t, series.id, { number: 1 });
    const locked = await buildChapter(t, series.id, { number: 2, price: 30 });
    await buildChapter(t, series.id, { number: 3, price: 30, freeAt: new Date(t.clock.now().getTime() + DAY).toISOString() });
    await buildChapter(t, series.id, { number: 4, price: 30, freeAt: past });
    const unlocked = await buildChapter(t, series.id, { number: 5, price: 30 });
    await t.db.insert(chapterUnlocks).values({ userId: user.id, chapterId: unlocked.id, coins: 30 });
    await callEndpoint(t, 'bookmarkAdd', { cookie, params: { seriesId: series.id } });
    expect(await save(cookie, unlocked.id, { completed: true })).toMatchObject({ status: 200 });
    // Completed while a pass still opened it: it neither counts as unread nor as read now.
    await t.db.insert(readingProgress).values({ userId: user.id, seriesId: series.id, chapterId: locked.id, completed: true });

    const unreadOf = async (who: string) =>
      (await callEndpoint(t, 'bookmarks', { cookie: who })).body.data.items.find(
        (item: { series: { id: string } }) => item.series.id === series.id,
      ).unreadCount;
    // Out: 1 (free), 2 (locked), 3 (early access), 4 (free now), 5 (unlocked, completed): 1 and 4 are left.
    expect(await unreadOf(cookie)).toBe(2);

    // The team opens everything that is out: 1 to 5, none completed.
    const editor = await signedInUser(t, { role: 'editor' });
    await callEndpoint(t, 'bookmarkAdd', { cookie: editor.cookie, params: { seriesId: series.id } });
    expect(await unreadOf(editor.cookie)).toBe(5);
  });

  it('sorts by latest update, title and date added, and pages', async () => {
    const { cookie } = await signedInUser(t);
    const made = [];
    for (const title of ['Bravo', 'Alpha', 'Charlie']) {
      const series = await buildSeries(t, { title: `${title} ${Math.random().toString(36).slice(2, 6)}` });
      made.push(series);
    }
    // Charlie updated most recently, then Alpha; Bravo has no chapter at all.
    await buildChapter(t, made[1]!.id, { number: 1, publishedAt: new Date(t.clock.now().getTime() - 2 * DAY).toISOString() });
    await buildChapter(t, made[2]!.id, { number: 1, publishedAt: new Date(t.clock.now().getTime() - DAY).toISOString() });
    // Added: Alpha, then Charlie, then Bravo.
    for (const series of [made[1]!, made[2]!, made[0]!]) {
      await callEndpoint(t, 'bookmarkAdd', { cookie, params: { seriesId: series.id } });
      t.clock.advance(1000);
    }
    const titles = async (sort: string) =>
      (await callEndpoint(t, 'bookmarks', { cookie, query: `?sort=${sort}` })).body.data.items.map(
        (item: { series: { title: string } }) => item.series.title.split(' ')[0],
      );
    expect(await titles('updated')).toEqual(['Charlie', 'Alpha', 'Bravo']);
    expect(await titles('title')).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(await titles('added')).toEqual(['Bravo', 'Charlie', 'Alpha']);

    const bad = await callEndpoint(t, 'bookmarks', { cookie, query: '?sort=random' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('sort');
    expect((await callEndpoint(t, 'bookmarks', { cookie, query: '?page=0' })).status).toBe(400);
    const second = await callEndpoint(t, 'bookmarks', { cookie, query: '?page=2' });
    expect(second.body.data).toEqual({ items: [], pagination: { page: 2, perPage: 20, total: 3, totalPages: 1 } });
  });

  it('pages 20 at a time and leaves out a series that is no longer published', async () => {
    const { cookie } = await signedInUser(t);
    const ids: string[] = [];
    for (let i = 0; i < 21; i += 1) {
      const series = await buildSeries(t);
      ids.push(series.id);
      await callEndpoint(t, 'bookmarkAdd', { cookie, params: { seriesId: series.id } });
    }
    const first = (await callEndpoint(t, 'bookmarks', { cookie, query: '?sort=added' })).body.data;
    expect(first.items).toHaveLength(20);
    expect(first.pagination).toEqual({ page: 1, perPage: 20, total: 21, totalPages: 2 });
    const second = (await callEndpoint(t, 'bookmarks', { cookie, query: '?sort=added&page=2' })).body.data;
    expect(second.items).toHaveLength(1);

    // The team takes one series off the site.
    await t.app.services.series.updateSeries(ids[0]!, seriesPatchSchema.parse({ isPublished: false }));
    expect((await callEndpoint(t, 'bookmarks', { cookie })).body.data.pagination.total).toBe(20);
  });
});

describe('reading progress', () => {
  it('keeps the page and position, opened now, and never unmarks a completed chapter', async () => {
    const { cookie } = await signedInUser(t);
    const { series, chapters } = await seriesWith(1, { pages: 3 });
    const chapterId = chapters[0]!.id;
    const first = await save(cookie, chapterId, { page: 2 });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({
      chapterId,
      page: 2,
      position: null,
      completed: false,
      readAt: t.clock.now().toISOString(),
    });

    // The last page is the end of a paged comic.
    t.clock.advance(60_000);
    expect((await save(cookie, chapterId, { page: 3 })).body.data).toMatchObject({ page: 3, completed: true });
    // Reading it again from the start does not unmark it.
    t.clock.advance(60_000);
    const again = await save(cookie, chapterId, { page: 1, completed: false });
    expect(again.body.data).toEqual({ chapterId, page: 1, position: null, completed: true, readAt: t.clock.now().toISOString() });
    expect((await progressOf(cookie, series.id)).chapters[chapterId]).toEqual({
      page: 1,
      position: null,
      completed: true,
      readAt: t.clock.now().toISOString(),
    });
  });

  it('counts a long strip or a novel as read when its end is reached', async () => {
    const { cookie } = await signedInUser(t);
    const { chapters } = await seriesWith(3, { type: 'novel' });
    expect((await save(cookie, chapters[0]!.id, { position: 0.5 })).body.data.completed).toBe(false);
    expect((await save(cookie, chapters[0]!.id, { position: 0.985 })).body.data.completed).toBe(true);
    expect((await save(cookie, chapters[1]!.id, { position: 1 })).body.data.completed).toBe(true);
    expect((await save(cookie, chapters[2]!.id, { position: 0.4, completed: true })).body.data).toMatchObject({
      position: 0.4,
      completed: true,
    });
  });

  it('saves only chapters the viewer may read', async () => {
    const { user, cookie } = await signedInUser(t);
    const series = await buildSeries(t);
    const past = new Date(t.clock.now().getTime() - DAY).toISOString();
    const draft = await buildChapter(t, series.id, { number: 1, publishedAt: null });
    const scheduled = await buildChapter(t, series.id, {
      number: 2,
      publishedAt: new Date(t.clock.now().getTime() + DAY).toISOString(),
    });
    const locked = await buildChapter(t, series.id, { number: 3, price: 30 });
    const early = await buildChapter(t, series.id, {
      number: 4,
      price: 30,
      freeAt: new Date(t.clock.now().getTime() + DAY).toISOString(),
    });
    const freed = await buildChapter(t, series.id, { number: 5, price: 30, freeAt: past });
    const unlocked = await buildChapter(t, series.id, { number: 6, price: 30 });
    await t.db.insert(chapterUnlocks).values({ userId: user.id, chapterId: unlocked.id, coins: 30 });
    const hiddenSeries = await buildSeries(t, { isPublished: false });
    const inHidden = await buildChapter(t, hiddenSeries.id, { number: 1 });

    for (const chapter of [draft, scheduled, locked, early, inHidden, { id: UNKNOWN_ID }]) {
      const answer = await save(cookie, chapter.id, { page: 1 });
      expect(answer.status, chapter.id).toBe(404);
      expect(answer.body.error.code).toBe('chapter_not_found');
    }
    for (const chapter of [freed, unlocked]) expect((await save(cookie, chapter.id, { page: 1 })).status).toBe(200);

    // The team reads every chapter that is out, priced or not, but keeps no progress on what is not out.
    const { cookie: editor } = await signedInUser(t, { role: 'editor' });
    expect((await save(editor, locked.id, { page: 1 })).status).toBe(200);
    expect((await save(editor, inHidden.id, { page: 1 })).status).toBe(200);
    expect((await save(editor, scheduled.id, { page: 1 })).status).toBe(404);
    const rows = await t.db
      .select()
      .from(readingProgress)
      .where(and(eq(readingProgress.userId, user.id)));
    expect(rows.map((row) => row.chapterId).sort()).toEqual([freed.id, unlocked.id].sort());
  });

  it('refuses bad input and changes nothing', async () => {
    const { user, cookie } = await signedInUser(t);
    const { chapters } = await seriesWith(1);
    const chapterId = chapters[0]!.id;
    for (const [body, field] of [
      [{ page: 0 }, 'page'],
      [{ page: 1.5 }, 'page'],
      [{ page: '2' }, 'page'],
      [{ position: 1.2 }, 'position'],
      [{ position: -0.1 }, 'position'],
      [{ completed: 'yes' }, 'completed'],
    ] as const) {
      const answer = await save(cookie, chapterId, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.fields, JSON.stringify(body)).toHaveProperty(field);
    }
    const empty = await save(cookie, chapterId, {});
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe('validation_failed');
    expect(await t.db.select().from(readingProgress).where(eq(readingProgress.userId, user.id))).toEqual([]);
  });

  it('is synced between two sessions of one user', async () => {
    const user = await buildUser(t.db);
    const phone = await loginAs(t.app, user);
    const laptop = await loginAs(t.app, user);
    expect(phone).not.toBe(laptop);
    const { series, chapters } = await seriesWith(2, { pages: 5 });

    expect((await save(phone, chapters[1]!.id, { page: 4 })).status).toBe(200);
    const seen = await progressOf(laptop, series.id);
    expect(seen.chapters[chapters[1]!.id]).toMatchObject({ page: 4, completed: false });
    expect(seen.continue).toEqual({ chapterSlug: chapters[1]!.slug, chapterNumber: 2, page: 4, position: null });

    // And back: the laptop goes on, the phone sees it.
    t.clock.advance(1000);
    await save(laptop, chapters[1]!.id, { page: 5 });
    expect((await progressOf(phone, series.id)).chapters[chapters[1]!.id]).toMatchObject({ page: 5, completed: true });
  });

  it('keeps each reader to their own progress', async () => {
    const one = await signedInUser(t);
    const two = await signedInUser(t);
    const { series, chapters } = await seriesWith(1);
    await save(one.cookie, chapters[0]!.id, { page: 2 });
    expect(await progressOf(two.cookie, series.id)).toEqual({ chapters: {}, continue: null, bookmarked: false });
  });
});

describe('continue', () => {
  it('is the furthest chapter opened, the next one from its start once completed, and never moves back', async () => {
    const { cookie } = await signedInUser(t);
    const { series, chapters } = await seriesWith(4, { pages: 4 });
    expect((await progressOf(cookie, series.id)).continue).toBeNull();

    await save(cookie, chapters[0]!.id, { page: 2 });
    expect((await progressOf(cookie, series.id)).continue).toEqual({
      chapterSlug: chapters[0]!.slug,
      chapterNumber: 1,
      page: 2,
      position: null,
    });

    await save(cookie, chapters[1]!.id, { completed: true });
    expect((await progressOf(cookie, series.id)).continue).toEqual({
      chapterSlug: chapters[2]!.slug,
      chapterNumber: 3,
      page: null,
      position: null,
    });

    // Re-reading chapter 1 later does not bring Continue back to it.
    t.clock.advance(60_000);
    await save(cookie, chapters[0]!.id, { page: 3 });
    expect((await progressOf(cookie, series.id)).continue?.chapterNumber).toBe(3);

    await save(cookie, chapters[3]!.id, { page: 4 });
    // The last chapter out is read: nothing to continue until the next comes out, which it then points to.
    expect((await progressOf(cookie, series.id)).continue).toBeNull();
    const scheduled = await buildChapter(t, series.id, {
      number: 5,
      publishedAt: new Date(t.clock.now().getTime() + DAY).toISOString(),
    });
    expect((await progressOf(cookie, series.id)).continue).toBeNull();
    t.clock.advance(DAY + 1000);
    expect((await progressOf(cookie, series.id)).continue).toMatchObject({ chapterSlug: scheduled.slug, chapterNumber: 5 });
  });

  it('answers series_not_found for a series that is not out', async () => {
    const { cookie } = await signedInUser(t);
    const hidden = await buildSeries(t, { isPublished: false });
    for (const seriesId of [hidden.id, UNKNOWN_ID]) {
      const answer = await callEndpoint(t, 'seriesProgress', { cookie, params: { seriesId } });
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('series_not_found');
    }
  });
});

describe('history', () => {
  it('lists chapters opened, newest first, pages, and removes one or all while progress stays', async () => {
    const { cookie } = await signedInUser(t);
    const { series, chapters } = await seriesWith(3);
    const other = await seriesWith(1, { type: 'novel' });
    for (const chapter of [chapters[0]!, chapters[2]!, other.chapters[0]!, chapters[1]!]) {
      await save(cookie, chapter.id, { page: 1 });
      t.clock.advance(1000);
    }
    const list = (await callEndpoint(t, 'history', { cookie })).body.data;
    expect(
      list.items.map((item: { chapter: { number: number }; series: { id: string } }) => [item.series.id, item.chapter.number]),
    ).toEqual([
      [series.id, 2],
      [other.series.id, 1],
      [series.id, 3],
      [series.id, 1],
    ]);
    expect(list.items[0]).toMatchObject({
      series: { id: series.id, slug: series.slug, type: 'comic' },
      chapter: { id: chapters[1]!.id, slug: chapters[1]!.slug, number: 2, title: chapters[1]!.title },
      page: 1,
      position: null,
      completed: false,
    });
    expect(list.pagination).toEqual({ page: 1, perPage: 20, total: 4, totalPages: 1 });

    const paged = (await callEndpoint(t, 'history', { cookie, query: '?perPage=3&page=2' })).body.data;
    expect(paged.items).toHaveLength(1);
    expect(paged.pagination).toEqual({ page: 2, perPage: 3, total: 4, totalPages: 2 });

    const bySeries = (await callEndpoint(t, 'history', { cookie, query: '?by=series' })).body.data;
    expect(
      bySeries.items.map((item: { chapter: { number: number }; series: { id: string } }) => [
        item.series.id,
        item.chapter.number,
      ]),
    ).toEqual([
      [series.id, 2],
      [other.series.id, 1],
    ]);
    expect(bySeries.pagination.total).toBe(2);
    // The count comes with the page's rows, and on its own for a page past the end.
    const secondSeries = (await callEndpoint(t, 'history', { cookie, query: '?by=series&perPage=1&page=2' })).body.data;
    expect(secondSeries.items.map((item: { series: { id: string } }) => item.series.id)).toEqual([other.series.id]);
    expect(secondSeries.pagination).toEqual({ page: 2, perPage: 1, total: 2, totalPages: 2 });
    const pastTheEnd = (await callEndpoint(t, 'history', { cookie, query: '?by=series&perPage=1&page=5' })).body.data;
    expect(pastTheEnd).toEqual({ items: [], pagination: { page: 5, perPage: 1, total: 2, totalPages: 2 } });
    // Each with where it picks up: the furthest chapter opened (3, though 2 was opened last).
    expect(bySeries.items[0].continue).toEqual({ chapterSlug: chapters[2]!.slug, chapterNumber: 3, page: 1, position: null });
    expect(list.items[0]).not.toHaveProperty('continue');

    expect((await callEndpoint(t, 'historyRemove', { cookie, params: { chapterId: chapters[1]!.id } })).status).toBe(200);
    expect((await callEndpoint(t, 'history', { cookie })).body.data.items).toHaveLength(3);
    // Removing it again, or a chapter never read, is fine.
    expect((await callEndpoint(t, 'historyRemove', { cookie, params: { chapterId: chapters[1]!.id } })).status).toBe(200);
    expect((await callEndpoint(t, 'historyRemove', { cookie, params: { chapterId: UNKNOWN_ID } })).status).toBe(200);
    // The progress and the read mark stay.
    expect((await progressOf(cookie, series.id)).chapters[chapters[1]!.id]).toMatchObject({ page: 1 });

    const cleared = await callEndpoint(t, 'historyClear', { cookie });
    expect(cleared).toMatchObject({ status: 200, body: { success: true, message: 'History cleared' } });
    expect((await callEndpoint(t, 'history', { cookie })).body.data).toEqual({
      items: [],
      pagination: { page: 1, perPage: 20, total: 0, totalPages: 1 },
    });
    expect(Object.keys((await progressOf(cookie, series.id)).chapters)).toHaveLength(3);

    // Opening a chapter again puts it back.
    await save(cookie, chapters[0]!.id, { page: 2 });
    expect(
      (await callEndpoint(t, 'history', { cookie })).body.data.items.map((item: { chapter: { id: string } }) => item.chapter.id),
    ).toEqual([chapters[0]!.id]);
  });

  it('leaves out chapters taken back to draft or scheduled and series unpublished, and brings them back once out', async () => {
    const { cookie } = await signedInUser(t);
    const { series, chapters } = await seriesWith(3);
    const other = await seriesWith(1, { type: 'novel' });
    for (const chapter of [chapters[0]!, chapters[1]!, other.chapters[0]!, chapters[2]!]) {
      await save(cookie, chapter.id, { page: 1 });
      t.clock.advance(1000);
    }
    const shown = async (query = '') => {
      const data = (await callEndpoint(t, 'history', { cookie, query })).body.data;
      return {
        numbers: data.items.map((item: { chapter: { number: number }; series: { id: string } }) =>
          item.series.id === series.id ? item.chapter.number : 'other',
        ),
        total: data.pagination.total,
      };
    };
    expect(await shown()).toEqual({ numbers: [3, 'other', 2, 1], total: 4 });

    // Chapter 3 back to draft, chapter 2 scheduled for tomorrow: the series continues from chapter 1.
    await t.db.update(chaptersTable).set({ publishedAt: null }).where(eq(chaptersTable.id, chapters[2]!.id));
    const tomorrow = new Date(t.clock.now().getTime() + DAY);
    await t.db.update(chaptersTable).set({ publishedAt: tomorrow }).where(eq(chaptersTable.id, chapters[1]!.id));
    // The catalogue's changes reach a reader's kept history within its time, as everywhere else.
    t.clock.advance(HISTORY_CACHE_MS);
    expect(await shown()).toEqual({ numbers: ['other', 1], total: 2 });
    expect(await shown('?by=series')).toEqual({ numbers: ['other', 1], total: 2 });

    // The other series unpublished: gone from both lists and their counts.
    await t.db.update(seriesTable).set({ isPublished: false }).where(eq(seriesTable.id, other.series.id));
    t.clock.advance(HISTORY_CACHE_MS);
    expect(await shown()).toEqual({ numbers: [1], total: 1 });
    expect(await shown('?by=series')).toEqual({ numbers: [1], total: 1 });

    // Out again (the clock passes the schedule, the series is published): back where they were.
    t.clock.advance(2 * DAY);
    await t.db.update(seriesTable).set({ isPublished: true }).where(eq(seriesTable.id, other.series.id));
    expect(await shown()).toEqual({ numbers: ['other', 2, 1], total: 3 });
    expect(await shown('?by=series')).toEqual({ numbers: ['other', 2], total: 2 });
  });

  it("never shows another reader's history, and clearing touches only one's own", async () => {
    const one = await signedInUser(t);
    const two = await signedInUser(t);
    const { chapters } = await seriesWith(1);
    await save(one.cookie, chapters[0]!.id, { page: 1 });
    expect((await callEndpoint(t, 'history', { cookie: two.cookie })).body.data.items).toEqual([]);
    await callEndpoint(t, 'historyClear', { cookie: two.cookie });
    expect((await callEndpoint(t, 'history', { cookie: one.cookie })).body.data.items).toHaveLength(1);
  });

  it('refuses bad paging', async () => {
    const { cookie } = await signedInUser(t);
    for (const query of ['?page=abc', '?perPage=500', '?by=day']) {
      expect((await callEndpoint(t, 'history', { cookie, query })).status, query).toBe(400);
    }
  });
});

describe('merging a visitor’s progress on sign-in', () => {
  it('keeps the furthest and most recent, completed wins, and leaves out what cannot be read', async () => {
    const { user, cookie } = await signedInUser(t);
    const { series, chapters } = await seriesWith(3, { pages: 10 });
    const locked = await buildChapter(t, series.id, { number: 9, price: 50 });
    const draft = await buildChapter(t, series.id, { number: 10, publishedAt: null });
    // Already on the account: chapter 1 completed, chapter 2 at page 6.
    await save(cookie, chapters[0]!.id, { completed: true });
    await save(cookie, chapters[1]!.id, { page: 6 });
    const accountTime = t.clock.now();

    const earlier = new Date(accountTime.getTime() - DAY).toISOString();
    const later = new Date(accountTime.getTime() + 60_000);
    t.clock.set(new Date(later.getTime() + 1000));
    const future = new Date(t.clock.now().getTime() + 10 * DAY).toISOString();
    const answer = await callEndpoint(t, 'progressMerge', {
      cookie,
      body: {
        entries: [
          { chapterId: chapters[0]!.id, page: 2, completed: false, readAt: earlier },
          { chapterId: chapters[1]!.id, page: 3, readAt: later.toISOString() },
          { chapterId: chapters[2]!.id, page: 4, readAt: future },
          { chapterId: chapters[2]!.id, page: 7, completed: true, readAt: earlier },
          { chapterId: locked.id, page: 1, readAt: earlier },
          { chapterId: draft.id, page: 1, readAt: earlier },
          { chapterId: UNKNOWN_ID, page: 1, readAt: earlier },
        ],
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ merged: 3 });

    const progress = (await progressOf(cookie, series.id)).chapters;
    expect(progress[chapters[0]!.id]).toEqual({ page: 2, position: null, completed: true, readAt: accountTime.toISOString() });
    expect(progress[chapters[1]!.id]).toEqual({ page: 6, position: null, completed: false, readAt: later.toISOString() });
    // Two entries of one chapter: the furthest page, completed, read no later than now.
    expect(progress[chapters[2]!.id]).toEqual({ page: 7, position: null, completed: true, readAt: t.clock.now().toISOString() });
    expect(progress[locked.id]).toBeUndefined();
    const rows = await t.db.select().from(readingProgress).where(eq(readingProgress.userId, user.id));
    expect(rows).toHaveLength(3);
    // Merged chapters are in the history.
    expect((await callEndpoint(t, 'history', { cookie })).body.data.pagination.total).toBe(3);
  });

  it('takes nothing for nothing, and refuses bad entries', async () => {
    const { cookie } = await signedInUser(t);
    expect((await callEndpoint(t, 'progressMerge', { cookie, body: { entries: [] } })).body.data).toEqual({ merged: 0 });
    const now = new Date().toISOString();
    for (const entries of [
      [{ chapterId: 'x', readAt: now }],
      [{ chapterId: UNKNOWN_ID, readAt: 'yesterday' }],
      [{ chapterId: UNKNOWN_ID, position: 3, readAt: now }],
      Array.from({ length: 501 }, () => ({ chapterId: UNKNOWN_ID, readAt: now })),
    ]) {
      const answer = await callEndpoint(t, 'progressMerge', { cookie, body: { entries } });
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('validation_failed');
    }
    expect((await callEndpoint(t, 'progressMerge', { cookie, body: {} })).status).toBe(400);
  });
});
