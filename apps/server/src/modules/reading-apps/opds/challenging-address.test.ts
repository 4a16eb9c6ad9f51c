import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, buildUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, loginAs, type TestContext } from '../../../../test/helpers';
import { seedDemoStore } from '../../../demo/seed-store';
import { keepChallenging, plainAddress } from './challenging-address';

// Issue 39: apps whose HTTP library sends a password only after a 401 challenge get catalogue
// addresses that always challenge, and that keep them (every link) on the challenging addresses.

let t: TestContext;
let comic: { id: string; slug: string };
let free: { id: string };
let bought: { id: string };
let locked: { id: string };
let reader: Awaited<ReturnType<typeof readerWithKey>>;

async function readerWithKey() {
  const user = await buildUser(t.db);
  const cookie = await loginAs(t.app, user);
  const made = (await callEndpoint(t, 'deviceKeyCreate', { cookie, body: { name: 'Panels' } })).body.data;
  return { username: user.username, cookie, key: made.key as string };
}

type Reader = { username: string; key: string };
const basic = (who: Reader) => `Basic ${Buffer.from(`${who.username}:${who.key}`).toString('base64')}`;
const get = (url: string, who?: Reader) =>
  t.app.inject({ method: 'GET', url, headers: who ? { authorization: basic(who) } : {} });
const atom = (body: string) => new JSDOM(body, { contentType: 'application/xml' }).window.document;
/** Every link an Atom feed or OpenSearch document gives to follow. */
const xmlLinks = (body: string) => {
  const doc = atom(body);
  return [
    ...[...doc.getElementsByTagName('link')].map((link) => link.getAttribute('href')),
    ...[...doc.getElementsByTagName('Url')].map((url) => url.getAttribute('template')),
  ].filter((link): link is string => link !== null);
};
/** Every link (href) anywhere in an OPDS 2 or Readium document. */
const jsonLinks = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap(jsonLinks)
    : value && typeof value === 'object'
      ? Object.entries(value).flatMap(([key, inner]) =>
          key === 'href' && typeof inner === 'string' ? [inner] : jsonLinks(inner),
        )
      : [];
