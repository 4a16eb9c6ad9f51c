import {
  ADULT_GATE_COOKIE,
  chapterContentResponseSchema,
  homeResponseSchema,
  searchResponseSchema,
  seriesChaptersResponseSchema,
  seriesDetailResponseSchema,
  seriesListResponseSchema,
  seriesPatchSchema,
} from '@inkwell/contract';
import { tracingChannel } from 'node:diagnostics_channel';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NIL_UUID } from '../../../db/schema';
import { seedDemoStore } from '../../../demo/seed-store';
import { png } from '../../../../test/fixtures';
import { buildChapter, buildUser, teamOf } from '../../../../test/factories';
import { createTestApp, loginAs, type TestContext } from '../../../../test/helpers';

let t: TestContext;
const DAY = 86_400_000;
const PUBLIC = '/api/public/omegascans/public';
let editorCookie: string;
let readerCookie: string;

const teamService = () => teamOf(t);

const iso = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  const team = teamService();
  const action = await team.createGenre('Action');
  await team.createGenre('Romance');

  const comic = await team.createSeries({
    type: 'comic',
    title: 'The Lantern Keeper',
    alternativeNames: 'Keeper of Lanterns',
    description: 'A city swallowed by night.',
    status: 'ongoing',
    author: 'Mira Holt',
    artist: 'Jun Seo',
    releaseYear: 2024,
    isAdult: false,
    isPublished: true,
    genreIds: [action.id],
  });
  await team.setCover(comic.id, await png(300, 450));
  const free = await team.createChapter(comic.id, {
    number: 1,
    title: 'Beginnings',
    publishedAt: null,
    price: 0,
    freeAt: null,
  });
  await team.addPages(free.id, [
    { name: '1.png', bytes: await png(100, 150) },
    { name: '2.png', bytes: await png(100, 160) },
  ]);
  await team.updateChapter(free.id, { publishedAt: iso(-5 * DAY) });
  const half = await team.createChapter(comic.id, {
    number: 1.5,
    title: 'Interlude',
    publishedAt: null,
    price: 0,
    freeAt: null,
  });
  await team.addPages(half.id, [{ name: '1.png', bytes: await png(100, 150) }]);
  await team.updateChapter(half.id, { publishedAt: iso(-4 * DAY) });
  const early = await team.createChapter(comic.id, {
    number: 2,
    title: '',
    publishedAt: null,
    price: 30,
    freeAt: iso(3 * DAY),
  });
  await team.addPages(early.id, [{ name: '1.png', bytes: await png(100, 150) }]);
  await team.updateChapter(early.id, { publishedAt: iso(-DAY) });
  const locked = await team.createChapter(comic.id, {
    number: 3,
    title: '',
    publishedAt: null,
    price: 50,
    freeAt: null,
  });
  await team.addPages(locked.id, [{ name: '1.png', bytes: await png(100, 150) }]);
  await team.updateChapter(locked.id, { publishedAt: iso(-DAY / 2) });
  await buildChapter(t, comic.id, { number: 4, title: 'Soon', publishedAt: iso(2 * DAY), price: 0, freeAt: null });
  await team.createChapter(comic.id, { number: 5, title: 'Draft', publishedAt: null, price: 0, freeAt: null });

  const novel = await team.createSeries({
    type: 'novel',
    title: 'Murder at Willowmere',
    alternativeNames: 'The Willowmere Case',
    status: 'completed',
    isPublished: true,
  });
  await team.createChapter(novel.id, {
    number: 1,
    publishedAt: iso(-10 * DAY),
    content: '<p>The <strong>quietest</strong> town.</p><script>alert(1)</script><img src=x onerror=alert(1)>',
  });
  await team.createChapter(novel.id, {
    number: 2,
    publishedAt: iso(-9 * DAY),
    price: 20,
    content: '<p>Paid words that must stay secret.</p>',
  });

  await team.createSeries({ type: 'comic', title: 'Hidden Draft Series', isPublished: false });

  const editor = await buildUser(t.db, { role: 'editor' });
  editorCookie = await loginAs(t.app, editor);
  readerCookie = await loginAs(t.app, await buildUser(t.db));
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('series detail', () => {
  it('lists chapters with each one’s access for a visitor, hiding drafts and scheduled ones', async () => {
    const response = await get(`${PUBLIC}/series/the-lantern-keeper`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      title: 'The Lantern Keeper',
      alternativeNames: 'Keeper of Lanterns',
      author: 'Mira Holt',
      status: 'ongoing',
    });
    expect(data.genres.map((g: { name: string }) => g.name)).toEqual(['Action']);
    expect(data.cover).toMatchObject({ width: 300, height: 450 });
    expect(data.chapters.map((c: { number: number; access: string }) => [c.number, c.access])).toEqual([
      [3, 'locked'],
      [2, 'early_access'],
      [1.5, 'free'],
      [1, 'free'],
    ]);
    const early = data.chapters.find((c: { number: number }) => c.number === 2);
    expect(early.price).toBe(30);
    expect(Date.parse(early.freeAt)).toBeGreaterThan(t.clock.now().getTime());
  });

  it('shows the team scheduled chapters and opens priced ones', async () => {
    const { data } = (await get(`${PUBLIC}/series/the-lantern-keeper`, editorCookie)).json();
    expect(data.chapters.map((c: { number: number; access: string }) => [c.number, c.access])).toEqual([
      [4, 'scheduled'],
      [3, 'unlocked'],
      [2, 'unlocked'],
      [1.5, 'free'],
      [1, 'free'],
    ]);
  });

  it('answers 404 for an unknown slug and for an unpublished series', async () => {
    expect((await get(`${PUBLIC}/series/nope`)).json().error.code).toBe('series_not_found');
    expect((await get(`${PUBLIC}/series/hidden-draft-series`)).statusCode).toBe(404);
    expect((await get(`${PUBLIC}/series/hidden-draft-series`, editorCookie)).statusCode).toBe(200);
  });
});

