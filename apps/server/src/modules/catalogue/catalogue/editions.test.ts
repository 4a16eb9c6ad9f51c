import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, buildUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, loginAs, type TestContext } from '../../../../test/helpers';
import { moveCoins } from '../../money/wallet';

// A series read in one of its editions (issue 35 §2): its title, description and chapters in that
// language, the original standing in (flagged) for a chapter the edition lacks.

let t: TestContext;
let novel: { id: string; slug: string };
let one: { id: string; slug: string };
let two: { id: string; slug: string };
let locked: { id: string; slug: string };

beforeAll(async () => {
  t = await createTestApp();
  novel = await buildSeries(t, { type: 'novel', title: 'The Glass Orchard', description: 'An orchard of glass trees.' });
  one = await buildChapter(t, novel.id, { number: 1, title: 'The gate', content: '<p>The gate was open.</p>' });
  two = await buildChapter(t, novel.id, { number: 2, title: 'The well', content: '<p>The well was dry.</p>' });
  locked = await buildChapter(t, novel.id, { number: 3, title: 'The tower', price: 20, content: '<p>The tower was tall.</p>' });
  const chapters = t.app.services.chapters;
  await chapters.createEdition(novel.id, {
    language: 'es',
    title: 'El Huerto de Cristal',
    description: 'Un huerto de árboles de cristal.',
  });
  await chapters.putChapterEdition(one.id, 'es', { title: 'La puerta', content: '<p>La puerta estaba abierta.</p>' });
  await chapters.putChapterEdition(locked.id, 'es', { title: 'La torre', content: '<p>La torre era alta.</p>' });
  await chapters.createEdition(novel.id, {
    language: 'pt',
    title: 'O Pomar de Vidro',
    description: 'Um pomar de árvores de vidro.',
  });
});
afterAll(async () => {
  await t?.close();
});

