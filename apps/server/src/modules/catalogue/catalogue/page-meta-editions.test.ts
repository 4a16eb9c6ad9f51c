import { seriesInputSchema } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../test/helpers';

// Issue 35 §2: every edition of a series is its own page for search engines, said in the page's head.

const INDEX = `<!doctype html><html><head><meta charset="UTF-8" /><meta name="description" content="Inkwell" /><title>Inkwell</title></head><body><div id="root"></div></body></html>`;
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({ indexHtml: INDEX });
  const novel = await t.app.services.series.createSeries(
    seriesInputSchema.parse({ type: 'novel', title: 'Salt and Ink', isPublished: true }),
  );
  await t.app.services.chapters.createEdition(novel.id, { language: 'es', title: 'Sal y tinta', description: '' });
  await t.app.services.chapters.createEdition(novel.id, { language: 'ko', title: '소금과 잉크', description: '' });
  await t.app.services.series.createSeries(seriesInputSchema.parse({ type: 'novel', title: 'One Tongue', isPublished: true }));
});
afterAll(async () => {
  await t?.close();
});

const headOf = async (url: string) => /<head>(.*)<\/head>/s.exec((await t.app.inject({ method: 'GET', url })).body)![1]!;

describe('a series page’s head', () => {
  it('lists each edition’s page as an hreflang alternate beside the interface’s languages, each language once', async () => {
    const head = await headOf('/SeriesView/salt-and-ink');
    const links = [...head.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map(([, lang, href]) => [
      lang,
      href,
    ]);
    // The interface's languages first (each the same `?lang=` page as an edition in it), then the editions in others, each once.
    expect(links).toEqual([
      ['en', `${TEST_ORIGIN}/SeriesView/salt-and-ink?lang=en`],
      ['pt-BR', `${TEST_ORIGIN}/SeriesView/salt-and-ink?lang=pt-BR`],
      ['es', `${TEST_ORIGIN}/SeriesView/salt-and-ink?lang=es`],
      ['x-default', `${TEST_ORIGIN}/SeriesView/salt-and-ink`],
      ['ko', `${TEST_ORIGIN}/SeriesView/salt-and-ink?lang=ko`],
    ]);
  });

  it('titles and addresses a translated edition’s page as itself, and the original’s as the plain address', async () => {
    const spanish = await headOf('/SeriesView/salt-and-ink?lang=es');
    expect(spanish).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/SeriesView/salt-and-ink?lang=es" />`);
    expect(spanish).toContain('<meta property="og:title" content="Sal y tinta · Inkwell" />');
    const original = await headOf('/SeriesView/salt-and-ink?lang=en');
    expect(original).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/SeriesView/salt-and-ink" />`);
    expect(original).toContain('<meta property="og:title" content="Salt and Ink · Inkwell" />');
  });

  it('has only the interface’s languages for a series in one language', async () => {
    expect(await headOf('/SeriesView/one-tongue')).not.toContain('hreflang="ko"');
    expect((await headOf('/SeriesView/one-tongue')).match(/hreflang=/g)).toHaveLength(4);
  });
});