describe('chapter content', () => {
  it('gives a free comic chapter its pages with sizes and signed URLs, and its neighbours', async () => {
    const response = await get(`${PUBLIC}/series/the-lantern-keeper/chapters/chapter-1`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.canRead).toBe(true);
    expect(data.pages).toHaveLength(2);
    expect(data.pages[0]).toMatchObject({ width: 100, height: 150 });
    expect(data.pages[0].url).toMatch(/^\/media\/pages\/.+\.webp\?exp=\d+&sig=/);
    expect(data.previous).toBeNull();
    expect(data.next).toMatchObject({ slug: 'chapter-1-5', number: 1.5 });
    const image = await get(data.pages[0].url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
  });

  it('never sends a locked chapter’s pages or text, only its price and free date', async () => {
    for (const [url, cookie] of [
      [`${PUBLIC}/series/the-lantern-keeper/chapters/chapter-3`, undefined],
      [`${PUBLIC}/series/the-lantern-keeper/chapters/chapter-2`, readerCookie],
      [`${PUBLIC}/series/murder-at-willowmere/chapters/chapter-2`, readerCookie],
    ] as const) {
      const response = await get(url, cookie);
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data.canRead).toBe(false);
      expect(data.pages).toEqual([]);
      expect(data.content).toBeNull();
      expect(data.chapter.price).toBeGreaterThan(0);
      expect(response.body).not.toContain('/media/pages/');
      expect(response.body).not.toContain('Paid words');
    }
    const early = (await get(`${PUBLIC}/series/the-lantern-keeper/chapters/chapter-2`)).json().data.chapter;
    expect(early).toMatchObject({ access: 'early_access', price: 30 });
    expect(early.freeAt).not.toBeNull();
  });

  it('opens an early-access chapter once its free date passes', async () => {
    t.clock.advance(4 * DAY);
    try {
      const { data } = (await get(`${PUBLIC}/series/the-lantern-keeper/chapters/chapter-2`)).json();
      expect(data.chapter.access).toBe('free');
      expect(data.pages).toHaveLength(1);
    } finally {
      t.clock.advance(-4 * DAY);
    }
  });

  it('serves a page’s data-saver variant under the same signature (issue 11 §2)', async () => {
    const { data } = (await get(`${PUBLIC}/series/the-lantern-keeper/chapters/chapter-1`)).json();
    const saver = await get(`${data.pages[0].url}&q=saver`);
    expect(saver.statusCode).toBe(200);
    expect(saver.headers['content-type']).toBe('image/webp');
    expect(saver.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect((await get(`${data.pages[0].url.split('?')[0]}?q=saver`)).statusCode).toBe(403);
  });

  it('refuses page images without a valid, unexpired signature', async () => {
    const { data } = (await get(`${PUBLIC}/series/the-lantern-keeper/chapters/chapter-1`)).json();
    const bare = data.pages[0].url.split('?')[0];
    expect((await get(bare)).statusCode).toBe(403);
    // Another page's signature does not open this one.
    const other = (await get(`${PUBLIC}/series/the-lantern-keeper/chapters/chapter-1-5`)).json().data.pages[0].url;
    expect((await get(`${bare}?${other.split('?')[1]}`)).statusCode).toBe(403);
    // Paths that climb out of the store, and keys that do not exist.
    expect((await get('/media/..%2F..%2Fsession-secret')).statusCode).toBe(404);
    expect((await get('/media/covers/../../session-secret')).statusCode).toBe(404);
    expect((await get('/media/covers/nothing-here.webp')).statusCode).toBe(404);
    expect((await get(`${bare}?exp=99999999999&sig=forged`)).statusCode).toBe(403);
    t.clock.advance(2 * 3600_000);
    try {
      expect((await get(data.pages[0].url)).json().error.code).toBe('forbidden');
    } finally {
      t.clock.advance(-2 * 3600_000);
    }
  });

  it('serves sanitized novel text', async () => {
    const { data } = (await get(`${PUBLIC}/series/murder-at-willowmere/chapters/chapter-1`)).json();
    expect(data.content).toBe('<p>The <strong>quietest</strong> town.</p>');
    expect(data.pages).toEqual([]);
  });

  it('hides scheduled and draft chapters from readers, and previews them for the team', async () => {
    expect((await get(`${PUBLIC}/series/the-lantern-keeper/chapters/chapter-4`, readerCookie)).statusCode).toBe(404);
    expect((await get(`${PUBLIC}/series/the-lantern-keeper/chapters/chapter-5`, editorCookie)).statusCode).toBe(404);
    const preview = (await get(`${PUBLIC}/series/the-lantern-keeper/chapters/chapter-4`, editorCookie)).json();
    expect(preview.data).toMatchObject({ canRead: true, chapter: { access: 'scheduled' } });
  });

  it('gives the team priced chapters in full', async () => {
    const { data } = (await get(`${PUBLIC}/series/the-lantern-keeper/chapters/chapter-3`, editorCookie)).json();
    expect(data).toMatchObject({ canRead: true, chapter: { access: 'unlocked' } });
    expect(data.pages).toHaveLength(1);
  });
});

describe('home, lists, genres and banners', () => {
  it('fills the home page with latest updates (newest chapters first), then rows that never repeat a series', async () => {
    const response = await get(`${PUBLIC}/home`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.latest.map((s: { slug: string }) => s.slug)).toEqual(['the-lantern-keeper', 'murder-at-willowmere']);
    type CardChapter = { number: number; isPremium: boolean; isEarlyAccess: boolean };
    expect(data.latest[0].latestChapters.map((c: CardChapter) => [c.number, c.isPremium, c.isEarlyAccess])).toEqual([
      [3, true, false],
      [2, true, true],
      [1.5, false, false],
    ]);
    // Both series are already in the latest updates: the other rows leave them out.
    expect([data.trending, data.newest, data.premium]).toEqual([[], [], []]);
    expect(data.latest.some((s: { slug: string }) => s.slug === 'hidden-draft-series')).toBe(false);
  });

  it('ranks trending series by the views of the last seven days', async () => {
    const ids = Object.fromEntries(
      (await Promise.all(['the-lantern-keeper', 'murder-at-willowmere'].map((slug) => get(`${PUBLIC}/series/${slug}`)))).map(
        (response) => [response.json().data.slug, response.json().data.id],
      ),
    );
    const day = (daysAgo: number) => new Date(t.clock.now().getTime() - daysAgo * DAY).toISOString().slice(0, 10);
    await t.db.execute(sql`insert into daily_views (day, series_id, chapter_id, views) values
      (${day(20)}::date, ${ids['the-lantern-keeper']}::uuid, ${NIL_UUID}::uuid, 900),
      (${day(1)}::date, ${ids['the-lantern-keeper']}::uuid, ${NIL_UUID}::uuid, 5),
      (${day(2)}::date, ${ids['murder-at-willowmere']}::uuid, ${NIL_UUID}::uuid, 40)
      on conflict (day, series_id, chapter_id) do update set views = excluded.views`);
    t.app.services.catalogue.invalidate();
    const trending = (await get(`${PUBLIC}/series?sort=trending`)).json().data.items.map((s: { slug: string }) => s.slug);
    expect(trending).toEqual(['murder-at-willowmere', 'the-lantern-keeper']);
  });

  it('filters by type, genre, status and premium, sorts, and paginates', async () => {
    const list = async (query: string) => (await get(`${PUBLIC}/series?${query}`)).json().data;
    expect((await list('type=novel')).items.map((s: { slug: string }) => s.slug)).toEqual(['murder-at-willowmere']);
    expect((await list('genre=action')).items.map((s: { slug: string }) => s.slug)).toEqual(['the-lantern-keeper']);
    expect((await list('status=completed')).items.map((s: { slug: string }) => s.slug)).toEqual(['murder-at-willowmere']);
    expect((await list('sort=title')).items.map((s: { slug: string }) => s.slug)).toEqual([
      'murder-at-willowmere',
      'the-lantern-keeper',
    ]);
    const page2 = await list('perPage=1&page=2&sort=title');
    expect(page2.items.map((s: { slug: string }) => s.slug)).toEqual(['the-lantern-keeper']);
    expect(page2.pagination).toEqual({ page: 2, perPage: 1, total: 2, totalPages: 2 });
  });

  it('refuses bad list queries with per-field messages', async () => {
    for (const query of ['type=manga', 'sort=random', 'page=0', 'perPage=1000', 'status=paused', 'premium=maybe']) {
      const response = await get(`${PUBLIC}/series?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
      expect(Object.keys(response.json().error.fields)).toEqual([query.split('=')[0]]);
    }
  });

  it('lists genres', async () => {
    expect((await get(`${PUBLIC}/genres`)).json().data.map((g: { slug: string }) => g.slug)).toEqual(['action', 'romance']);
  });

  it('shows a banner only with an image and inside its window, with an immutable image', async () => {
    const team = teamService();
    const shown = await team.createBanner({
      title: 'Now',
      link: '/comics',
      position: 0,
      isActive: true,
      startsAt: null,
      endsAt: null,
    });
    await team.setBannerImage(shown.id, await png(1600, 500));
    await team.createBanner({ title: 'No image yet', link: '', position: 1, isActive: true, startsAt: null, endsAt: null });
    const later = await team.createBanner({
      title: 'Later',
      link: '',
      position: 2,
      isActive: true,
      startsAt: iso(DAY),
      endsAt: null,
    });
    await team.setBannerImage(later.id, await png(160, 50));
    const { data } = (await get(`${PUBLIC}/banners`)).json();
    expect(data.map((b: { title: string }) => b.title)).toEqual(['Now']);
    const image = await get(data[0].image.url);
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('search (SPEC §7)', () => {
  const search = (q: string) => get(`${PUBLIC}/search/series?q=${encodeURIComponent(q)}`);

  it('answers with the spec’s fields', async () => {
    const response = await search('lantern');
    expect(response.statusCode).toBe(200);
    const [first] = response.json().data.results;
    expect(Object.keys(first).sort()).toEqual([
      'alternativeNames',
      'cover',
      'description',
      'id',
      'isAdult',
      'slug',
      'status',
      'title',
    ]);
    expect(first).toMatchObject({
      slug: 'the-lantern-keeper',
      status: 'ongoing',
      alternativeNames: 'Keeper of Lanterns',
      isAdult: false,
    });
    expect(first.cover).toMatch(/^\/media\/covers\//);
  });

  it('finds by alternative name and forgives a small typo', async () => {
    expect((await search('willowmere case')).json().data.results[0].slug).toBe('murder-at-willowmere');
    expect((await search('lantrn')).json().data.results[0]?.slug).toBe('the-lantern-keeper');
    expect((await search('Willowmer')).json().data.results[0]?.slug).toBe('murder-at-willowmere');
    expect((await search('zzzqqq')).json().data.results).toEqual([]);
  });

  it('ranks an exact title above a mere mention', async () => {
    const team = teamService();
    await team.createSeries({ type: 'novel', title: 'Keeper', alternativeNames: '', isPublished: true });
    const results = (await search('keeper')).json().data.results.map((r: { title: string }) => r.title);
    expect(results[0]).toBe('Keeper');
    expect(results).toContain('The Lantern Keeper');
  });

  it('keeps an answer for a moment, whatever the case of the words, and shows a team change at once', async () => {
    const team = teamService();
    const series = await team.createSeries({ type: 'novel', title: 'Orchard Of Glass', isPublished: true });
    const titles = async (q: string) => (await search(q)).json().data.results.map((r: { title: string }) => r.title);
    expect(await titles('orchard of')).toEqual(['Orchard Of Glass']);
    // Changed behind the team's back: the kept answer stands until it is 10 s old.
    await t.db.execute(sql`update series set title = 'Orchard Of Stone' where id = ${series.id}`);
    expect(await titles('Orchard Of ')).toEqual(['Orchard Of Glass']);
    t.clock.advance(10_001);
    expect(await titles('orchard of')).toEqual(['Orchard Of Stone']);
    // A team change drops every kept answer.
    await t.app.services.series.updateSeries(series.id, seriesPatchSchema.parse({ title: 'Orchard Of Ash' }));
    expect(await titles('orchard of')).toEqual(['Orchard Of Ash']);
  });

  it('never finds unpublished series, and treats LIKE wildcards as text', async () => {
    expect((await search('hidden draft')).json().data.results).toEqual([]);
    expect((await search('%%%')).json().data.results).toEqual([]);
  });

  it('fills the results page: every match, ranked, with the list’s filters, sorts and pages', async () => {
    const list = (query: string) => get(`${PUBLIC}/series?${query}`);
    const titles = async (query: string) => (await list(query)).json().data.items.map((r: { title: string }) => r.title);
    expect((await titles('q=keeper'))[0]).toBe('Keeper');
    expect(await titles('q=keeper')).toContain('The Lantern Keeper');
    expect(await titles('q=keeper&type=comic')).toEqual(['The Lantern Keeper']);
    expect(await titles('q=lantrn')).toEqual(['The Lantern Keeper']);
    expect(await titles('q=keeper&sort=title')).toEqual(
      [...(await titles('q=keeper'))].sort((a: string, b: string) => a.localeCompare(b)),
    );
    const paged = (await list('q=keeper&perPage=1&page=2')).json().data;
    expect(paged.pagination).toMatchObject({ page: 2, perPage: 1, total: 2, totalPages: 2 });
    expect(await titles('q=hidden%20draft')).toEqual([]);
    const short = await list('q=ab');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toEqual({ q: 'Please enter at least 3 characters to search.' });
  });

  it.each(['', 'ab', '  ab  '])('refuses %j with the spec’s message', async (q) => {
    const response = await search(q);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      error: { code: 'validation_failed', message: 'Please enter at least 3 characters to search.' },
    });
  });
});

describe('answers and the contract', () => {
  it('match the response schemas, for visitors (ready-made JSON) and for signed-in readers alike', async () => {
    for (const cookie of [undefined, readerCookie, editorCookie]) {
      for (const [url, schema] of [
        [`${PUBLIC}/home`, homeResponseSchema],
        [`${PUBLIC}/series?sort=popular`, seriesListResponseSchema],
        [`${PUBLIC}/series/the-lantern-keeper`, seriesDetailResponseSchema],
        [`${PUBLIC}/series/the-lantern-keeper/chapters/chapter-1`, chapterContentResponseSchema],
        [`${PUBLIC}/series/the-lantern-keeper/chapters/chapter-3`, chapterContentResponseSchema],
        [`${PUBLIC}/search/series?q=keeper`, searchResponseSchema],
      ] as const) {
        const response = await get(url, cookie);
        expect(response.headers['content-type'], url).toBe('application/json; charset=utf-8');
        const parsed = schema.safeParse(response.json());
        expect(parsed.success, `${url}: ${parsed.error?.message ?? ''}`).toBe(true);
      }
    }
  });
});

describe('views (issue 7 §4.13)', () => {
  const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
  const read = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
  const viewsOf = async () => {
    await t.app.services.views.flush();
    t.app.services.catalogue.invalidate();
    return (await get(`${PUBLIC}/series/murder-at-willowmere`)).json().data.views as number;
  };

  it('count a visitor once per series and chapter per day, however often they reload', async () => {
    const before = await viewsOf();
    const visitor = { 'user-agent': BROWSER, 'x-forwarded-for': '203.0.113.7' };
    for (let i = 0; i < 60; i += 1) {
      await read(`${PUBLIC}/series/murder-at-willowmere`, visitor);
      await read(`${PUBLIC}/series/murder-at-willowmere/chapters/chapter-1`, visitor);
    }
    // One series view and one chapter view: the series' total counts both.
    expect((await viewsOf()) - before).toBe(2);
    const day = t.clock.now().toISOString().slice(0, 10);
    const rows = (await t.db.query.dailyViews.findMany()).filter((row) => row.day === day && row.views > 0);
    expect(rows.length).toBeGreaterThanOrEqual(2);
  });

  it('count signed-in readers by account, and leave crawlers out', async () => {
    const before = await viewsOf();
    await read(`${PUBLIC}/series/murder-at-willowmere`, { 'user-agent': BROWSER, cookie: readerCookie });
    await read(`${PUBLIC}/series/murder-at-willowmere`, { 'user-agent': BROWSER, cookie: readerCookie });
    await read(`${PUBLIC}/series/murder-at-willowmere`, {
      'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    });
    expect((await viewsOf()) - before).toBe(1);
  });

  it('count again the next day', async () => {
    const visitor = { 'user-agent': BROWSER };
    await read(`${PUBLIC}/series/murder-at-willowmere`, visitor);
    const before = await viewsOf();
    t.clock.advance(DAY);
    await read(`${PUBLIC}/series/murder-at-willowmere`, visitor);
    expect((await viewsOf()) - before).toBe(1);
  });
});

describe('scheduled chapters', () => {
  it('move their series up the latest list when their time comes', async () => {
    const team = teamService();
    const quiet = await team.createSeries({ type: 'comic', title: 'Quiet Series', isPublished: true });
    await buildChapter(t, quiet.id, { number: 1, publishedAt: iso(-30 * DAY) });
    await buildChapter(t, quiet.id, { number: 2, publishedAt: iso(60_000) });
    const first = async () => (await get(`${PUBLIC}/series?sort=latest`)).json().data.items[0].slug;
    await t.app.services.publishing.publishDue();
    expect(await first()).not.toBe('quiet-series');
    t.clock.advance(120_000);
    expect(await t.app.services.publishing.publishDue()).toHaveLength(1);
    expect(await first()).toBe('quiet-series');
  });
});

describe('a long series', () => {
  // 230 chapters out, 201–230 at 10 coins, one scheduled: the series answer and the reader carry
  // a page of them, and the rest come a page at a time.
  const LONG = `${PUBLIC}/series/the-long-watch`;
  const numbersOf = (items: Array<{ number: number }>) => items.map((chapter) => chapter.number);
  const range = (from: number, to: number) =>
    Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => (from <= to ? from + i : from - i));
  let buyerCookie: string;

  beforeAll(async () => {
    const team = teamService();
    const long = await team.createSeries({ type: 'novel', title: 'The Long Watch', isPublished: true });
    const ids = new Map<number, string>();
    for (let number = 1; number <= 230; number += 1) {
      const chapter = await team.createChapter(long.id, {
        number,
        content: '<p>Watch.</p>',
        publishedAt: iso(-DAY + number),
        price: number > 200 ? 10 : 0,
      });
      ids.set(number, chapter.id);
    }
    await team.createChapter(long.id, { number: 231, content: '<p>Soon.</p>', publishedAt: iso(DAY) });
    const buyer = await buildUser(t.db);
    buyerCookie = await loginAs(t.app, buyer);
    for (const number of [201, 202, 230]) {
      await t.db.execute(
        sql`insert into chapter_unlocks (user_id, chapter_id, coins) values (${buyer.id}, ${ids.get(number)!}, 10)`,
      );
    }
  });

  it('answers its newest page of chapters, how many there are, the first one and what is for sale', async () => {
    const response = await get(LONG);
    expect(() => seriesDetailResponseSchema.parse(response.json())).not.toThrow();
    const { data } = response.json();
    expect(numbersOf(data.chapters)).toEqual(range(230, 131));
    expect(data).toMatchObject({ chapterCount: 230, firstChapter: { slug: 'chapter-1', number: 1 }, forSaleCount: 30 });

    const forBuyer = (await get(LONG, buyerCookie)).json().data;
    expect(forBuyer.forSaleCount).toBe(27);
    expect(forBuyer.chapters[0]).toMatchObject({ number: 230, access: 'unlocked' });
    // The team sees the scheduled one too.
    expect((await get(LONG, editorCookie)).json().data).toMatchObject({ chapterCount: 231, forSaleCount: 0 });
  });

  it('pages on after a number, jumps to one in either order, and says when there is more', async () => {
    const next = (await get(`${LONG}/chapters?after=131`)).json();
    expect(() => seriesChaptersResponseSchema.parse(next)).not.toThrow();
    expect(numbersOf(next.data.items)).toEqual(range(130, 31));
    expect(next.data).toMatchObject({ total: 230, hasMore: true });
    const last = (await get(`${LONG}/chapters?after=31`)).json().data;
    expect(numbersOf(last.items)).toEqual(range(30, 1));
    expect(last.hasMore).toBe(false);

    const jump = (await get(`${LONG}/chapters?order=asc&from=120&limit=5`)).json().data;
    expect(numbersOf(jump.items)).toEqual([120, 121, 122, 123, 124]);
    expect(jump.hasMore).toBe(true);
    const down = (await get(`${LONG}/chapters?from=3&limit=5`)).json().data;
    expect(numbersOf(down.items)).toEqual([3, 2, 1]);
    expect(down.hasMore).toBe(false);
    // A number between chapters starts at the next one in the order asked.
    expect(numbersOf((await get(`${LONG}/chapters?order=asc&from=119.5&limit=2`)).json().data.items)).toEqual([120, 121]);
    expect((await get(`${LONG}/chapters?order=asc&after=230`)).json().data).toMatchObject({
      items: [],
      total: 230,
      hasMore: false,
    });
  });

  it('lists what this viewer could buy from a chapter on, for bulk unlocking', async () => {
    const visitor = (await get(`${LONG}/chapters?order=asc&forSale=true&from=205`)).json().data;
    expect(numbersOf(visitor.items)).toEqual(range(205, 230));
    expect(visitor.total).toBe(30);
    const buyer = (await get(`${LONG}/chapters?order=asc&forSale=true&limit=500`, buyerCookie)).json().data;
    expect(numbersOf(buyer.items)).toEqual(range(203, 229));
    expect(
      buyer.items.every((chapter: { access: string; price: number }) => chapter.access === 'locked' && chapter.price === 10),
    ).toBe(true);
    expect((await get(`${LONG}/chapters?forSale=1`, editorCookie)).json().data).toMatchObject({ items: [], total: 0 });
  });

  it('refuses bad paging with a message that says why, and hides what a visitor may not see', async () => {
    const sideways = await get(`${LONG}/chapters?order=sideways`);
    expect(sideways.statusCode).toBe(400);
    expect(JSON.stringify(sideways.json())).toContain('Order must be asc or desc');
    const tooMany = await get(`${LONG}/chapters?limit=501`);
    expect(tooMany.statusCode).toBe(400);
    expect(JSON.stringify(tooMany.json())).toContain('At most 500 chapters at once');
    expect((await get(`${LONG}/chapters?from=first`)).statusCode).toBe(400);
    expect((await get(`${PUBLIC}/series/nope/chapters`)).json().error.code).toBe('series_not_found');
    expect((await get(`${PUBLIC}/series/hidden-draft-series/chapters`)).statusCode).toBe(404);
    expect(numbersOf((await get(`${LONG}/chapters?limit=1`)).json().data.items)).toEqual([230]);
    expect(numbersOf((await get(`${LONG}/chapters?limit=1`, editorCookie)).json().data.items)).toEqual([231]);
  });

  it('gives the reader a chapter with its neighbourhood of chapters, not the whole series', async () => {
    const middle = (await get(`${LONG}/chapters/chapter-120`)).json();
    expect(() => chapterContentResponseSchema.parse(middle)).not.toThrow();
    expect(numbersOf(middle.data.chapters)).toEqual(range(170, 70));
    expect(middle.data).toMatchObject({ chapterCount: 230, previous: { number: 119 }, next: { number: 121 } });
    const newest = (await get(`${LONG}/chapters/chapter-230`)).json().data;
    expect(numbersOf(newest.chapters)).toEqual(range(230, 180));
    expect(newest.next).toBeNull();
    expect(newest.chapters[0]).toMatchObject({ access: 'locked', price: 10 });
    const first = (await get(`${LONG}/chapters/chapter-1`)).json().data;
    expect(numbersOf(first.chapters)).toEqual(range(51, 1));
    expect(first.previous).toBeNull();
  });
});

describe('kept answers (issue 40)', () => {
  /** Whether Fastify waited on the route's handler for each request: its tracing channel says. */
  async function answeredAtOnce(url: string, cookie?: string) {
    const seen: boolean[] = [];
    const onEnd = (store: unknown) => {
      seen.push(!(store as { async: boolean }).async);
    };
    const channel = tracingChannel('fastify.request.handler');
    channel.end.subscribe(onEnd);
    try {
      const response = await get(url, cookie);
      expect(response.statusCode).toBe(200);
      return { response, atOnce: seen[0] };
    } finally {
      channel.end.unsubscribe(onEnd);
    }
  }

  it('go out in the turn their request came in, the same bytes as when they were made, offers included', async () => {
    t.app.services.catalogue.invalidate();
    const lantern = `${PUBLIC}/series/the-lantern-keeper`;
    const urls = [
      `${PUBLIC}/home`,
      `${PUBLIC}/series?sort=title`,
      lantern,
      ...['1', '3', '2'].map((n) => `${lantern}/chapters/chapter-${n}`),
    ];
    for (const url of urls) {
      const first = await answeredAtOnce(url);
      expect(first.atOnce).toBe(false);
      const again = await answeredAtOnce(url);
      expect(again.atOnce).toBe(true);
      expect(again.response.body).toBe(first.response.body);
      expect(again.response.headers['cache-control']).toBe(first.response.headers['cache-control']);
    }
    // A locked chapter's own part is made for a visitor at once too: its price to pay.
    const locked = (await answeredAtOnce(`${PUBLIC}/series/the-lantern-keeper/chapters/chapter-3`)).response.json().data;
    expect(locked.canRead).toBe(false);
    expect(locked.offers.length).toBeGreaterThan(0);
  });

  it('are a team change behind: it is seen on the next request', async () => {
    const url = `${PUBLIC}/series/the-lantern-keeper/chapters/chapter-1`;
    const chapterId = (await get(url)).json().data.chapter.id as string;
    expect((await answeredAtOnce(url)).atOnce).toBe(true);

    await teamService().updateChapter(chapterId, { title: 'Beginnings, revised' });
    const changed = await answeredAtOnce(url);
    expect(changed.atOnce).toBe(false);
    expect(changed.response.json().data.chapter.title).toBe('Beginnings, revised');
    await teamService().updateChapter(chapterId, { title: 'Beginnings' });
  });

  it("are a signed-in reader's too, by their class: their unlocks open what a visitor's keeps locked, an unlock is seen on the next request", async () => {
    await seedDemoStore(t.db);
    const buyer = await buildUser(t.db);
    const cookie = await loginAs(t.app, buyer);
    const lantern = `${PUBLIC}/series/the-lantern-keeper`;
    const locked = `${lantern}/chapters/chapter-3`;
    for (const url of [lantern, locked]) {
      const first = await answeredAtOnce(url, cookie);
      const again = await answeredAtOnce(url, cookie);
      expect(again.atOnce).toBe(true);
      expect(again.response.body).toBe(first.response.body);
    }
    const before = (await answeredAtOnce(locked, cookie)).response.json().data;
    expect(before).toMatchObject({ canRead: false, pages: [] });
    expect(before.offers.length).toBeGreaterThan(0);

    const pkg = (await t.app.services.purchases.coinPackages()).items[0]!;
    await t.app.services.payments.fulfil(
      (await t.app.services.payments.checkout(buyer, { kind: 'coins', packageId: pkg.id })).purchaseId,
    );
    await t.app.services.unlocks.unlock(buyer, [before.chapter.id as string]);
    const opened = await answeredAtOnce(locked, cookie);
    expect(opened.atOnce).toBe(false);
    expect(opened.response.json().data).toMatchObject({ canRead: true, chapter: { access: 'unlocked' } });
    expect(opened.response.json().data.pages).toHaveLength(1);
    const keptOpen = await answeredAtOnce(locked, cookie);
    expect(keptOpen.atOnce).toBe(true);
    expect(keptOpen.response.body).toBe(opened.response.body);
    const series = (await answeredAtOnce(lantern, cookie)).response.json().data;
    expect(series.chapters.find((chapter: { number: number }) => chapter.number === 3).access).toBe('unlocked');

    // Each keeps its own: the visitor's answer and the reader's, at once both.
    const visitor = await answeredAtOnce(locked);
    expect(visitor.response.json().data.canRead).toBe(false);
    expect((await answeredAtOnce(locked)).atOnce).toBe(true);
    expect((await answeredAtOnce(locked, cookie)).response.json().data.canRead).toBe(true);
  });

  it("leave a reader's locked chapter to be read when a pass could open it: their rentals change its offers", async () => {
    const team = teamService();
    const passed = await team.createSeries({ type: 'novel', title: 'Waited For', isPublished: true, waitPassIntervalHours: 24 });
    await team.createChapter(passed.id, { number: 1, publishedAt: iso(-3 * DAY), price: 20, content: '<p>Worth the wait.</p>' });
    await team.createChapter(passed.id, { number: 2, publishedAt: iso(-2 * DAY), content: '<p>Newer.</p>' });
    const url = `${PUBLIC}/series/waited-for/chapters/chapter-1`;
    const first = await answeredAtOnce(url, readerCookie);
    expect(first.response.json().data.canRead).toBe(false);
    expect((await answeredAtOnce(url, readerCookie)).atOnce).toBe(false);
    // A visitor has no rentals: theirs is kept.
    await answeredAtOnce(url);
    expect((await answeredAtOnce(url)).atOnce).toBe(true);
  });

  it('leave the gate of a series marked Adult to be asked every time', async () => {
    const team = teamService();
    const adult = await team.createSeries({ type: 'novel', title: 'Kept After Dark', isAdult: true, isPublished: true });
    await team.createChapter(adult.id, { number: 1, publishedAt: iso(-DAY), content: '<p>Late.</p>' });
    await t.app.services.siteConfig.update({ content: { adultContent: true } });
    const url = `${PUBLIC}/series/kept-after-dark/chapters/chapter-1`;
    const gate = `${ADULT_GATE_COOKIE}=1`;
    expect((await answeredAtOnce(url, gate)).response.json().data.canRead).toBe(true);
    expect((await answeredAtOnce(url, gate)).atOnce).toBe(false);
    const refused = await get(url);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('adult_content');
  });
});

describe('large answers', () => {
  it('come compressed for a browser that takes brotli or gzip, the same JSON once unpacked, and plain otherwise', async () => {
    const team = teamService();
    const long = await team.createSeries({ type: 'novel', title: 'A Very Long Saga', isPublished: true });
    for (let number = 1; number <= 80; number += 1) {
      await team.createChapter(long.id, {
        number,
        title: `The road, part ${number}`,
        content: '<p>On.</p>',
        publishedAt: iso(-DAY),
      });
    }
    const url = `${PUBLIC}/series/a-very-long-saga`;
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().data.chapters).toHaveLength(80);
    expect(plain.body.length).toBeGreaterThan(8 * 1024);

    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);

    // Compressed once: the next browser gets the same bytes at once.
    const again = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);

    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);

    // A small answer goes as it is.
    const small = await t.app.inject({ method: 'GET', url: `${PUBLIC}/genres`, headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
