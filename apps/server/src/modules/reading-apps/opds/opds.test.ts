import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, buildUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, loginAs, TEST_ORIGIN, type TestContext } from '../../../../test/helpers';
import { seedDemoStore } from '../../../demo/seed-store';
import { PSE_NAMESPACE } from './opds.service';
import { pagesOfChapter } from '../../catalogue/chapters';
import { appImagesPrefix } from '../../platform/media';

let t: TestContext;
let comic: { id: string; slug: string; title: string };
let novel: { id: string; slug: string; title: string };
let free: { id: string };
let locked: { id: string };
let reader: { username: string; password: string; cookie: string; key: string };

/** A reader with a device key of their own. */
async function readerWithKey() {
  const user = await buildUser(t.db);
  const cookie = await loginAs(t.app, user);
  const made = await callEndpoint(t, 'deviceKeyCreate', { cookie, body: { name: 'Panels' } });
  return { username: user.username, password: user.password, cookie, key: made.body.data.key as string };
}

const basic = (username: string, secret: string) => `Basic ${Buffer.from(`${username}:${secret}`).toString('base64')}`;
const get = (url: string, who?: { username: string; key: string }) =>
  t.app.inject({ method: 'GET', url, headers: who ? { authorization: basic(who.username, who.key) } : {} });
const atom = (body: string) => new JSDOM(body, { contentType: 'application/xml' }).window.document;
const entries = (body: string) => [...atom(body).getElementsByTagName('entry')];
const titleOf = (entry: ReturnType<typeof entries>[number]) => entry.getElementsByTagName('title')[0]!.textContent;
const linkOf = (entry: ReturnType<typeof entries>[number], rel: string) =>
  [...entry.getElementsByTagName('link')].find((link) => link.getAttribute('rel') === rel);

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoStore(t.db);
  comic = await buildSeries(t, { title: 'Opds Lanterns' });
  novel = await buildSeries(t, { type: 'novel', title: 'Opds Letters' });
  free = await buildChapter(t, comic.id, { number: 1, title: 'Harbour', pages: 3 });
  locked = await buildChapter(t, comic.id, { number: 2, price: 30, pages: 2 });
  await buildChapter(t, novel.id, { number: 1, content: '<p>A letter.</p>' });
  reader = await readerWithKey();
});
afterAll(async () => {
  await t?.close();
});

