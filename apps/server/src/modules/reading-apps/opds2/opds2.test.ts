import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, buildUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, loginAs, type TestContext } from '../../../../test/helpers';
import { seedDemoStore } from '../../../demo/seed-store';

/** The OPDS 2.0 and Readium schemas, as published (test/fixtures/opds2/README.md says where from). */
function schemas() {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : path.endsWith('.schema.json') ? [path] : [];
    });
  for (const file of walk(join(import.meta.dirname, '../../../../test/fixtures/opds2')))
    ajv.addSchema(JSON.parse(readFileSync(file, 'utf8')));
  const get = (id: string) => ajv.getSchema(id)!;
  return {
    feed: get('https://drafts.opds.io/schema/feed.schema.json'),
    publication: get('https://drafts.opds.io/schema/publication.schema.json'),
    authentication: get('https://drafts.opds.io/schema/authentication.schema.json'),
    progression: get('https://drafts.opds.io/schema/progression.schema.json'),
    manifest: get('https://readium.org/webpub-manifest/schema/publication.schema.json'),
  };
}
const valid = (validate: ValidateFunction, document: unknown) => {
  const ok = validate(document);
  expect(ok ? [] : validate.errors, JSON.stringify(document).slice(0, 300)).toEqual([]);
};

let t: TestContext;
let schema: ReturnType<typeof schemas>;
let comic: { id: string; slug: string; title: string };
let novel: { id: string; slug: string; title: string };
let free: { id: string };
let locked: { id: string };
let lockedText: { id: string };
let letter: { id: string };
let reader: Awaited<ReturnType<typeof readerWithKey>>;

type Reader = { username: string; key: string };
const basic = (who: Reader) => `Basic ${Buffer.from(`${who.username}:${who.key}`).toString('base64')}`;
const get = (url: string, who?: Reader) =>
  t.app.inject({ method: 'GET', url, headers: who ? { authorization: basic(who) } : {} });
const put = (url: string, who: Reader | undefined, body: unknown) =>
  t.app.inject({
    method: 'PUT',
    url,
    headers: { 'content-type': 'application/opds-progression+json', ...(who ? { authorization: basic(who) } : {}) },
    payload: JSON.stringify(body),
  });
const rels = (links: { rel?: string | string[] }[]) => links.flatMap((link) => link.rel ?? []);
type Feed = {
  metadata: Record<string, unknown>;
  links: Link[];
  navigation?: Link[];
  publications?: Publication[];
  groups?: unknown[];
};
type Link = {
  href: string;
  rel?: string;
  type?: string;
  title?: string;
  templated?: boolean;
  properties?: Record<string, unknown>;
};
type Publication = { metadata: Record<string, unknown> & { title: string }; links: Link[]; images?: Link[] };
const linkOf = (links: Link[], rel: string) => links.find((link) => link.rel === rel);

async function readerWithKey() {
  const user = await buildUser(t.db);
  const cookie = await loginAs(t.app, user);
  const made = (await callEndpoint(t, 'deviceKeyCreate', { cookie, body: { name: 'Thorium' } })).body.data;
  return { username: user.username, cookie, key: made.key as string, keyId: made.id as string };
}

async function buyCoins(cookie: string) {
  const packages = (await callEndpoint(t, 'coinPackages')).body.data.items as { id: string }[];
  const started = await callEndpoint(t, 'checkout', { cookie, body: { kind: 'coins', packageId: packages.at(-1)!.id } });
  await callEndpoint(t, 'testCheckoutComplete', { cookie, params: { purchaseId: started.body.data.purchaseId } });
}

beforeAll(async () => {
  schema = schemas();
  t = await createTestApp();
  await seedDemoStore(t.db);
  comic = await buildSeries(t, { title: 'Opds Two Lanterns', author: 'Ada Quill', artist: 'Bo Ink', withCover: true });
  novel = await buildSeries(t, { type: 'novel', title: 'Opds Two Letters', author: 'Ada Quill' });
  free = await buildChapter(t, comic.id, { number: 1, title: 'Harbour', pages: 20 });
  locked = await buildChapter(t, comic.id, { number: 2, price: 30, pages: 2 });
  letter = await buildChapter(t, novel.id, { number: 1, content: '<p>First.</p><p>Second.</p><p>Third.</p><p>Fourth.</p>' });
  lockedText = await buildChapter(t, novel.id, { number: 2, price: 20, content: '<p>Secret one.</p><p>Secret two.</p>' });
  reader = await readerWithKey();
});
afterAll(async () => {
  await t?.close();
});

