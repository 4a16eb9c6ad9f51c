import { seriesInputSchema } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter } from '../../../../test/factories';
import { png } from '../../../../test/fixtures';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../test/helpers';

const INDEX = `<!doctype html><html><head><meta charset="UTF-8" /><meta name="description" content="Inkwell: read serialized comics and web novels." /><title>Inkwell</title></head><body><div id="root"></div></body></html>`;
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({ indexHtml: INDEX });
  const team = t.app.services;
  const series = await team.series.createSeries(
    seriesInputSchema.parse({
      type: 'comic',
      title: 'The "Lantern" <Keeper>',
      description: 'Night & lanterns.',
      author: 'Ana </script> Ruiz',
      artist: 'Ben Ode',
      isPublished: true,
    }),
  );
  await team.series.setCover(series.id, await png(300, 450));
  await buildChapter(t, series.id, {
    number: 1,
    title: 'Beginnings',
    publishedAt: new Date(t.clock.now().getTime() - 1000).toISOString(),
  });
  await buildChapter(t, series.id, { number: 2, publishedAt: new Date(t.clock.now().getTime() + 86_400_000).toISOString() });
  await buildChapter(t, series.id, { number: 3, price: 30, publishedAt: new Date(t.clock.now().getTime() - 1000).toISOString() });
  await team.series.createSeries(seriesInputSchema.parse({ type: 'novel', title: 'Unpublished', isPublished: false }));
});
afterAll(async () => {
  await t?.close();
});

const page = (url: string) => t.app.inject({ method: 'GET', url });

describe('page metadata in the served HTML', () => {
  it('writes a series page’s title, description, canonical link and Open Graph image, escaped', async () => {
    const response = await page('/SeriesView/the-lantern-keeper');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>The &quot;Lantern&quot; &lt;Keeper&gt; · Inkwell</title>');
    expect(response.body).toContain('<meta name="description" content="Night &amp; lanterns." />');
    expect(response.body).toMatch(/<meta property="og:image" content="http:\/\/localhost:3000\/media\/covers\/[^"]+\.webp" \/>/);
    expect(response.body).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/SeriesView/the-lantern-keeper" />`);
    expect(response.body.match(/<title>/g)).toHaveLength(1);
    expect(response.body.match(/name="description"/g)).toHaveLength(1);
  });

  it('does the same for a chapter page, and for the lower-case /seriesView links', async () => {
    const response = await page('/seriesView/the-lantern-keeper/chapter-1');
    expect(response.body).toContain('<title>The &quot;Lantern&quot; &lt;Keeper&gt; – Chapter 1: Beginnings · Inkwell</title>');
    expect(response.body).toContain('og:image');
  });

  it("links a series' feeds and describes the series and its chapters as schema.org data", async () => {
    const jsonLd = (body: string) => {
      const found = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(body);
      expect(found, 'a JSON-LD block').not.toBeNull();
      return JSON.parse(found![1]!) as Record<string, unknown>;
    };
    const series = (await page('/SeriesView/the-lantern-keeper')).body;
    for (const [type, extension] of [
      ['application/rss+xml', 'rss'],
      ['application/atom+xml', 'atom'],
      ['application/feed+json', 'json'],
    ] as const) {
      expect(series).toMatch(
        new RegExp(
          `<link rel="alternate" type="${type.replace('+', '\\+')}" title="[^"]+" href="${TEST_ORIGIN}/feeds/series/the-lantern-keeper\\.${extension}" />`,
        ),
      );
    }
    // A name cannot close the block early.
    expect(series).not.toContain('Ana </script>');
    expect(jsonLd(series)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ComicSeries',
      name: 'The "Lantern" <Keeper>',
      url: `${TEST_ORIGIN}/SeriesView/the-lantern-keeper`,
      inLanguage: 'en',
      description: 'Night & lanterns.',
      image: expect.stringMatching(/\/media\/covers\//),
      author: [
        { '@type': 'Person', name: 'Ana </script> Ruiz' },
        { '@type': 'Person', name: 'Ben Ode' },
      ],
    });
    const chapter = jsonLd((await page('/SeriesView/the-lantern-keeper/chapter-1')).body);
    expect(chapter).toMatchObject({
      '@type': 'ComicIssue',
      name: 'The "Lantern" <Keeper> – Chapter 1: Beginnings',
      url: `${TEST_ORIGIN}/SeriesView/the-lantern-keeper/chapter-1`,
      issueNumber: '1',
      isAccessibleForFree: true,
      isPartOf: { '@type': 'ComicSeries', name: 'The "Lantern" <Keeper>', url: `${TEST_ORIGIN}/SeriesView/the-lantern-keeper` },
    });
    expect(Date.parse(chapter.datePublished as string)).toBeGreaterThan(0);
    expect(jsonLd((await page('/SeriesView/the-lantern-keeper/chapter-3')).body)).toMatchObject({
      issueNumber: '3',
      isAccessibleForFree: false,
    });
  });

  it('answers 404 (still with the app, which shows its error page) for unknown series, scheduled chapters and drafts', async () => {
    for (const url of ['/SeriesView/nope', '/SeriesView/the-lantern-keeper/chapter-2', '/SeriesView/unpublished']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toContain('<div id="root">');
      expect(response.body).toContain('<title>Inkwell</title>');
    }
  });

  it('leaves other pages as they are (but for the ads nonce of a public page, the page’s language and its other languages’ links)', async () => {
    const languages = ['en', 'pt-BR', 'es']
      .map((lang) => `<link rel="alternate" hreflang="${lang}" href="${TEST_ORIGIN}/comics?lang=${lang}" />`)
      .concat(`<link rel="alternate" hreflang="x-default" href="${TEST_ORIGIN}/comics" />`);
    expect((await page('/comics')).body.replace(/\n\s*<meta property="csp-nonce" nonce="[^"]+" \/>/, '')).toBe(
      INDEX.replace('<html>', '<html lang="en" dir="ltr">').replace('</head>', `    ${languages.join('\n    ')}\n  </head>`),
    );
  });
});

