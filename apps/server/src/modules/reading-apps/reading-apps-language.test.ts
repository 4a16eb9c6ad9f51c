import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, buildUser } from '../../../test/factories';
import { callEndpoint, createTestApp, loginAs, type TestContext } from '../../../test/helpers';

/*
 * Issue 35 §1: the reading apps' fixed words (shelves, entries, OpenSearch, the OPDS 2
 * authentication document, empty and search feeds) are in the language the app's request names
 * with Accept-Language (apps rarely keep cookies), else in the site's default.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const basic = (username: string, key: string) => `Basic ${Buffer.from(`${username}:${key}`).toString('base64')}`;

/** A reader with a device key, as an app signs in. */
async function appReader() {
  const user = await buildUser(t.db);
  const cookie = await loginAs(t.app, user);
  const made = await callEndpoint(t, 'deviceKeyCreate', { cookie, body: { name: 'Panels' } });
  return { cookie, authorization: basic(user.username, made.body.data.key as string) };
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const atom = (body: string) => new JSDOM(body, { contentType: 'application/xml' }).window.document;
/** Each entry's title and content text. */
const entriesOf = (body: string) =>
  [...atom(body).getElementsByTagName('entry')].map((entry) => ({
    title: entry.getElementsByTagName('title')[0]?.textContent,
    content: entry.getElementsByTagName('content')[0]?.textContent,
  }));
const feedTitle = (body: string) => atom(body).querySelector('feed > title')?.textContent;

describe('OPDS 1 in the app’s language', () => {
  it('says a series’ kind and status, and a chapter’s label and price', async () => {
    const series = await buildSeries(t, { title: `Cometa ${Date.now()}`, status: 'ongoing' });
    const past = new Date(t.clock.now().getTime() - 60_000).toISOString();
    await buildChapter(t, series.id, { number: 1, title: '', publishedAt: past });
    await buildChapter(t, series.id, { number: 2, title: 'Brasa', price: 30, publishedAt: past });

    const list = entriesOf((await get('/opds/v1.2/comics', { 'accept-language': 'pt-BR' })).body);
    expect(list.find((entry) => entry.title === series.title)?.content).toBe('Quadrinho · Em andamento');
    const english = entriesOf((await get('/opds/v1.2/comics')).body);
    expect(english.find((entry) => entry.title === series.title)?.content).toBe('Comic · Ongoing');

    const chapters = entriesOf((await get(`/opds/v1.2/series/${series.slug}`, { 'accept-language': 'es-AR' })).body);
    expect(chapters).toEqual([
      { title: 'Capítulo 1', content: `${series.title}, Capítulo 1` },
      { title: 'Capítulo 2: Brasa', content: `${series.title}, Capítulo 2: Brasa: 30 monedas` },
    ]);
  });

  it('names a reader’s shelves and where they stand in it', async () => {
    const series = await buildSeries(t, { title: `Lanterna ${Date.now()}` });
    await buildChapter(t, series.id, { number: 1, publishedAt: new Date(t.clock.now().getTime() - 60_000).toISOString() });
    const reader = await appReader();
    await callEndpoint(t, 'bookmarkAdd', { cookie: reader.cookie, params: { seriesId: series.id } });

    const shelf = (await get('/opds/v1.2/bookmarks', { authorization: reader.authorization, 'accept-language': 'pt-BR' })).body;
    expect(feedTitle(shelf)).toBe('Meus favoritos');
    expect(entriesOf(shelf)).toEqual([{ title: series.title, content: '1 capítulo não lido' }]);
    const english = (await get('/opds/v1.2/bookmarks', { authorization: reader.authorization })).body;
    expect(entriesOf(english)).toEqual([{ title: series.title, content: '1 unread chapter' }]);
  });

  it('titles a search, and describes OpenSearch per language', async () => {
    const search = (await get('/opds/v1.2/search?q=nothing-like-this', { 'accept-language': 'es' })).body;
    expect(feedTitle(search)).toBe('Búsqueda: nothing-like-this');

    const description = async (headers: Record<string, string>) => {
      const response = await get('/opds/v1.2/search.xml', headers);
      expect(response.headers.vary).toContain('accept-language');
      return atom(response.body).getElementsByTagName('Description')[0]?.textContent;
    };
    expect(await description({ 'accept-language': 'pt-BR' })).toBe('Busque quadrinhos e romances no Inkwell');
    expect(await description({})).toBe("Search Inkwell's comics and novels");
  });
});

describe('OPDS 2 in the app’s language', () => {
  it('writes the authentication document in it, as its own answer and in a 401', async () => {
    const document = await get('/opds/v2/auth', { 'accept-language': 'es' });
    expect(document.json()).toMatchObject({
      description:
        'Inicia sesión con tu nombre de usuario y una clave de dispositivo creada en Apps y dispositivos, nunca con tu contraseña.',
      authentication: [{ labels: { login: 'Nombre de usuario', password: 'Clave de dispositivo' } }],
    });
    const refused = await get('/opds/v2/shelf', { 'accept-language': 'pt-BR' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().authentication[0].labels).toEqual({ login: 'Nome de usuário', password: 'Chave de dispositivo' });
    expect((await get('/opds/v2/auth')).json().authentication[0].labels).toEqual({ login: 'Username', password: 'Device key' });
  });

  it('names the shelf, an empty feed’s way back, a search and a chapter', async () => {
    const reader = await appReader();
    const shelf = (await get('/opds/v2/shelf', { authorization: reader.authorization, 'accept-language': 'pt-BR' })).json();
    expect(shelf.metadata.title).toBe('Minha estante');
    expect(shelf.navigation).toEqual([expect.objectContaining({ title: 'Nada aqui: voltar ao catálogo' })]);

    const search = (await get('/opds/v2/search?query=nothing-like-this', { 'accept-language': 'es' })).json();
    expect(search.metadata.title).toBe('Búsqueda: nothing-like-this');
    expect(search.navigation[0].title).toBe('Nada por aquí: volver al catálogo');

    const series = await buildSeries(t, { title: `Maré ${Date.now()}` });
    await buildChapter(t, series.id, {
      number: 3,
      title: 'Sal',
      publishedAt: new Date(t.clock.now().getTime() - 60_000).toISOString(),
    });
    const feed = (await get(`/opds/v2/series/${series.slug}`, { 'accept-language': 'pt-BR' })).json();
    expect(feed.publications.map((item: { metadata: { title: string } }) => item.metadata.title)).toEqual(['Capítulo 3: Sal']);
  });
});
