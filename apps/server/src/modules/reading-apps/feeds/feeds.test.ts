import { JSDOM } from 'jsdom';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriesPatchSchema } from '@inkwell/contract';
import { chapters } from '../../../db/schema';
import { buildChapter, buildSeries } from '../../../../test/factories';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../test/helpers';
import { FEED_ITEMS, FEED_NAMESPACE } from './feeds.service';

let t: TestContext;
let comic: { id: string; slug: string; title: string };
let novel: { id: string; slug: string; title: string };
const DAY = 86_400_000;
const SECRET = 'The ninth bell rang for the guild alone';

beforeAll(async () => {
  t = await createTestApp();
  comic = await buildSeries(t, { title: 'Feed Lanterns & <Harbours>', author: 'Ana Ruiz', artist: 'Ben Ode' });
  novel = await buildSeries(t, { type: 'novel', title: 'Feed Letters' });
  const ago = (days: number) => new Date(t.clock.now().getTime() - days * DAY).toISOString();
  await buildChapter(t, comic.id, { number: 1, title: 'The keeper', publishedAt: ago(3) });
  await buildChapter(t, comic.id, { number: 2, price: 30, publishedAt: ago(2) });
  await buildChapter(t, comic.id, {
    number: 3,
    price: 40,
    freeAt: new Date(t.clock.now().getTime() + 7 * DAY).toISOString(),
    publishedAt: ago(1),
  });
  // Not out yet, and a draft: never in a feed.
  await buildChapter(t, comic.id, { number: 4, publishedAt: new Date(t.clock.now().getTime() + DAY).toISOString() });
  await buildChapter(t, comic.id, { number: 5, publishedAt: null });
  const paragraphs = (lead: string) =>
    Array.from({ length: 10 }, (_, i) => `<p>${i === 9 ? SECRET : `${lead} paragraph ${i + 1} of the letter.`}</p>`).join('');
  await buildChapter(t, novel.id, { number: 1, content: paragraphs('Open'), publishedAt: ago(5) });
  await buildChapter(t, novel.id, {
    number: 2,
    price: 50,
    previewPercent: 20,
    content: paragraphs('Sealed'),
    publishedAt: ago(4),
  });
  // A series written in Portuguese (issue 35 §2): its chapters' language, not the feed's.
  await t.db.update(chapters).set({ language: 'pt-BR' }).where(eq(chapters.seriesId, novel.id));
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const xmlOf = (body: string) => new JSDOM(body, { contentType: 'application/xml' }).window.document;
/** An element of such a document (the server's types carry no DOM library). */
type XmlElement = ReturnType<ReturnType<typeof xmlOf>['getElementsByTagName']>[number];

describe('feeds (issue 19 §7)', () => {
  it("say each chapter's language as dc:language, beside the feed's own (issue 35 §2)", async () => {
    const DC = 'http://purl.org/dc/elements/1.1/';
    const languagesOf = (entries: XmlElement[]) =>
      entries.map((entry) => entry.getElementsByTagNameNS(DC, 'language')[0]?.textContent);
    const atom = xmlOf((await get(`/feeds/series/${novel.slug}.atom`)).body);
    expect(languagesOf([...atom.getElementsByTagName('entry')])).toEqual(['pt-BR', 'pt-BR']);
    const rss = xmlOf((await get(`/feeds/series/${comic.slug}.rss`)).body);
    expect(rss.getElementsByTagName('language')[0]!.textContent).toBe('en');
    expect(languagesOf([...rss.getElementsByTagName('item')])).toEqual(['en', 'en', 'en']);
    // The site's feed mixes them, each item its own.
    const latest = xmlOf((await get('/feeds/latest.rss')).body);
    const byTitle = new Map(
      [...latest.getElementsByTagName('item')].map((item) => [
        item.getElementsByTagName('title')[0]!.textContent,
        item.getElementsByTagNameNS(DC, 'language')[0]?.textContent,
      ]),
    );
    expect(byTitle.get(`${novel.title} – Chapter 1`)).toBe('pt-BR');
    expect(byTitle.get(`${comic.title} – Chapter 1: The keeper`)).toBe('en');
    const json = (await get(`/feeds/series/${novel.slug}.json`)).json<{ items: { _inkwell: { language: string } }[] }>();
    expect(json.items.map((item) => item._inkwell.language)).toEqual(['pt-BR', 'pt-BR']);
  });

  it("give a series' chapters out, newest first, in JSON Feed 1.1 with the price of those that cost", async () => {
    const response = await get(`/feeds/series/${comic.slug}.json`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/feed+json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const feed = response.json();
    expect(feed).toMatchObject({
      version: 'https://jsonfeed.org/version/1.1',
      title: `${comic.title} on Inkwell`,
      home_page_url: `${TEST_ORIGIN}/SeriesView/${comic.slug}`,
      feed_url: `${TEST_ORIGIN}/feeds/series/${comic.slug}.json`,
    });
    expect(feed.items.map((item: { title: string }) => item.title)).toEqual([
      `${comic.title} – Chapter 3`,
      `${comic.title} – Chapter 2`,
      `${comic.title} – Chapter 1: The keeper`,
    ]);
    const [early, locked, free] = feed.items;
    expect(free.id).toBe(`${TEST_ORIGIN}/SeriesView/${comic.slug}/chapter-1`);
    expect(free.url).toBe(free.id);
    expect(free._inkwell).toEqual({ free: true, price: null, free_at: null, language: 'en' });
    expect(locked._inkwell).toEqual({ free: false, price: 30, free_at: null, language: 'en' });
    expect(early._inkwell).toEqual({ free: false, price: 40, free_at: expect.stringMatching(/^\d{4}-/), language: 'en' });
    expect(free.authors).toEqual([{ name: 'Ana Ruiz' }, { name: 'Ben Ode' }]);
    expect(new Date(free.date_published).getTime()).toBeLessThan(new Date(locked.date_published).getTime());
    expect(locked.content_html).toContain('30 coins');
  });

  it('never carry more of a chapter than its free preview', async () => {
    const feed = (await get(`/feeds/series/${novel.slug}.json`)).json();
    const [sealed, open] = feed.items;
    // The free chapter's opening, the locked one's preview (20 %), and neither's last paragraph.
    expect(open.content_html).toContain('Open paragraph 1 of the letter.');
    expect(sealed.content_html).toContain('Sealed paragraph 1 of the letter.');
    expect(sealed.content_html).toContain('50 coins');
    for (const format of ['json', 'atom', 'rss']) {
      for (const url of [`/feeds/series/${novel.slug}.${format}`, `/feeds/latest.${format}`]) {
        expect((await get(url)).body, url).not.toContain(SECRET);
      }
    }
  });

  it('are well-formed Atom and RSS 2.0, with the price as an extension element', async () => {
    const atom = await get(`/feeds/series/${comic.slug}.atom`);
    expect(atom.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const feed = xmlOf(atom.body);
    expect(feed.documentElement.namespaceURI).toBe('http://www.w3.org/2005/Atom');
    const entries = [...feed.getElementsByTagName('entry')];
    expect(entries).toHaveLength(3);
    expect(entries[2]!.getElementsByTagName('title')[0]!.textContent).toBe(`${comic.title} – Chapter 1: The keeper`);
    expect(entries[1]!.getElementsByTagNameNS(FEED_NAMESPACE, 'price')[0]!.textContent).toBe('30');
    expect(entries[0]!.getElementsByTagNameNS(FEED_NAMESPACE, 'freeAt')).toHaveLength(1);
    expect(entries[2]!.getElementsByTagNameNS(FEED_NAMESPACE, 'price')).toHaveLength(0);
    expect(feed.querySelector('link[rel="self"]')!.getAttribute('href')).toBe(`${TEST_ORIGIN}/feeds/series/${comic.slug}.atom`);

    const rss = await get(`/feeds/series/${comic.slug}.rss`);
    expect(rss.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const channel = xmlOf(rss.body).getElementsByTagName('channel')[0]!;
    expect(channel.getElementsByTagName('title')[0]!.textContent).toBe(`${comic.title} on Inkwell`);
    const items = [...channel.getElementsByTagName('item')];
    expect(items).toHaveLength(3);
    expect(items[1]!.getElementsByTagName('guid')[0]!.textContent).toBe(`${TEST_ORIGIN}/SeriesView/${comic.slug}/chapter-2`);
    expect(items[1]!.getElementsByTagNameNS(FEED_NAMESPACE, 'price')[0]!.textContent).toBe('30');
    expect(new Date(items[0]!.getElementsByTagName('pubDate')[0]!.textContent!).getTime()).toBeGreaterThan(0);
  });

  it('of the whole site list the newest chapters out of published series', async () => {
    const hidden = await buildSeries(t, { title: 'Feed Unlisted', isPublished: false });
    await buildChapter(t, hidden.id, { number: 1 });
    const many = await buildSeries(t, { title: 'Feed Many' });
    for (let number = 1; number <= FEED_ITEMS + 5; number += 1) {
      await buildChapter(t, many.id, {
        number,
        publishedAt: new Date(t.clock.now().getTime() - (100 - number) * 60_000).toISOString(),
      });
    }
    const feed = (await get('/feeds/latest.json')).json();
    expect(feed.items).toHaveLength(FEED_ITEMS);
    expect(feed.items[0].title).toBe(`Feed Many – Chapter ${FEED_ITEMS + 5}`);
    expect(JSON.stringify(feed)).not.toContain('Feed Unlisted');
    expect(xmlOf((await get('/feeds/latest.rss')).body).getElementsByTagName('item')).toHaveLength(FEED_ITEMS);
  });

  it("follow a team's change at once", async () => {
    const series = await buildSeries(t, { title: 'Feed Fresh' });
    await buildChapter(t, series.id, { number: 1 });
    expect((await get(`/feeds/series/${series.slug}.json`)).json().items).toHaveLength(1);
    await buildChapter(t, series.id, { number: 2 });
    expect((await get(`/feeds/series/${series.slug}.json`)).json().items).toHaveLength(2);
    await t.app.services.series.updateSeries(series.id, seriesPatchSchema.parse({ isPublished: false }));
    expect((await get(`/feeds/series/${series.slug}.json`)).statusCode).toBe(404);
  });

  it('answer 404 for an unknown series or format', async () => {
    for (const url of [
      '/feeds/series/no-such-series.rss',
      `/feeds/series/${comic.slug}.xml`,
      '/feeds/oldest.rss',
      '/feeds/latest',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().success).toBe(false);
    }
  });
});
