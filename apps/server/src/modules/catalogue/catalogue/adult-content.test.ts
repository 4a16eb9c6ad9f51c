import { ADULT_GATE_COOKIE, seriesPatchSchema } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, buildUser, signedInUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, loginAs, type TestContext } from '../../../../test/helpers';

// Issue 36 §4 (decision 0041): a series marked Adult is left out of home, lists and search for
// visitors and readers who have not opted in; its pages answer the gate (adult_content); an opted-in
// reader sees it; the admin's setting takes it from everyone but the team.

const INDEX = `<!doctype html><html><head><meta charset="UTF-8" /><meta name="description" content="Inkwell" /><title>Inkwell</title></head><body><div id="root"></div></body></html>`;
let t: TestContext;
let adultSlug: string;
let adultChapter: string;
let tameSlug: string;
let tameId: string;
let reader: string;
let optedIn: string;
let editor: string;
const ADULT_VISITOR = `${ADULT_GATE_COOKIE}=1`;

beforeAll(async () => {
  t = await createTestApp({ indexHtml: INDEX });
  const adult = await buildSeries(t, { type: 'novel', title: 'Velvet Midnight', isAdult: true, description: 'Not for kids.' });
  adultSlug = adult.slug;
  adultChapter = (await buildChapter(t, adult.id, { number: 1, content: '<p>After dark.</p>' })).slug;
  const tame = await buildSeries(t, { type: 'novel', title: 'Velvet Noon' });
  tameSlug = tame.slug;
  tameId = tame.id;
  await buildChapter(t, tame.id, { number: 1, content: '<p>At noon.</p>' });
  reader = (await signedInUser(t)).cookie;
  optedIn = (await signedInUser(t)).cookie;
  const saved = await callEndpoint(t, 'preferencesUpdate', { cookie: optedIn, body: { showAdult: true } });
  expect(saved.status).toBe(200);
  expect(saved.body.data.showAdult).toBe(true);
  editor = await loginAs(t.app, await buildUser(t.db, { role: 'editor' }));
});
afterAll(async () => {
  await t?.close();
});

const setSite = async (adultContent: boolean) => {
  await t.app.services.siteConfig.update({ content: { adultContent } });
};

/** The slugs of every series a viewer is shown on home, a list, a filtered list and a search. */
async function shownTo(cookie?: string) {
  const home = (await callEndpoint(t, 'home', { cookie })).body.data;
  const list = (await callEndpoint(t, 'seriesList', { cookie })).body.data.items;
  const novels = (await callEndpoint(t, 'seriesList', { cookie, query: '?type=novel&sort=title' })).body.data.items;
  const search = (await callEndpoint(t, 'searchSeries', { cookie, query: '?q=velvet' })).body.data.results;
  const slugs = (items: { slug: string }[]) => items.map((item) => item.slug);
  return {
    home: [...home.latest, ...home.trending, ...home.newest, ...home.premium].map((card: { slug: string }) => card.slug),
    list: slugs(list),
    novels: slugs(novels),
    search: slugs(search),
  };
}

const pageStatus = async (cookie?: string) => ({
  series: (await callEndpoint(t, 'series', { cookie, params: { slug: adultSlug } })).status,
  chapter: (await callEndpoint(t, 'chapter', { cookie, params: { slug: adultSlug, chapterSlug: adultChapter } })).status,
  chapters: (await callEndpoint(t, 'seriesChapters', { cookie, params: { slug: adultSlug } })).status,
});