describe('OPDS 1.2 (issue 19 §2)', () => {
  it('opens on a navigation feed of the lists, with search, and a key’s own shelves when signed in', async () => {
    const open = await get('/opds/v1.2/catalog');
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-type']).toBe('application/atom+xml;profile=opds-catalog;kind=navigation;charset=utf-8');
    expect(entries(open.body).map(titleOf)).toEqual(['Latest updates', 'Comics', 'Novels', 'Premium']);
    const search = atom(open.body).querySelector('link[rel="search"]')!;
    expect(search.getAttribute('type')).toBe('application/opensearchdescription+xml');
    expect((await get(search.getAttribute('href')!)).body).toContain('/opds/v1.2/search?q={searchTerms}');

    const signedIn = await get('/opds/v1.2/catalog', reader);
    expect(entries(signedIn.body).map(titleOf)).toEqual([
      'Latest updates',
      'Comics',
      'Novels',
      'Premium',
      'New chapters',
      'My bookmarks',
      'Continue reading',
    ]);
  });

  it('refuses a wrong key, a password and a key of someone else’s with the Basic challenge', async () => {
    const other = await readerWithKey();
    for (const who of [
      { username: reader.username, key: `${reader.key}x` },
      { username: reader.username, key: reader.password },
      { username: other.username, key: reader.key },
    ]) {
      const answer = await get('/opds/v1.2/catalog', who);
      expect(answer.statusCode).toBe(401);
      expect(answer.headers['www-authenticate']).toBe('Basic realm="Inkwell", charset="UTF-8"');
      expect(answer.json().error.code).toBe('unauthorized');
    }
    // The shelves need a key.
    expect((await get('/opds/v1.2/bookmarks')).statusCode).toBe(401);
  });

  it('lists series with their covers and a link to their chapters, and finds them by search', async () => {
    const comics = entries((await get('/opds/v1.2/comics')).body);
    const titles = comics.map(titleOf);
    expect(titles).toContain(comic.title);
    expect(titles).not.toContain(novel.title);
    const entry = comics.find((item) => titleOf(item) === comic.title)!;
    expect(linkOf(entry, 'subsection')!.getAttribute('href')).toBe(`/opds/v1.2/series/${comic.slug}`);
    // The site's own search, best match first.
    expect(entries((await get('/opds/v1.2/search?q=Opds%20Letters')).body).map(titleOf)[0]).toBe(novel.title);
    expect((await get('/opds/v1.2/search?q=ab')).statusCode).toBe(400);
    for (const url of ['/opds/v1.2/nowhere', '/opds/v1.2/series/x/y', '/opds/v3/catalog', '/opds']) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers['content-type'], url).toContain('application/json');
    }
  });

  it("gives a series' chapters with page streaming for those one may read, and a price for the others", async () => {
    const feed = await get(`/opds/v1.2/series/${comic.slug}`);
    expect(feed.headers['content-type']).toBe('application/atom+xml;profile=opds-catalog;kind=acquisition;charset=utf-8');
    const [first, second] = entries(feed.body);
    expect(titleOf(first!)).toBe('Chapter 1: Harbour');
    // Each chapter says its language (issue 35 §2).
    expect(first!.getElementsByTagNameNS('http://purl.org/dc/terms/', 'language')[0]?.textContent).toBe('en');
    const stream = linkOf(first!, 'http://vaemendis.net/opds-pse/stream')!;
    expect(stream.getAttribute('type')).toBe('image/jpeg');
    // The two templates, written literally.
    expect(stream.getAttribute('href')).toBe(`/opds/v1.2/chapters/${free.id}/pages/{pageNumber}?maxWidth={maxWidth}`);
    expect(stream.getAttributeNS(PSE_NAMESPACE, 'count')).toBe('3');
    expect(stream.getAttributeNS(PSE_NAMESPACE, 'lastRead')).toBeNull();

    expect(linkOf(second!, 'http://vaemendis.net/opds-pse/stream')).toBeUndefined();
    expect(linkOf(second!, 'http://opds-spec.org/acquisition/buy')!.getAttribute('href')).toBe(
      `${TEST_ORIGIN}/SeriesView/${comic.slug}/chapter-2`,
    );
    expect(second!.getElementsByTagNameNS('urn:inkwell:feeds:1', 'price')[0]!.textContent).toBe('30');
    expect((await get('/opds/v1.2/series/no-such-series')).statusCode).toBe(404);
  });

  it('streams a page as JPEG, downsized on request, numbered from 0', async () => {
    const page = await get(`/opds/v1.2/chapters/${free.id}/pages/0?maxWidth=60`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(page.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(60);
    // Converted once and kept beside the page: the next app asking gets the same bytes, made no more.
    const [first] = await pagesOfChapter(t.db, free.id);
    const kept = await t.app.services.storage.get(`${appImagesPrefix(first!.imageKey)}w60.jpg`);
    expect(kept).not.toBeNull();
    expect((await get(`/opds/v1.2/chapters/${free.id}/pages/0?maxWidth=60`)).rawPayload.equals(page.rawPayload)).toBe(true);
    // A width between the steps is served at the step below it, never wider than asked.
    expect((await sharp((await get(`/opds/v1.2/chapters/${free.id}/pages/0?maxWidth=99`)).rawPayload).metadata()).width).toBe(99);
    expect((await get(`/opds/v1.2/chapters/${free.id}/pages/3`)).statusCode).toBe(404);
    expect((await get(`/opds/v1.2/chapters/not-a-chapter/pages/0`)).statusCode).toBe(400);
  });

  it('answers 402 and no image byte for a locked page, until the reader unlocks it through the store', async () => {
    for (const who of [undefined, reader]) {
      const answer = await get(`/opds/v1.2/chapters/${locked.id}/pages/0`, who);
      expect(answer.statusCode).toBe(402);
      expect(answer.headers['content-type']).toContain('application/json');
      expect(answer.json().error.code).toBe('chapter_locked');
      expect(answer.rawPayload.includes(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
    }
    // Coins, then the unlock, on the site.
    const packages = (await callEndpoint(t, 'coinPackages')).body.data.items as { id: string }[];
    const started = await callEndpoint(t, 'checkout', {
      cookie: reader.cookie,
      body: { kind: 'coins', packageId: packages[0]!.id },
    });
    await callEndpoint(t, 'testCheckoutComplete', {
      cookie: reader.cookie,
      params: { purchaseId: started.body.data.purchaseId },
    });
    expect((await callEndpoint(t, 'unlockChapter', { cookie: reader.cookie, params: { chapterId: locked.id } })).status).toBe(
      200,
    );

    const answer = await get(`/opds/v1.2/chapters/${locked.id}/pages/0`, reader);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/jpeg');
    const [, second] = entries((await get(`/opds/v1.2/series/${comic.slug}`, reader)).body);
    expect(linkOf(second!, 'http://vaemendis.net/opds-pse/stream')).toBeDefined();
    // Still locked for anyone else.
    expect((await get(`/opds/v1.2/chapters/${locked.id}/pages/0`)).statusCode).toBe(402);
  });

  it("moves the key's reader forward as pages are fetched, never back, and marks the chapter read at its last page", async () => {
    const someone = await readerWithKey();
    await get(`/opds/v1.2/chapters/${free.id}/pages/1`, someone);
    const lastRead = async () => {
      const [first] = entries((await get(`/opds/v1.2/series/${comic.slug}`, someone)).body);
      return linkOf(first!, 'http://vaemendis.net/opds-pse/stream')!.getAttributeNS(PSE_NAMESPACE, 'lastRead');
    };
    // 1-based, as PSE counts.
    expect(await lastRead()).toBe('2');
    await get(`/opds/v1.2/chapters/${free.id}/pages/0`, someone);
    expect(await lastRead()).toBe('2');
    await get(`/opds/v1.2/chapters/${free.id}/pages/2`, someone);
    expect(await lastRead()).toBe('3');
    const progress = await callEndpoint(t, 'seriesProgress', { cookie: someone.cookie, params: { seriesId: comic.id } });
    expect(progress.body.data.chapters[free.id]).toMatchObject({ page: 3, completed: true });
    // The same place on the site: the series page's Continue.
    await callEndpoint(t, 'bookmarkAdd', { cookie: someone.cookie, params: { seriesId: comic.id } });
    const shelf = entries((await get('/opds/v1.2/bookmarks', someone)).body);
    expect(shelf.map(titleOf)).toEqual([comic.title]);
    const continuing = entries((await get('/opds/v1.2/continue', someone)).body);
    expect(continuing.map(titleOf)).toEqual([comic.title]);
  });
});