describe('OPDS 2.0 (issue 19 §3)', () => {
  it('opens on a valid feed: navigation, a group, a templated search and the authentication document', async () => {
    const answer = await get('/opds/v2/catalog');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/opds+json');
    const feed: Feed = answer.json();
    valid(schema.feed, feed);
    expect(feed.navigation!.map((link) => link.title)).toEqual(['Latest updates', 'Comics', 'Novels', 'Premium']);
    expect(feed.groups).toHaveLength(1);
    expect(linkOf(feed.links, 'search')).toEqual({
      rel: 'search',
      href: '/opds/v2/search{?query}',
      type: 'application/opds+json',
      templated: true,
    });
    const auth = await get(linkOf(feed.links, 'http://opds-spec.org/auth/document')!.href);
    expect(auth.headers['content-type']).toBe('application/opds-authentication+json');
    valid(schema.authentication, auth.json());
    const signedIn: Feed = (await get('/opds/v2/catalog', reader)).json();
    expect(signedIn.navigation!.map((link) => link.title)).toContain('My shelf');
  });

  it('lists and searches series a page at a time, with the counts and first/previous/next/last', async () => {
    const comics: Feed = (await get('/opds/v2/comics')).json();
    valid(schema.feed, comics);
    expect(comics.navigation!.map((link) => link.title)).toContain(comic.title);
    expect(comics.metadata).toMatchObject({ itemsPerPage: 50, currentPage: 1 });
    expect(rels(comics.links)).toEqual(expect.arrayContaining(['first', 'last']));
    const found: Feed = (await get('/opds/v2/search?query=Opds%20Two%20Letters')).json();
    valid(schema.feed, found);
    expect(found.navigation![0]!.title).toBe(novel.title);
    expect((await get('/opds/v2/search?query=ab')).statusCode).toBe(400);
    const beyond: Feed = (await get('/opds/v2/comics?page=2')).json();
    valid(schema.feed, beyond);
    expect(beyond.metadata.currentPage).toBe(2);
    expect(linkOf(beyond.links, 'previous')!.href).toBe('/opds/v2/comics?page=1');
    expect((await get('/opds/v2/nowhere')).statusCode).toBe(404);

    // A long series: a hundred chapters to a page, and a next page.
    const long = await buildSeries(t, { type: 'novel', title: 'Opds Two Long Road' });
    for (let number = 1; number <= 101; number++) await buildChapter(t, long.id, { number, content: `<p>${number}</p>` });
    const first: Feed = (await get(`/opds/v2/series/${long.slug}`)).json();
    valid(schema.feed, first);
    expect(first.publications).toHaveLength(100);
    expect(first.metadata).toMatchObject({ numberOfItems: 101, itemsPerPage: 100, currentPage: 1 });
    const second: Feed = (await get(linkOf(first.links, 'next')!.href)).json();
    expect(second.publications!.map((item) => item.metadata.title)).toEqual(['Chapter 101']);
    expect(linkOf(second.links, 'next')).toBeUndefined();
  });

  it('gives one valid publication per chapter: a manifest, a file and a progression to read, a price to buy', async () => {
    const feed: Feed = (await get(`/opds/v2/series/${comic.slug}`)).json();
    valid(schema.feed, feed);
    const [open, shut] = feed.publications!;
    for (const item of [open!, shut!]) valid(schema.publication, item);
    expect(open!.metadata).toMatchObject({
      '@type': 'http://schema.org/ComicStory',
      title: 'Chapter 1: Harbour',
      identifier: `urn:uuid:${free.id}`,
      language: 'en',
      author: 'Ada Quill',
      artist: 'Bo Ink',
      numberOfPages: 20,
      belongsTo: { series: { name: comic.title, position: 1 } },
    });
    expect(open!.images![0]!.type).toBe('image/webp');
    expect(linkOf(open!.links, 'http://opds-spec.org/acquisition/open-access')).toMatchObject({
      href: `/opds/v2/chapters/${free.id}/manifest.json`,
      type: 'application/divina+json',
    });
    expect(linkOf(open!.links, 'http://opds-spec.org/acquisition')).toMatchObject({
      href: `/download/chapters/${free.id}.cbz`,
      type: 'application/vnd.comicbook+zip',
    });
    expect(linkOf(open!.links, 'http://opds-spec.org/progression')!.type).toBe('application/opds-progression+json');

    expect(rels(shut!.links)).not.toContain('http://opds-spec.org/acquisition/open-access');
    // Issue 39: priced for any OPDS 2 app, and nothing KOReader would save as an HTM.
    expect(linkOf(shut!.links, 'http://opds-spec.org/acquisition/buy')).toMatchObject({
      type: 'text/html; charset=utf-8',
      properties: { price: { value: 30, currency: 'XXX' }, 'inkwell:price': 30 },
    });
    const self = await get(linkOf(open!.links, 'self')!.href);
    expect(self.headers['content-type']).toBe('application/opds-publication+json');
    valid(schema.publication, self.json());

    const novelFeed: Feed = (await get(`/opds/v2/series/${novel.slug}`)).json();
    expect(novelFeed.publications![0]!.metadata['@type']).toBe('http://schema.org/Book');
    expect(linkOf(novelFeed.publications![0]!.links, 'http://opds-spec.org/acquisition/open-access')!.type).toBe(
      'application/webpub+json',
    );
  });

  it('reads a comic through its Divina manifest (JPEG pages with their sizes) and a novel through its WebPub text', async () => {
    const divina = await get(`/opds/v2/chapters/${free.id}/manifest.json`);
    expect(divina.headers['content-type']).toBe('application/divina+json');
    valid(schema.manifest, divina.json());
    const manifest = divina.json() as {
      metadata: { conformsTo: string };
      readingOrder: (Link & { width: number; height: number })[];
    };
    expect(manifest.metadata.conformsTo).toBe('https://readium.org/webpub-manifest/profiles/divina');
    expect(manifest.readingOrder).toHaveLength(20);
    const first = manifest.readingOrder[0]!;
    expect(first).toMatchObject({ type: 'image/jpeg', width: 100, height: 150 });
    const image = await get(first.href);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(image.rawPayload).metadata()).format).toBe('jpeg');
    // Fetching a page through a manifest moves nothing: the reader's place comes from progressions.
    expect((await get(`/opds/v2/chapters/${free.id}/progression`, reader)).body).toBe('');

    const webpub = await get(`/opds/v2/chapters/${letter.id}/manifest.json`);
    expect(webpub.headers['content-type']).toBe('application/webpub+json');
    valid(schema.manifest, webpub.json());
    const text = await get(webpub.json().readingOrder[0].href);
    expect(text.headers['content-type']).toContain('application/xhtml+xml');
    expect(text.body).toContain('<p id="p-2">Second.</p>');
  });

  it('asks for a key with the authentication document in the body and a Link header', async () => {
    for (const who of [undefined, { username: reader.username, key: `${reader.key}x` }]) {
      const answer = await get('/opds/v2/shelf', who);
      expect(answer.statusCode).toBe(401);
      expect(answer.headers['content-type']).toBe('application/opds-authentication+json');
      expect(answer.headers.link).toBe(
        '</opds/v2/auth>; rel="http://opds-spec.org/auth/document"; type="application/opds-authentication+json"',
      );
      expect(answer.headers['www-authenticate']).toBe('Basic realm="Inkwell", charset="UTF-8"');
      valid(schema.authentication, answer.json());
    }
    expect((await get(`/opds/v2/chapters/${free.id}/progression`)).statusCode).toBe(401);
  });

  it('answers 402 and no byte of a locked chapter until it is unlocked through the store, then shelves it', async () => {
    const revoked = await readerWithKey();
    await callEndpoint(t, 'deviceKeyRevoke', { cookie: revoked.cookie, params: { id: revoked.keyId } });
    const urls = [
      `/opds/v2/chapters/${locked.id}/manifest.json`,
      `/opds/v2/chapters/${locked.id}/pages/0`,
      `/opds/v2/chapters/${lockedText.id}/manifest.json`,
      `/opds/v2/chapters/${lockedText.id}/text.xhtml`,
    ];
    for (const url of urls) {
      for (const who of [undefined, reader]) {
        const answer = await get(url, who);
        expect(answer.statusCode, url).toBe(402);
        expect(answer.json().error.code).toBe('chapter_locked');
        expect(answer.body).not.toContain('Secret');
        expect(answer.rawPayload.includes(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
      }
      expect((await get(url, revoked)).statusCode).toBe(401);
    }
    expect((await get(`/opds/v2/chapters/${locked.id}/progression`, reader)).statusCode).toBe(402);
    const emptyShelf: Feed = (await get('/opds/v2/shelf', reader)).json();
    valid(schema.feed, emptyShelf);
    expect(emptyShelf.publications).toBeUndefined();

    await buyCoins(reader.cookie);
    for (const chapterId of [locked.id, lockedText.id]) {
      expect((await callEndpoint(t, 'unlockChapter', { cookie: reader.cookie, params: { chapterId } })).status).toBe(200);
    }
    for (const url of urls) expect((await get(url, reader)).statusCode, url).toBe(200);
    expect((await get(urls[0]!)).statusCode).toBe(402);
    const shelf: Feed = (await get('/opds/v2/shelf', reader)).json();
    valid(schema.feed, shelf);
    expect(shelf.publications!.map((item) => item.metadata.identifier).sort()).toEqual(
      [`urn:uuid:${locked.id}`, `urn:uuid:${lockedText.id}`].sort(),
    );
  });

  it('puts every priced chapter on the shelf of a reader whose plan reads them', async () => {
    const patron = await readerWithKey();
    const plan = ((await callEndpoint(t, 'plans')).body.data.items as { id: string; name: string }[]).find(
      (item) => item.name === 'Patron',
    )!;
    const started = await callEndpoint(t, 'checkout', { cookie: patron.cookie, body: { kind: 'plan', planId: plan.id } });
    await callEndpoint(t, 'testCheckoutComplete', {
      cookie: patron.cookie,
      params: { purchaseId: started.body.data.purchaseId },
    });
    const shelf: Feed = (await get('/opds/v2/shelf', patron)).json();
    const ids = shelf.publications!.map((item) => item.metadata.identifier);
    expect(ids).toEqual(expect.arrayContaining([`urn:uuid:${locked.id}`, `urn:uuid:${lockedText.id}`]));
    expect(ids).not.toContain(`urn:uuid:${free.id}`);
    expect((await get(`/opds/v2/chapters/${locked.id}/pages/1`, patron)).statusCode).toBe(200);
  });
});