/** The links to this server's reading-app routes (not the site's pages or covers), as paths. */
const ours = (links: string[]) =>
  links.map((link) => link.replace(/^https?:\/\/[^/]+/, '')).filter((path) => /^\/(opds|download)\//.test(path));

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoStore(t.db);
  comic = await buildSeries(t, { title: 'Challenged Lanterns' });
  free = await buildChapter(t, comic.id, { number: 1, pages: 2 });
  bought = await buildChapter(t, comic.id, { number: 2, price: 30, pages: 2 });
  locked = await buildChapter(t, comic.id, { number: 3, price: 30, pages: 2 });
  reader = await readerWithKey();
  const packages = (await callEndpoint(t, 'coinPackages')).body.data.items as { id: string }[];
  const started = await callEndpoint(t, 'checkout', {
    cookie: reader.cookie,
    body: { kind: 'coins', packageId: packages[0]!.id },
  });
  await callEndpoint(t, 'testCheckoutComplete', { cookie: reader.cookie, params: { purchaseId: started.body.data.purchaseId } });
  const unlocked = await callEndpoint(t, 'unlockChapter', { cookie: reader.cookie, params: { chapterId: bought.id } });
  expect(unlocked.status).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('the challenging addresses', () => {
  it('stand for the plain routes, the files the downloads’; other addresses stay as they are', () => {
    expect(plainAddress('/opds/v1.2/auth/catalog')).toBe('/opds/v1.2/catalog');
    expect(plainAddress('/opds/v1.2/auth/')).toBe('/opds/v1.2/catalog');
    expect(plainAddress('/opds/v1.2/auth/search?q=lantern&page=2')).toBe('/opds/v1.2/search?q=lantern&page=2');
    expect(plainAddress('/opds/v2/auth/download/chapters/x.cbz?lang=es')).toBe('/download/chapters/x.cbz?lang=es');
    expect(plainAddress('/opds/v2/auth')).toBe('/opds/v2/auth');
    expect(plainAddress('/opds/v1.2/catalog')).toBe('/opds/v1.2/catalog');
    expect(plainAddress('/opds/v1.2/auth/download/../../api/x')).toBe('/opds/v1.2/auth/download/../../api/x');
    expect(plainAddress('/api/opds/v1.2/auth/catalog')).toBe('/api/opds/v1.2/auth/catalog');
  });

  it('move a document’s links under them, and nothing else', () => {
    const xml =
      `<feed><id>https://inkwell.test/opds/v1.2/catalog</id><link rel="start" href="/opds/v1.2/catalog"/>` +
      `<link href="https://inkwell.test/opds/v1.2/search.xml"/><link href="/download/chapters/a.cbz"/>` +
      `<link href="https://inkwell.test/SeriesView/a"/><link href="https://elsewhere.test/opds/v1.2/x"/>` +
      `<link href="/opds/v1.2/auth/catalog"/></feed>`;
    expect(keepChallenging(xml, '/opds/v1.2', 'https://inkwell.test', 'xml')).toBe(
      `<feed><id>https://inkwell.test/opds/v1.2/catalog</id><link rel="start" href="/opds/v1.2/auth/catalog"/>` +
        `<link href="https://inkwell.test/opds/v1.2/auth/search.xml"/><link href="/opds/v1.2/auth/download/chapters/a.cbz"/>` +
        `<link href="https://inkwell.test/SeriesView/a"/><link href="https://elsewhere.test/opds/v1.2/x"/>` +
        `<link href="/opds/v1.2/auth/catalog"/></feed>`,
    );
    const json = JSON.stringify({
      links: [{ href: '/opds/v2/catalog' }, { href: '/opds/v2/auth' }, { href: '/download/chapters/a.cbz' }],
      references: ['/opds/v2/chapters/a/pages/3'],
      identifier: 'urn:uuid:a',
    });
    expect(JSON.parse(keepChallenging(json, '/opds/v2', 'https://inkwell.test', 'json'))).toEqual({
      links: [{ href: '/opds/v2/auth/catalog' }, { href: '/opds/v2/auth' }, { href: '/opds/v2/auth/download/chapters/a.cbz' }],
      references: ['/opds/v2/auth/chapters/a/pages/3'],
      identifier: 'urn:uuid:a',
    });
  });
});

describe('OPDS 1.2 at /opds/v1.2/auth (issue 39)', () => {
  it('challenges a request without credentials, and one with a wrong key, where the plain catalogue answers a visitor', async () => {
    expect((await get('/opds/v1.2/catalog')).statusCode).toBe(200);
    for (const url of [
      '/opds/v1.2/auth/catalog',
      '/opds/v1.2/auth/search.xml',
      `/opds/v1.2/auth/series/${comic.slug}`,
      `/opds/v1.2/auth/chapters/${free.id}/pages/0`,
      `/opds/v1.2/auth/download/chapters/${free.id}.cbz`,
    ]) {
      for (const who of [undefined, { username: reader.username, key: `${reader.key}x` }]) {
        const answer = await get(url, who);
        expect(answer.statusCode, url).toBe(401);
        expect(answer.headers['www-authenticate'], url).toMatch(/^Basic realm="Inkwell"/);
      }
    }
  });

  it('answers the key’s reader their own catalogue, every link of it on the challenging address', async () => {
    const catalog = await get('/opds/v1.2/auth/catalog', reader);
    expect(catalog.statusCode).toBe(200);
    expect(catalog.headers['content-type']).toContain('kind=navigation');
    // Signed in: the reader's own shelves are listed, as at the plain address with a key.
    const plain = await get('/opds/v1.2/catalog', reader);
    expect(atom(catalog.body).getElementsByTagName('entry')).toHaveLength(atom(plain.body).getElementsByTagName('entry').length);
    expect(atom(plain.body).getElementsByTagName('entry').length).toBeGreaterThan(
      atom((await get('/opds/v1.2/catalog')).body).getElementsByTagName('entry').length,
    );
    const links = ours(xmlLinks(catalog.body));
    expect(links.length).toBeGreaterThan(3);
    for (const link of links) expect(link).toMatch(/^\/opds\/v1\.2\/auth\//);
    // Every link of the catalogue answers, with the key.
    for (const link of links) expect((await get(link, reader)).statusCode, link).toBe(200);

    const search = await get('/opds/v1.2/auth/search.xml', reader);
    expect(ours(xmlLinks(search.body))).toEqual(['/opds/v1.2/auth/search?q={searchTerms}']);
  });

  it('opens what the reader unlocked and keeps locked what they did not, its files and pages on the challenging address', async () => {
    const feed = await get(`/opds/v1.2/auth/series/${comic.slug}`, reader);
    expect(feed.statusCode).toBe(200);
    const entries = [...atom(feed.body).getElementsByTagName('entry')];
    const linksOf = (chapterId: string) => {
      const entry = entries.find((one) => one.getElementsByTagName('id')[0]!.textContent === `urn:uuid:${chapterId}`)!;
      return [...entry.getElementsByTagName('link')].map((link) => [link.getAttribute('rel'), link.getAttribute('href')]);
    };
    const acquisition = (chapterId: string) =>
      linksOf(chapterId).find(([rel]) => rel === 'http://opds-spec.org/acquisition')?.[1] ?? null;
    expect(acquisition(bought.id)).toBe(`/opds/v1.2/auth/download/chapters/${bought.id}.cbz`);
    expect(acquisition(locked.id)).toBeNull();
    expect(linksOf(locked.id).some(([rel]) => rel === 'http://opds-spec.org/acquisition/buy')).toBe(true);
    for (const link of ours(xmlLinks(feed.body))) expect(link).toMatch(/^\/opds\/v1\.2\/auth\//);

    const file = await get(`/opds/v1.2/auth/download/chapters/${bought.id}.cbz`, reader);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.comicbook+zip');
    expect(file.headers['x-koreader-document']).toMatch(/^[0-9a-f]{32}$/);
    const stream = linksOf(bought.id).find(([rel]) => rel === 'http://vaemendis.net/opds-pse/stream')![1]!;
    expect(stream).toMatch(new RegExp(`^/opds/v1\\.2/auth/chapters/${bought.id}/pages/\\{pageNumber\\}`));
    const page = await get(stream.replace('{pageNumber}', '0').replace('{maxWidth}', '60'), reader);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^image\//);
    expect((await get(`/opds/v1.2/auth/download/chapters/${locked.id}.cbz`, reader)).statusCode).toBe(402);
  });
});

describe('OPDS 2 at /opds/v2/auth (issue 39)', () => {
  it('challenges without credentials or with a wrong key, with the Authentication for OPDS document', async () => {
    expect((await get('/opds/v2/catalog')).statusCode).toBe(200);
    for (const who of [undefined, { username: reader.username, key: `${reader.key}x` }]) {
      const answer = await get('/opds/v2/auth/catalog', who);
      expect(answer.statusCode).toBe(401);
      expect(answer.headers['www-authenticate']).toMatch(/^Basic realm="Inkwell"/);
      expect(answer.headers['content-type']).toBe('application/opds-authentication+json');
    }
    // The document itself stays where it was.
    expect((await get('/opds/v2/auth')).statusCode).toBe(200);
  });

  it('answers the reader’s own feeds, manifests and progressions, their links on the challenging address', async () => {
    const catalog = await get('/opds/v2/auth/catalog', reader);
    expect(catalog.statusCode).toBe(200);
    expect(catalog.headers['content-type']).toBe('application/opds+json');
    const links = ours(jsonLinks(catalog.json())).filter((link) => link !== '/opds/v2/auth');
    expect(links.length).toBeGreaterThan(3);
    for (const link of links) expect(link).toMatch(/^\/opds\/v2\/auth\//);
    expect(links).toContain('/opds/v2/auth/shelf');

    const feed = (await get(`/opds/v2/auth/series/${comic.slug}`, reader)).json();
    const publication = (chapterId: string) =>
      feed.publications.find((one: { metadata: { identifier: string } }) => one.metadata.identifier === `urn:uuid:${chapterId}`);
    const hrefs = (chapterId: string) => jsonLinks(publication(chapterId).links);
    expect(hrefs(bought.id)).toContain(`/opds/v2/auth/download/chapters/${bought.id}.cbz`);
    expect(hrefs(locked.id)).not.toContain(`/opds/v2/auth/download/chapters/${locked.id}.cbz`);
    for (const link of ours(jsonLinks(feed)).filter((one) => one !== '/opds/v2/auth'))
      expect(link).toMatch(/^\/opds\/v2\/auth\//);

    const manifest = await get(`/opds/v2/auth/chapters/${bought.id}/manifest.json`, reader);
    expect(manifest.statusCode).toBe(200);
    const pages = jsonLinks(manifest.json().readingOrder);
    expect(pages[0]).toBe(`/opds/v2/auth/chapters/${bought.id}/pages/0`);
    expect((await get(pages[0]!, reader)).statusCode).toBe(200);

    const url = `/opds/v2/auth/chapters/${bought.id}/progression`;
    const body = { modified: t.clock.now().toISOString(), device: { id: 'urn:uuid:panels', name: 'Panels' }, progression: 0.5 };
    const put = (who?: Reader) =>
      t.app.inject({
        method: 'PUT',
        url,
        headers: { 'content-type': 'application/opds-progression+json', ...(who ? { authorization: basic(who) } : {}) },
        payload: JSON.stringify(body),
      });
    expect((await put()).statusCode).toBe(401);
    const saved = await put(reader);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().references).toEqual([`/opds/v2/auth/chapters/${bought.id}/pages/0`]);
  });
});
