import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, buildUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, loginAs, TEST_ORIGIN, type TestContext } from '../../../../test/helpers';

// Issue 39: what real clients found wrong with the OPDS 1.2 catalogue, read as they read it.
// - A buy link carries `opds:price` and `opds:indirectAcquisition` (OPDS 1.2 §5.3).
// - KOReader offered an "HTM" download of every locked chapter's page.
// - Every atom:id is an absolute IRI (RFC 4287 §4.2.6).

const OPDS = 'http://opds-spec.org/2010/catalog';
const BUY = 'http://opds-spec.org/acquisition/buy';

let t: TestContext;
let comic: { id: string; slug: string; title: string };
let novel: { id: string; slug: string; title: string };
let free: { id: string };
let locked: { id: string };
let lockedText: { id: string };
let reader: { username: string; key: string };

const basic = (who: { username: string; key: string }) => `Basic ${Buffer.from(`${who.username}:${who.key}`).toString('base64')}`;
const get = (url: string, who?: { username: string; key: string }) =>
  t.app.inject({ method: 'GET', url, headers: who ? { authorization: basic(who) } : {} });
const atom = (body: string) => new JSDOM(body, { contentType: 'application/xml' }).window.document;
const entryOf = (body: string, chapterId: string) =>
  [...atom(body).getElementsByTagName('entry')].find(
    (entry) => entry.getElementsByTagName('id')[0]!.textContent === `urn:uuid:${chapterId}`,
  )!;

/**
 * The document types KOReader opens (every `DocumentRegistry:addProvider(extension, mimetype)` of
 * koreader/koreader frontend/document, as of 2026-08): what its OPDS browser offers to download.
 */
const KOREADER_PROVIDERS: [string, string][] = [
  ['azw', 'application/vnd.amazon.mobi8-ebook'],
  ['azw', 'application/x-mobi8-ebook'],
  ['cbr', 'application/vnd.comicbook-rar'],
  ['cbr', 'application/vnd.rar'],
  ['cbt', 'application/vnd.comicbook+tar'],
  ['cbz', 'application/vnd.comicbook+zip'],
  ['cbz', 'application/x-cbz'],
  ['cfb', 'application/octet-stream'],
  ['chm', 'application/vnd.ms-htmlhelp'],
  ['djvu', 'image/vnd.djvu'],
  ['djvu', 'application/djvu'],
  ['doc', 'application/msword'],
  ['epub', 'application/epub+zip'],
  ['epub', 'application/epub'],
  ['fb2', 'application/fb2'],
  ['fb2', 'application/x-fictionbook+xml'],
  ['fb2', 'text/fb2+xml'],
  ['gif', 'image/gif'],
  ['htm', 'text/html'],
  ['html', 'text/html'],
  ['htmlz', 'application/html+zip'],
  ['jpeg', 'image/jpeg'],
  ['jpg', 'image/jpeg'],
  ['md', 'text/plain'],
  ['mobi', 'application/x-mobipocket-ebook'],
  ['pdf', 'application/pdf'],
  ['png', 'image/png'],
  ['rtf', 'application/rtf'],
  ['svg', 'image/svg+xml'],
  ['tar', 'application/x-tar'],
  ['tiff', 'image/tiff'],
  ['txt', 'text/plain'],
  ['webp', 'image/webp'],
  ['xhtml', 'application/xhtml+xml'],
  ['xml', 'application/xml'],
  ['zip', 'application/zip'],
];
const KOREADER_EXTENSIONS = new Set(KOREADER_PROVIDERS.map(([extension]) => extension));
/** `mimetype_ext`: the first extension registered for a type, looked up by the type exactly as written. */
const KOREADER_TYPES = new Map<string, string>();
for (const [extension, type] of KOREADER_PROVIDERS) if (!KOREADER_TYPES.has(type)) KOREADER_TYPES.set(type, extension);

/**
 * What KOReader's OPDS browser offers to download from an entry, in order (plugins/opds.koplugin/
 * opdsbrowser.lua): `genItemTableFromCatalog` takes as an acquisition every link whose rel starts
 * with http://opds-spec.org/acquisition (borrow aside), the page stream, and any other link but
 * `alternate` of a type it opens; `getFiletype` names each by its href's suffix (after the last
 * dot) when it opens that, else by its type; one without a file type is no download. Its sync
 * (`fillPendingSyncs`) downloads the first of them.
 */
function koreaderDownloads(entry: ReturnType<typeof entryOf>, base: string) {
  const downloads: { href: string; filetype: string }[] = [];
  for (const link of entry.getElementsByTagName('link')) {
    const rel = link.getAttribute('rel') ?? '';
    const type = link.getAttribute('type') ?? '';
    const href = new URL(link.getAttribute('href')!, base).href;
    const isAcquisition = rel !== 'http://opds-spec.org/acquisition/borrow' && rel.startsWith('http://opds-spec.org/acquisition');
    const isThumbnailOrImage = rel.startsWith('http://opds-spec.org/image');
    const isStream = rel === 'http://vaemendis.net/opds-pse/stream';
    const other = !isAcquisition && !isStream && !isThumbnailOrImage && rel !== 'alternate' && KOREADER_TYPES.has(type);
    if (!isAcquisition && !other) continue;
    const suffix = href.includes('.') ? href.slice(href.lastIndexOf('.') + 1).toLowerCase() : '';
    const filetype = KOREADER_EXTENSIONS.has(suffix) ? suffix : KOREADER_TYPES.get(type);
    if (filetype) downloads.push({ href, filetype });
  }
  return downloads;
}