describe('OPDS progression: the one reading place (issue 19 §3, §6)', () => {
  it('keeps a newer progression, answers the stored newer one to an older write, and never takes a time ahead of now', async () => {
    const someone = await readerWithKey();
    const url = `/opds/v2/chapters/${free.id}/progression`;
    const empty = await get(url, someone);
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toBe('');

    const now = t.clock.now();
    const device = { id: 'urn:uuid:5b9d8f3a-1c1d-4a52-9d1e-000000000001', name: 'Thorium' };
    const first = await put(url, someone, {
      modified: now.toISOString(),
      device,
      progression: 0.5,
      references: [`/opds/v2/chapters/${free.id}/pages/9`],
    });
    expect(first.statusCode).toBe(200);
    valid(schema.progression, first.json());
    expect(first.json()).toMatchObject({ progression: 9 / 20, references: [`/opds/v2/chapters/${free.id}/pages/9`] });
    const stored = await get(url, someone);
    expect(stored.headers['content-type']).toBe('application/opds-progression+json');
    expect(stored.json()).toEqual(first.json());
    // The web reader opens there.
    const onSite = await callEndpoint(t, 'seriesProgress', { cookie: someone.cookie, params: { seriesId: comic.id } });
    expect(onSite.body.data.chapters[free.id]).toMatchObject({ page: 10 });

    const older = await put(url, someone, {
      modified: new Date(now.getTime() - 60_000).toISOString(),
      device: { id: 'urn:uuid:5b9d8f3a-1c1d-4a52-9d1e-000000000002', name: 'Old phone' },
      progression: 0.1,
    });
    expect(older.statusCode).toBe(200);
    expect(older.json()).toEqual(first.json());

    // A clock far ahead is taken as now: a later write from the site still wins.
    await put(url, someone, { modified: new Date(now.getTime() + 86_400_000).toISOString(), device, progression: 0.75 });
    t.clock.advance(1_000);
    await callEndpoint(t, 'progressSave', { cookie: someone.cookie, params: { chapterId: free.id }, body: { page: 4 } });
    expect((await get(url, someone)).json()).toMatchObject({
      progression: 3 / 20,
      references: [`/opds/v2/chapters/${free.id}/pages/3`],
    });

    for (const body of [
      {},
      { modified: 'yesterday', device, progression: 0.5 },
      { modified: now.toISOString(), device, progression: 2 },
    ]) {
      expect((await put(url, someone, body)).statusCode).toBe(400);
    }
  });

  it('a KOReader write at page 17 is the same page in the OPDS progression', async () => {
    const someone = await readerWithKey();
    const file = await get(`/download/chapters/${free.id}.cbz`, someone);
    const document = file.headers['x-koreader-document'] as string;
    const sent = await t.app.inject({
      method: 'PUT',
      url: '/koreader/syncs/progress',
      headers: {
        'content-type': 'application/json',
        'x-auth-user': someone.username,
        'x-auth-key': createHash('md5').update(someone.key).digest('hex'),
      },
      payload: { document, progress: '17', percentage: 0.85, device: 'Kindle' },
    });
    expect(sent.statusCode).toBe(200);
    expect((await get(`/opds/v2/chapters/${free.id}/progression`, someone)).json()).toMatchObject({
      progression: 16 / 20,
      references: [`/opds/v2/chapters/${free.id}/pages/16`],
    });
  });
});
