import { UNSUBSCRIBE_PATH } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { buildChapter, buildSeries, buildUser } from '../../test/factories';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/helpers';
import { createUnsubscribeTokens } from '../modules/reading/notifications';

/*
 * Issue 35 §1: the pages the server writes itself, and the heads of the app's pages, in the
 * request's language: the unsubscribe page, the web app's manifest (one address per language, so a
 * cached one is one language's), and every page's links to its other interface languages.
 */

const INDEX = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><link rel="manifest" href="/manifest.webmanifest" /><link rel="alternate" type="application/rss+xml" title="Inkwell: new chapters (RSS)" href="/feeds/latest.rss" /><title>Inkwell</title></head><body><div id="root"></div></body></html>`;

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ indexHtml: INDEX });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('a page’s head', () => {
  it('links every interface language of the page, and the default, from the server', async () => {
    const page = await get('/comics?page=2&lang=es', { 'accept-language': 'pt-BR' });
    expect(page.statusCode).toBe(200);
    for (const [lang, href] of [
      ['en', `${TEST_ORIGIN}/comics?page=2&amp;lang=en`],
      ['pt-BR', `${TEST_ORIGIN}/comics?page=2&amp;lang=pt-BR`],
      ['es', `${TEST_ORIGIN}/comics?page=2&amp;lang=es`],
      ['x-default', `${TEST_ORIGIN}/comics?page=2`],
    ]) {
      expect(page.body).toContain(`<link rel="alternate" hreflang="${lang}" href="${href}" />`);
    }
  });

  it('titles the site’s and a series’ feeds, and a chapter’s description, in the page’s language', async () => {
    expect((await get('/comics', { 'accept-language': 'pt-BR' })).body).toContain(
      'title="Inkwell: novos capítulos (RSS)" href="/feeds/latest.rss"',
    );
    const series = await buildSeries(t, { title: 'Sal e Brasa', description: '' });
    const chapter = await buildChapter(t, series.id, { number: 3, title: '' });
    const seriesPage = (await get(`/SeriesView/${series.slug}`, { 'accept-language': 'es' })).body;
    expect(seriesPage).toContain('title="Sal e Brasa: nuevos capítulos (Atom)"');
    expect(seriesPage).toContain('Lee Sal e Brasa en Inkwell.');
    const chapterPage = (await get(`/SeriesView/${series.slug}/${chapter.slug}`, { cookie: 'inkwell_lang=pt-BR' })).body;
    expect(chapterPage).toContain('Capítulo 3 de Sal e Brasa.');
    expect(chapterPage).not.toContain('Chapter 3');
  });

  it('links the manifest of the page’s language', async () => {
    expect((await get('/comics', { 'accept-language': 'pt-BR' })).body).toContain(
      '<link rel="manifest" href="/manifest/pt-BR.webmanifest" />',
    );
    expect((await get('/comics?lang=es')).body).toContain('<link rel="manifest" href="/manifest/es.webmanifest" />');
    expect((await get('/comics')).body).toContain('<link rel="manifest" href="/manifest/en.webmanifest" />');
  });
});

describe('the web app’s manifest', () => {
  it('keeps the site’s name and says its description and shortcuts in its language', async () => {
    const spanish = await get('/manifest/es.webmanifest');
    expect(spanish.statusCode).toBe(200);
    expect(spanish.headers['content-type']).toContain('application/manifest+json');
    expect(spanish.json()).toMatchObject({
      name: 'Inkwell',
      lang: 'es',
      description: 'Lee cómics y novelas web por entregas, en línea y sin conexión.',
      shortcuts: [
        { name: 'Cómics', url: '/comics' },
        { name: 'Novelas', url: '/novels' },
        { name: 'Marcadores', url: '/profile/bookmarks' },
      ],
    });
    const portuguese = (await get('/manifest/pt-BR.webmanifest')).json();
    expect(portuguese).toMatchObject({ name: 'Inkwell', description: 'Leia quadrinhos e romances em série, online e offline.' });
    expect((await get('/manifest/en.webmanifest')).json().shortcuts[0]).toEqual({ name: 'Comics', url: '/comics' });
    expect((await get('/manifest/fr.webmanifest')).statusCode).toBe(404);
  });
});

describe('the unsubscribe page', () => {
  it('speaks the language the browser asks for, else the site’s', async () => {
    const reader = await buildUser(t.db);
    const tokens = createUnsubscribeTokens(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir, PUBLIC_URL: TEST_ORIGIN }).sessionSecret,
    );
    const done = await get(`${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(tokens.tokenFor(reader.id))}`, {
      'accept-language': 'pt-BR,pt;q=0.9',
    });
    expect(done.statusCode).toBe(200);
    expect(done.headers['content-language']).toBe('pt-BR');
    expect(done.body).toContain('<html lang="pt-BR">');
    expect(done.body).toContain('<h1>Sua inscrição foi cancelada</h1>');
    expect(done.body).toContain('Configurações de notificação');

    const broken = await get(`${UNSUBSCRIBE_PATH}?token=nope`, { 'accept-language': 'es' });
    expect(broken.statusCode).toBe(400);
    expect(broken.body).toContain('<h1>Este enlace no funciona</h1>');
    expect((await get(`${UNSUBSCRIBE_PATH}?token=nope`)).body).toContain('<h1>This link does not work</h1>');
  });
});