beforeAll(async () => {
  t = await createTestApp();
  comic = await buildSeries(t, { title: 'Client Lanterns' });
  novel = await buildSeries(t, { type: 'novel', title: 'Client Letters' });
  free = await buildChapter(t, comic.id, { number: 1, pages: 2 });
  locked = await buildChapter(t, comic.id, { number: 2, price: 30, pages: 2 });
  await buildChapter(t, novel.id, { number: 1, content: '<p>Open.</p>' });
  lockedText = await buildChapter(t, novel.id, { number: 2, price: 20, content: '<p>Shut.</p>' });
  const user = await buildUser(t.db);
  const cookie = await loginAs(t.app, user);
  const made = await callEndpoint(t, 'deviceKeyCreate', { cookie, body: { name: 'KOReader' } });
  reader = { username: user.username, key: made.body.data.key as string };
  for (const seriesId of [comic.id, novel.id]) await callEndpoint(t, 'bookmarkAdd', { cookie, params: { seriesId } });
  await get(`/opds/v1.2/chapters/${free.id}/pages/0`, reader);
});
afterAll(async () => {
  await t?.close();
});

describe('OPDS 1.2 as real clients read it (issue 39)', () => {
  it('prices a locked chapter in opds:price (coins as XXX) and says what the buyer finally gets', async () => {
    for (const [series, chapter, price, type] of [
      [comic, locked, '30', 'application/vnd.comicbook+zip'],
      [novel, lockedText, '20', 'application/epub+zip'],
    ] as const) {
      const entry = entryOf((await get(`/opds/v1.2/series/${series.slug}`)).body, chapter.id);
      const buy = [...entry.getElementsByTagName('link')].find((link) => link.getAttribute('rel') === BUY)!;
      expect(buy.getAttribute('href')).toBe(`${TEST_ORIGIN}/SeriesView/${series.slug}/chapter-2`);
      const prices = buy.getElementsByTagNameNS(OPDS, 'price');
      expect(prices).toHaveLength(1);
      expect(prices[0]!.getAttribute('currencycode')).toBe('XXX');
      expect(prices[0]!.textContent).toBe(price);
      const indirect = buy.getElementsByTagNameNS(OPDS, 'indirectAcquisition');
      expect([...indirect].map((element) => element.getAttribute('type'))).toEqual([type]);
      // The type of what the link leads to: the site's page.
      expect(buy.getAttribute('type')!.split(';')[0]).toBe('text/html');
      expect(entry.getElementsByTagNameNS('urn:inkwell:feeds:1', 'price')[0]!.textContent).toBe(price);
    }
  });

  it('leaves KOReader nothing to download from a locked chapter, and the file first from a readable one', async () => {
    for (const who of [undefined, reader]) {
      const feedUrl = `${TEST_ORIGIN}/opds/v1.2/series/${comic.slug}`;
      const body = (await get(`/opds/v1.2/series/${comic.slug}`, who)).body;
      expect(koreaderDownloads(entryOf(body, locked.id), feedUrl)).toEqual([]);
      // The CBZ first: KOReader's sync takes an entry's first download, and the page stream is no file.
      expect(koreaderDownloads(entryOf(body, free.id), feedUrl)[0]).toEqual({
        href: `${TEST_ORIGIN}/download/chapters/${free.id}.cbz`,
        filetype: 'cbz',
      });
      const novelBody = (await get(`/opds/v1.2/series/${novel.slug}`, who)).body;
      expect(koreaderDownloads(entryOf(novelBody, lockedText.id), feedUrl)).toEqual([]);
    }
    // The new chapters: each entry's one download is its file.
    const news = atom((await get('/opds/v1.2/me/new', reader)).body);
    const downloads = [...news.getElementsByTagName('entry')].map((entry) =>
      koreaderDownloads(entry, `${TEST_ORIGIN}/opds/v1.2/me/new`).map((download) => download.filetype),
    );
    // (Both opened at the same moment: their order is the ids'.)
    expect(downloads.map((types) => types.join()).sort()).toEqual(['cbz', 'epub']);
  });

  it('gives every feed and entry an absolute atom:id, in every feed the catalogue serves', async () => {
    const feeds = [
      '/opds/v1.2/catalog',
      '/opds/v1.2/latest',
      '/opds/v1.2/comics',
      '/opds/v1.2/novels',
      '/opds/v1.2/premium',
      '/opds/v1.2/search?q=Client',
      `/opds/v1.2/series/${comic.slug}`,
      `/opds/v1.2/series/${novel.slug}`,
      '/opds/v1.2/bookmarks',
      '/opds/v1.2/continue',
      '/opds/v1.2/me/new',
    ];
    for (const url of feeds) {
      for (const who of url.includes('/me/') || url.endsWith('bookmarks') || url.endsWith('continue')
        ? [reader]
        : [undefined, reader]) {
        const answer = await get(url, who);
        expect(answer.statusCode, url).toBe(200);
        const document = atom(answer.body);
        const ids = [...document.getElementsByTagName('id')].map((id) => id.textContent ?? '');
        expect(ids.length, url).toBeGreaterThan(1);
        for (const id of ids) {
          // An absolute IRI has a scheme: no base needed to read it.
          expect(() => new URL(id), `${url}: ${id}`).not.toThrow();
          expect(id, url).toMatch(/^(https?:\/\/|urn:)/);
        }
        expect(new Set(ids).size, url).toBe(ids.length);
      }
    }
  });
});