describe('series marked Adult (issue 36 §4)', () => {
  it('are left out of home, lists and search for a visitor and a reader who has not opted in', async () => {
    for (const cookie of [undefined, reader, ADULT_VISITOR]) {
      const shown = await shownTo(cookie);
      for (const where of Object.values(shown)) expect(where).not.toContain(adultSlug);
      expect(shown.search).toContain(tameSlug);
      expect(shown.novels).toContain(tameSlug);
    }
  });

  it('answer the gate on their pages, to a visitor and to a reader who has not opted in, with nothing of the chapter', async () => {
    for (const cookie of [undefined, reader]) {
      expect(await pageStatus(cookie)).toEqual({ series: 403, chapter: 403, chapters: 403 });
      const chapter = await callEndpoint(t, 'chapter', { cookie, params: { slug: adultSlug, chapterSlug: adultChapter } });
      expect(chapter.body.error.code).toBe('adult_content');
      expect(JSON.stringify(chapter.body)).not.toContain('After dark');
    }
    // A series not marked Adult opens as ever.
    expect((await callEndpoint(t, 'series', { params: { slug: tameSlug } })).status).toBe(200);
  });

  it('open to a visitor who said at the gate they are 18 (the session cookie), after a visitor without it was answered', async () => {
    expect((await callEndpoint(t, 'series', { params: { slug: adultSlug } })).status).toBe(403);
    expect(await pageStatus(ADULT_VISITOR)).toEqual({ series: 200, chapter: 200, chapters: 200 });
    const chapter = await callEndpoint(t, 'chapter', {
      cookie: ADULT_VISITOR,
      params: { slug: adultSlug, chapterSlug: adultChapter },
    });
    expect(chapter.body.data.content).toContain('After dark');
    // …and a visitor without it, after the answer was kept, still meets the gate.
    expect(await pageStatus()).toEqual({ series: 403, chapter: 403, chapters: 403 });
    // A signed-in reader's word is their preference, not the cookie.
    expect(await pageStatus(`${reader}; ${ADULT_VISITOR}`)).toEqual({ series: 403, chapter: 403, chapters: 403 });
  });

  it('are shown to a reader who opted in: lists with the flag on their cards, search, and their pages', async () => {
    // A visitor's lists are kept first: the reader must not be handed them.
    await shownTo();
    const shown = await shownTo(optedIn);
    for (const where of Object.values(shown)) expect(where).toContain(adultSlug);
    const list = await callEndpoint(t, 'seriesList', { cookie: optedIn });
    expect(list.headers['cache-control']).toBe('private, no-cache');
    expect(list.body.data.items.find((card: { slug: string }) => card.slug === adultSlug).isAdult).toBe(true);
    expect((await callEndpoint(t, 'seriesList')).headers['cache-control']).toBe('public, max-age=10');
    expect(await pageStatus(optedIn)).toEqual({ series: 200, chapter: 200, chapters: 200 });
    const detail = await callEndpoint(t, 'series', { cookie: optedIn, params: { slug: adultSlug } });
    expect(detail.body.data.isAdult).toBe(true);
    // The session and the profile carry the opt-in; a visitor's lists after the reader's still have none.
    expect((await callEndpoint(t, 'verify', { cookie: optedIn })).body.user.showAdult).toBe(true);
    expect((await callEndpoint(t, 'profile', { cookie: optedIn })).body.data.showAdult).toBe(true);
    expect((await shownTo()).list).not.toContain(adultSlug);
  });

  it('are taken from the lists at once when a reader opts out', async () => {
    const { cookie } = await signedInUser(t);
    await callEndpoint(t, 'preferencesUpdate', { cookie, body: { showAdult: true } });
    expect((await shownTo(cookie)).list).toContain(adultSlug);
    const off = await callEndpoint(t, 'preferencesUpdate', { cookie, body: { showAdult: false } });
    expect(off.body.data.showAdult).toBe(false);
    expect((await shownTo(cookie)).list).not.toContain(adultSlug);
    expect((await pageStatus(cookie)).series).toBe(403);
    expect((await callEndpoint(t, 'preferencesUpdate', { cookie, body: { showAdult: 'yes' } })).status).toBe(400);
  });

  it('leave a visitor’s kept lists at once when the team marks a series Adult, and come back when it is unmarked', async () => {
    const mark = (isAdult: boolean) => t.app.services.series.updateSeries(tameId, seriesPatchSchema.parse({ isAdult }));
    expect((await shownTo()).list).toContain(tameSlug);
    await mark(true);
    const after = await shownTo();
    expect(after.list).not.toContain(tameSlug);
    expect(after.search).not.toContain(tameSlug);
    expect((await callEndpoint(t, 'series', { params: { slug: tameSlug } })).status).toBe(403);
    expect((await shownTo(optedIn)).list).toContain(tameSlug);
    await mark(false);
    expect((await shownTo()).list).toContain(tameSlug);
  });

  it('give a crawler the gate in the page’s head, not indexed and naming nothing of the series', async () => {
    const head = /<head>(.*)<\/head>/s.exec((await t.app.inject({ method: 'GET', url: `/SeriesView/${adultSlug}` })).body)![1]!;
    expect(head).toContain('<meta name="robots" content="noindex" />');
    expect(head).toContain('This series is for adults');
    expect(head).not.toContain('Velvet Midnight');
    expect(head).not.toContain('Not for kids');
    const tame = (await t.app.inject({ method: 'GET', url: `/SeriesView/${tameSlug}` })).body;
    expect(tame).not.toContain('noindex');
  });

  it('are shown to nobody but the team when the site carries no adult content, and back when it does', async () => {
    await setSite(false);
    try {
      for (const cookie of [undefined, reader, optedIn]) {
        const shown = await shownTo(cookie);
        for (const where of Object.values(shown)) expect(where).not.toContain(adultSlug);
      }
      for (const cookie of [undefined, reader, optedIn, ADULT_VISITOR]) {
        expect((await callEndpoint(t, 'series', { cookie, params: { slug: adultSlug } })).status).toBe(404);
      }
      expect((await t.app.inject({ method: 'GET', url: `/SeriesView/${adultSlug}` })).statusCode).toBe(404);
      // The team: its dashboard lists it, and its page opens to them.
      const team = await callEndpoint(t, 'teamSeriesList', { cookie: editor, query: '?q=velvet' });
      expect(team.body.data.items.map((row: { slug: string }) => row.slug)).toContain(adultSlug);
      expect((await callEndpoint(t, 'series', { cookie: editor, params: { slug: adultSlug } })).status).toBe(200);
    } finally {
      await setSite(true);
    }
    expect((await shownTo(optedIn)).list).toContain(adultSlug);
  });
});