describe('search engines', () => {
  it('lists published series and chapters in /sitemap.xml, never drafts or scheduled chapters', async () => {
    const response = await page('/sitemap.xml');
    expect(response.headers['content-type']).toContain('application/xml');
    expect(response.body).toContain(`<loc>${TEST_ORIGIN}/SeriesView/the-lantern-keeper</loc>`);
    expect(response.body).toContain(`<loc>${TEST_ORIGIN}/SeriesView/the-lantern-keeper/chapter-1</loc>`);
    expect(response.body).not.toContain('chapter-2');
    expect(response.body).not.toContain('unpublished');
  });

  it('lists each edition of a series as its page, with hreflang alternates, and says them in JSON-LD (issue 35 §2)', async () => {
    const novel = await t.app.services.series.createSeries(
      seriesInputSchema.parse({ type: 'novel', title: 'Salt and Ink', isPublished: true }),
    );
    await t.app.services.chapters.createEdition(novel.id, { language: 'es', title: 'Sal y tinta', description: '' });
    const sitemap = (await page('/sitemap.xml')).body;
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const alternates =
      `<xhtml:link rel="alternate" hreflang="en" href="${TEST_ORIGIN}/SeriesView/salt-and-ink?lang=en"/>` +
      `<xhtml:link rel="alternate" hreflang="es" href="${TEST_ORIGIN}/SeriesView/salt-and-ink?lang=es"/>` +
      `<xhtml:link rel="alternate" hreflang="x-default" href="${TEST_ORIGIN}/SeriesView/salt-and-ink"/>`;
    for (const loc of ['', '?lang=en', '?lang=es']) {
      expect(sitemap).toMatch(
        new RegExp(
          `<url><loc>${`${TEST_ORIGIN}/SeriesView/salt-and-ink${loc}`.replace(/[?.]/g, '\\$&')}</loc><lastmod>[^<]+</lastmod>${alternates.replace(/[?.]/g, '\\$&')}</url>`,
        ),
      );
    }
    // A series with no edition is one page, as before.
    expect(sitemap).not.toContain('the-lantern-keeper?lang=');
    const found = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec((await page('/SeriesView/salt-and-ink')).body);
    expect(JSON.parse(found![1]!)).toMatchObject({
      '@type': 'Book',
      inLanguage: 'en',
      workTranslation: [
        { '@type': 'Book', name: 'Sal y tinta', inLanguage: 'es', url: `${TEST_ORIGIN}/SeriesView/salt-and-ink?lang=es` },
      ],
    });
  });

  it('serves robots.txt pointing at the sitemap and away from private areas', async () => {
    const response = await page('/robots.txt');
    expect(response.body).toContain(`Sitemap: ${TEST_ORIGIN}/sitemap.xml`);
    expect(response.body).toContain('Disallow: /Dashboard');
    expect(response.body).toContain('Disallow: /api/');
  });
});
