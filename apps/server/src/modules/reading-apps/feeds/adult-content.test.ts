import { ADULT_GATE_COOKIE } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, buildUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, loginAs, type TestContext } from '../../../../test/helpers';

// Issue 36 §4 (decision 0041): search engines, feed readers and reading apps never see a series
// marked Adult, but a reading app whose key's reader opted in does (while the site carries them).

let t: TestContext;
let adult: { id: string; slug: string };
let adultChapterId: string;
let tameSlug: string;
type Key = { username: string; key: string };
let plainKey: Key;
let optedKey: Key;

async function readerWithKey(optIn: boolean): Promise<Key> {
  const user = await buildUser(t.db);
  const cookie = await loginAs(t.app, user);
  if (optIn) await callEndpoint(t, 'preferencesUpdate', { cookie, body: { showAdult: true } });
  const made = await callEndpoint(t, 'deviceKeyCreate', { cookie, body: { name: 'Panels' } });
  return { username: user.username, key: made.body.data.key as string };
}

const basic = ({ username, key }: Key) => `Basic ${Buffer.from(`${username}:${key}`).toString('base64')}`;
const get = (url: string, who?: Key, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...(who ? { authorization: basic(who) } : {}), ...(cookie ? { cookie } : {}) },
  });

beforeAll(async () => {
  t = await createTestApp();
  const series = await buildSeries(t, { type: 'novel', title: 'Scarlet Lanterns', isAdult: true });
  adult = { id: series.id, slug: series.slug };
  adultChapterId = (await buildChapter(t, series.id, { number: 1, content: '<p>After dark.</p>' })).id;
  const tame = await buildSeries(t, { type: 'novel', title: 'Scarlet Mornings' });
  tameSlug = tame.slug;
  await buildChapter(t, tame.id, { number: 1, content: '<p>At dawn.</p>' });
  plainKey = await readerWithKey(false);
  optedKey = await readerWithKey(true);
});
afterAll(async () => {
  await t?.close();
});

/** Every address a reading app may list series at, OPDS 1.2 and 2 (lists, search, the root's group). */
const CATALOGUES = [
  '/opds/v1.2/latest',
  '/opds/v1.2/novels',
  '/opds/v1.2/search?q=scarlet',
  '/opds/v2/catalog',
  '/opds/v2/latest',
  '/opds/v2/novels',
  '/opds/v2/search?query=scarlet',
];

describe('series marked Adult outside the site’s pages (issue 36 §4)', () => {
  it('are in no sitemap and no feed, even for a visitor who said yes at a gate', async () => {
    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).toContain(tameSlug);
    expect(sitemap).not.toContain(adult.slug);
    for (const feed of ['/feeds/latest.rss', '/feeds/latest.atom', '/feeds/latest.json']) {
      const body = (await get(feed, undefined, `${ADULT_GATE_COOKIE}=1`)).body;
      expect(body).toContain('Scarlet Mornings');
      expect(body).not.toContain('Scarlet Lanterns');
    }
    expect((await get(`/feeds/series/${adult.slug}.rss`)).statusCode).toBe(404);
    expect((await get(`/feeds/series/${tameSlug}.rss`)).statusCode).toBe(200);
  });

  it('are in no OPDS catalogue for a visitor or a key whose reader has not opted in, and their feeds and files are shut', async () => {
    for (const who of [undefined, plainKey]) {
      for (const url of CATALOGUES) {
        const answer = await get(url, who);
        expect(answer.statusCode, url).toBe(200);
        expect(answer.body, url).not.toContain(adult.slug);
      }
      expect((await get(`/opds/v1.2/series/${adult.slug}`, who)).statusCode).toBe(403);
      expect((await get(`/opds/v2/series/${adult.slug}`, who)).statusCode).toBe(403);
      expect((await get(`/opds/v2/publications/${adultChapterId}`, who)).statusCode).toBe(403);
      expect((await get(`/download/chapters/${adultChapterId}.epub`, who)).statusCode).toBe(403);
    }
  });

  it('are in every OPDS catalogue, with their feeds and files, for a key whose reader opted in', async () => {
    // The visitor's lists were kept first (above): the key's reader is not handed them.
    for (const url of CATALOGUES) {
      const answer = await get(url, optedKey);
      expect(answer.body, url).toContain(adult.slug);
    }
    expect((await get(`/opds/v1.2/series/${adult.slug}`, optedKey)).statusCode).toBe(200);
    expect((await get(`/opds/v2/series/${adult.slug}`, optedKey)).statusCode).toBe(200);
    expect((await get(`/download/chapters/${adultChapterId}.epub`, optedKey)).statusCode).toBe(200);
  });

  it('leave the reading apps of readers who opted in too while the site carries no adult content', async () => {
    await t.app.services.siteConfig.update({ content: { adultContent: false } });
    try {
      for (const url of CATALOGUES) expect((await get(url, optedKey)).body, url).not.toContain(adult.slug);
      expect((await get(`/opds/v2/series/${adult.slug}`, optedKey)).statusCode).toBe(404);
    } finally {
      await t.app.services.siteConfig.update({ content: { adultContent: true } });
    }
  });
});