const seriesIn = async (query: string, headers: Record<string, string> = {}, cookie?: string) => {
  const response = await callEndpoint(t, 'series', {
    params: { slug: novel.slug },
    query,
    headers,
    ...(cookie ? { cookie } : {}),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
};
const chapterTitled = (data: { chapters: { number: number; title: string; language: string; fallback: boolean }[] }, n: number) =>
  data.chapters.find((chapter) => chapter.number === n)!;

describe('PUB series/{slug}?lang=', () => {
  it('answers the edition’s title, description and chapters, the original standing in for a chapter it lacks', async () => {
    const data = await seriesIn('?lang=es');
    expect(data).toMatchObject({
      title: 'El Huerto de Cristal',
      description: 'Un huerto de árboles de cristal.',
      language: 'es',
      originalLanguage: 'en',
    });
    expect(data.editions).toEqual([
      { language: 'en', title: 'The Glass Orchard' },
      { language: 'es', title: 'El Huerto de Cristal' },
      { language: 'pt', title: 'O Pomar de Vidro' },
    ]);
    expect(chapterTitled(data, 1)).toMatchObject({ title: 'La puerta', language: 'es', fallback: false });
    expect(chapterTitled(data, 2)).toMatchObject({ title: 'The well', language: 'en', fallback: true });
    // Its lock and price are the chapter's, in every edition.
    expect(chapterTitled(data, 3)).toMatchObject({ title: 'La torre', access: 'locked', price: 20, fallback: false });
  });

  it('answers the original without `lang`, and in the original for an edition the series lacks', async () => {
    const original = await seriesIn('');
    expect(original).toMatchObject({ title: 'The Glass Orchard', language: 'en' });
    expect(chapterTitled(original, 1)).toMatchObject({ title: 'The gate', language: 'en', fallback: false });
    expect(await seriesIn('?lang=ko')).toMatchObject({ title: 'The Glass Orchard', language: 'en' });
  });

  it('keeps a shared answer per edition: Spanish and English readers of one class each get their own', async () => {
    const [spanish, english] = await Promise.all([seriesIn('?lang=es'), seriesIn('?lang=en')]);
    expect(spanish.title).toBe('El Huerto de Cristal');
    expect(english.title).toBe('The Glass Orchard');
  });

  it('refuses a `lang` that is no language tag', async () => {
    const response = await callEndpoint(t, 'series', { params: { slug: novel.slug }, query: '?lang=%3Cscript%3E' });
    expect(response.status).toBe(400);
  });
});

describe('the edition chosen without `lang`', () => {
  it('follows the interface language a visitor’s browser or cookie names, pt-BR matching a pt edition', async () => {
    expect((await seriesIn('', { 'accept-language': 'es-MX,es;q=0.9' })).language).toBe('es');
    expect((await seriesIn('', { cookie: 'inkwell_lang=pt-BR' })).title).toBe('O Pomar de Vidro');
    expect((await seriesIn('', { 'accept-language': 'fr-FR' })).language).toBe('en');
  });

  it('follows the site’s default language for a visitor who names none, as the page they share is drawn in it', async () => {
    await t.app.services.siteConfig.update({ site: { defaultLocale: 'es' } });
    try {
      const answer = await callEndpoint(t, 'series', { params: { slug: novel.slug } });
      expect(answer.body.data.language).toBe('es');
      expect(answer.headers.vary).toContain('accept-language');
      expect((await seriesIn('', { 'accept-language': 'es' })).title).toBe('El Huerto de Cristal');
      expect((await seriesIn('', { 'accept-language': 'en' })).language).toBe('en');
    } finally {
      await t.app.services.siteConfig.update({ site: { defaultLocale: 'en' } });
    }
  });

  it('follows a reader’s content languages (ME/preferences) before their interface language', async () => {
    const user = await buildUser(t.db);
    const cookie = await loginAs(t.app, user);
    const saved = await callEndpoint(t, 'preferencesUpdate', { cookie, body: { contentLanguages: ['ko', 'es', 'es'] } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.contentLanguages).toEqual(['ko', 'es']);
    // Korean first, which the series lacks; then Spanish, which it has: whatever the browser says.
    expect((await seriesIn('', { 'accept-language': 'pt-BR' }, cookie)).language).toBe('es');
    const chapters = await callEndpoint(t, 'seriesChapters', { cookie, params: { slug: novel.slug }, query: '?order=asc' });
    expect(chapters.body.data.items.map((chapter: { title: string }) => chapter.title)).toEqual([
      'La puerta',
      'The well',
      'La torre',
    ]);
    const profile = await callEndpoint(t, 'profile', { cookie });
    expect(profile.body.data.contentLanguages).toEqual(['ko', 'es']);
  });

  it('refuses more than five content languages and a tag that is none', async () => {
    const cookie = await loginAs(t.app, await buildUser(t.db));
    const many = await callEndpoint(t, 'preferencesUpdate', {
      cookie,
      body: { contentLanguages: ['en', 'es', 'pt', 'ko', 'id', 'th'] },
    });
    expect(many.status).toBe(400);
    expect((await callEndpoint(t, 'preferencesUpdate', { cookie, body: { contentLanguages: ['!!'] } })).status).toBe(400);
    const cleared = await callEndpoint(t, 'preferencesUpdate', { cookie, body: { contentLanguages: [] } });
    expect(cleared.body.data.contentLanguages).toEqual([]);
  });
});

describe('a chapter in an edition', () => {
  it('gives the translation’s text, or the original’s flagged as a fallback', async () => {
    const translated = await callEndpoint(t, 'chapter', {
      params: { slug: novel.slug, chapterSlug: one.slug },
      query: '?lang=es',
    });
    expect(translated.body.data).toMatchObject({
      content: '<p>La puerta estaba abierta.</p>',
      language: 'es',
      fallback: false,
      series: { title: 'El Huerto de Cristal' },
      chapter: { title: 'La puerta' },
    });
    const fallback = await callEndpoint(t, 'chapter', { params: { slug: novel.slug, chapterSlug: two.slug }, query: '?lang=es' });
    expect(fallback.body.data).toMatchObject({ content: '<p>The well was dry.</p>', language: 'en', fallback: true });
    expect(fallback.body.data.previous).toMatchObject({ title: 'La puerta' });
  });

  it('is locked as its chapter is, and opens with it in every language', async () => {
    const buyer = await buildUser(t.db);
    await moveCoins(t.db, { userId: buyer.id, delta: 100, kind: 'adjustment', reason: 'For the test' });
    const cookie = await loginAs(t.app, buyer);
    const shut = await callEndpoint(t, 'chapter', {
      cookie,
      params: { slug: novel.slug, chapterSlug: locked.slug },
      query: '?lang=es',
    });
    expect(shut.body.data).toMatchObject({ canRead: false, content: null });
    const unlock = await callEndpoint(t, 'unlockChapter', { cookie, params: { chapterId: locked.id }, body: {} });
    expect(unlock.status, JSON.stringify(unlock.body)).toBe(200);
    const open = await callEndpoint(t, 'chapter', {
      cookie,
      params: { slug: novel.slug, chapterSlug: locked.slug },
      query: '?lang=es',
    });
    expect(open.body.data).toMatchObject({ canRead: true, content: '<p>La torre era alta.</p>', language: 'es' });
    const english = await callEndpoint(t, 'chapter', {
      cookie,
      params: { slug: novel.slug, chapterSlug: locked.slug },
      query: '?lang=en',
    });
    expect(english.body.data).toMatchObject({ canRead: true, content: '<p>The tower was tall.</p>' });
  });

  it('shows a team’s new translation at once (the write clears the kept answers)', async () => {
    const ask = () => callEndpoint(t, 'chapter', { params: { slug: novel.slug, chapterSlug: two.slug }, query: '?lang=pt' });
    expect((await ask()).body.data.fallback).toBe(true);
    await t.app.services.chapters.putChapterEdition(two.id, 'pt', { title: 'O poço', content: '<p>O poço estava seco.</p>' });
    expect((await ask()).body.data).toMatchObject({ fallback: false, language: 'pt', content: '<p>O poço estava seco.</p>' });
  });
});

describe('a chapter’s file in an edition', () => {
  it('is an EPUB of the translation in its language with ?lang=, the original’s without', async () => {
    const file = (query: string) => t.app.inject({ method: 'GET', url: `/download/chapters/${one.id}.epub${query}` });
    const spanish = await file('?lang=es');
    expect(spanish.statusCode).toBe(200);
    expect(String(spanish.headers['content-disposition'])).toContain('-es.epub');
    const book = unzipSync(spanish.rawPayload);
    const opf = Object.entries(book).find(([name]) => name.endsWith('.opf'))![1];
    expect(Buffer.from(opf).toString()).toContain('<dc:language>es</dc:language>');
    expect(Buffer.from(book['OEBPS/chapter.xhtml']!).toString()).toContain('La puerta estaba abierta.');
    const english = unzipSync((await file('')).rawPayload);
    expect(Buffer.from(english['OEBPS/chapter.xhtml']!).toString()).toContain('The gate was open.');
  });
});

describe('lists and search in the reader’s language', () => {
  it('titles a series’ card in the reader’s edition, and finds it by any edition’s title', async () => {
    const list = await callEndpoint(t, 'seriesList', { query: '?type=novel&perPage=50', headers: { 'accept-language': 'es' } });
    expect(list.body.data.items.find((card: { id: string }) => card.id === novel.id).title).toBe('El Huerto de Cristal');
    const plain = await callEndpoint(t, 'seriesList', { query: '?type=novel&perPage=50' });
    expect(plain.body.data.items.find((card: { id: string }) => card.id === novel.id).title).toBe('The Glass Orchard');
    const home = await callEndpoint(t, 'home', { headers: { 'accept-language': 'es' } });
    const cards = [...home.body.data.latest, ...home.body.data.trending, ...home.body.data.newest, ...home.body.data.premium];
    expect(cards.find((card: { id: string }) => card.id === novel.id)?.title).toBe('El Huerto de Cristal');

    const found = await callEndpoint(t, 'searchSeries', { query: `?q=${encodeURIComponent('huerto de cristal')}` });
    expect(found.body.data.results.map((result: { id: string }) => result.id)).toContain(novel.id);
    const inSpanish = await callEndpoint(t, 'searchSeries', { query: '?q=huerto', headers: { 'accept-language': 'es' } });
    expect(inSpanish.body.data.results.find((result: { id: string }) => result.id === novel.id).title).toBe(
      'El Huerto de Cristal',
    );
    const page = await callEndpoint(t, 'seriesList', { query: `?q=${encodeURIComponent('pomar de vidro')}` });
    expect(page.body.data.items.map((card: { id: string }) => card.id)).toContain(novel.id);
  });

  it('keeps series without editions as they are', async () => {
    const plain = await buildSeries(t, { title: 'Unchanged Moon' });
    await buildChapter(t, plain.id, { number: 1, pages: 1 });
    const list = await callEndpoint(t, 'seriesList', { query: '?q=unchanged%20moon', headers: { 'accept-language': 'es' } });
    expect(list.body.data.items.find((card: { id: string }) => card.id === plain.id).title).toBe('Unchanged Moon');
  });
});
