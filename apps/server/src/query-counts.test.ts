import { fillPath, ROUTES, type EndpointName } from '@inkwell/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, buildUser } from '../test/factories';
import { createTestApp, loginAs, TEST_ORIGIN, type TestContext } from '../test/helpers';
import { SESSION_TOUCH_INTERVAL_MS } from './modules/identity/auth';

/**
 * Statements per request on the calls readers and the team make most (issue 18): what a call sends
 * to the database must not grow with what it lists (no query per row), and stays small. Each call
 * is counted with a few items and again with many, every kept answer expired both times, so the
 * count is the call's real work, not a cache hit.
 */

/**
 * Longer than anything the app keeps (the catalogue's and history's 10 s, the viewer's few
 * seconds), and than the session's touch interval, so each request also writes the session's
 * last-seen time: the same statements every time.
 */
const PAST_EVERY_CACHE_MS = SESSION_TOUCH_INTERVAL_MS + 1_000;
/** A request's statements at most: the session and its touch, the site's settings, the access it needs, its page and its count. */
const MOST_STATEMENTS = 12;

let t: TestContext;
let counting = false;
const statements: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ onQuery: (text) => void (counting && statements.push(text)) });
});
afterAll(async () => {
  await t?.close();
});

interface Call {
  name: EndpointName;
  cookie: string;
  params?: Record<string, string>;
  query?: string;
}

/** The statements one GET sends, with every cache expired first. */
async function statementsOf({ name, cookie, params, query }: Call) {
  t.clock.advance(PAST_EVERY_CACHE_MS);
  // Work a previous request left running (a view noted, a last-seen time) is not this one's.
  await new Promise((resolve) => setTimeout(resolve, 50));
  statements.length = 0;
  counting = true;
  const answer = await t.app.inject({
    method: 'GET',
    url: fillPath(ROUTES[name].path, params) + (query ? `?${query}` : ''),
    headers: { origin: TEST_ORIGIN, cookie },
  });
  counting = false;
  expect(answer.statusCode, answer.body).toBe(200);
  return [...statements];
}

/** Counts each call, grows what they list, counts them again: the same statements, and few. */
async function expectFlat(calls: Call[], grow: () => Promise<void>) {
  const few: string[][] = [];
  for (const call of calls) few.push(await statementsOf(call));
  await grow();
  for (const [index, call] of calls.entries()) {
    const many = await statementsOf(call);
    const said = `${call.name} ${call.query ?? ''}:\n${many.join('\n\n')}\n\nagainst:\n${few[index]!.join('\n\n')}`;
    expect(many.length, said).toBe(few[index]!.length);
    expect(many.length, said).toBeLessThanOrEqual(MOST_STATEMENTS);
    // The session's read and touch at least: the count is the query layer's, not an empty list.
    expect(many.length, said).toBeGreaterThanOrEqual(2);
  }
}

describe('statements per request', () => {
  it('a reader’s bookmarks, history, Continue reading and bell do not grow with what they list', async () => {
    const reader = await buildUser(t.db);
    const cookie = await loginAs(t.app, reader);
    const shelf: { seriesId: string; chapterId: string }[] = [];
    const addSeries = async (count: number) => {
      for (let index = 0; index < count; index += 1) {
        const series = await buildSeries(t, { type: 'novel' });
        const chapter = await buildChapter(t, series.id, { number: 1, content: '<p>A page.</p>' });
        await buildChapter(t, series.id, { number: 2, price: 10, content: '<p>Paid.</p>' });
        shelf.push({ seriesId: series.id, chapterId: chapter.id });
      }
    };
    const shelve = async () => {
      for (const { seriesId, chapterId } of shelf) {
        await t.db.execute(
          sql`insert into bookmarks (user_id, series_id) values (${reader.id}, ${seriesId}) on conflict do nothing`,
        );
        const saved = await t.app.inject({
          method: 'PUT',
          url: fillPath(ROUTES.progressSave.path, { chapterId }),
          headers: { origin: TEST_ORIGIN, cookie },
          payload: { position: 0.5 },
        });
        expect(saved.statusCode, saved.body).toBe(200);
      }
    };
    const notify = (count: number) =>
      t.db.execute(sql`insert into notifications (user_id, title, description)
        select ${reader.id}, 'Notice ' || g, 'Something new' from generate_series(1, ${count}::int) g`);
    // Pages of four: full with a few items and with many (a page that is not full needs no count).
    await addSeries(6);
    await shelve();
    await notify(6);

    await expectFlat(
      [
        { name: 'bookmarks', cookie },
        { name: 'history', cookie, query: 'perPage=4' },
        { name: 'history', cookie, query: 'by=series&perPage=4' },
        { name: 'notifications', cookie, query: 'limit=4' },
      ],
      async () => {
        await addSeries(14);
        await shelve();
        await notify(14);
      },
    );
  }, 120_000);

  it('a series and a chapter as a signed-in reader do not grow with the series’ chapters', async () => {
    const reader = await buildUser(t.db);
    const cookie = await loginAs(t.app, reader);
    const series = await buildSeries(t, { type: 'novel' });
    const first = await buildChapter(t, series.id, { number: 1, content: '<p>One.</p>' });
    await buildChapter(t, series.id, { number: 2, price: 10, content: '<p>Two.</p>' });
    const more = async () => {
      for (let number = 3; number <= 20; number += 1)
        await buildChapter(t, series.id, { number, price: number % 2 ? 0 : 10, content: `<p>${number}.</p>` });
    };
    await expectFlat([{ name: 'series', cookie, params: { slug: series.slug } }], more);
    await expectFlat([{ name: 'chapter', cookie, params: { slug: series.slug, chapterSlug: first.slug } }], async () => {
      await buildChapter(t, series.id, { number: 21, content: '<p>21.</p>' });
    });
  }, 60_000);

  it('the team’s series list and the admin’s users do not grow with their pages', async () => {
    const editor = await loginAs(t.app, await buildUser(t.db, { role: 'editor' }));
    const admin = await loginAs(t.app, await buildUser(t.db, { role: 'admin' }));
    await expectFlat([{ name: 'teamSeriesList', cookie: editor }], async () => {
      for (let index = 0; index < 10; index += 1) await buildSeries(t, { isPublished: index % 2 === 0 });
    });
    await expectFlat([{ name: 'adminUsers', cookie: admin }], async () => {
      for (let index = 0; index < 10; index += 1) await buildUser(t.db);
    });
  }, 60_000);
});
