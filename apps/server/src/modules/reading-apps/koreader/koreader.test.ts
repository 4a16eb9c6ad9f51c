import { createHash } from 'node:crypto';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, buildUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, loginAs, type TestContext } from '../../../../test/helpers';

let t: TestContext;
let comic: { id: string; slug: string };
let novel: { id: string; slug: string };
let strip: { id: string };
let letter: { id: string };
let reader: Awaited<ReturnType<typeof readerWithKey>>;

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

async function readerWithKey() {
  const user = await buildUser(t.db);
  const cookie = await loginAs(t.app, user);
  const made = (await callEndpoint(t, 'deviceKeyCreate', { cookie, body: { name: 'KOReader' } })).body.data;
  return { username: user.username, password: user.password, cookie, key: made.key as string, keyId: made.id as string };
}

type Reader = { username: string; key: string };
/** A request as KOReader makes it: its Accept header, the username and the key's MD5. */
const kosync = (method: 'GET' | 'PUT' | 'POST', url: string, who?: Reader, body?: unknown, contentType = 'application/json') =>
  t.app.inject({
    method,
    url: `/koreader${url}`,
    headers: {
      accept: 'application/vnd.koreader.v1+json',
      ...(who ? { 'x-auth-user': who.username, 'x-auth-key': md5(who.key) } : {}),
      ...(body === undefined ? {} : { 'content-type': contentType }),
    },
    ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
  });

beforeAll(async () => {
  t = await createTestApp();
  comic = await buildSeries(t, { title: 'Sync Lanterns' });
  novel = await buildSeries(t, { type: 'novel', title: 'Sync Letters' });
  strip = await buildChapter(t, comic.id, { number: 1, pages: 20 });
  letter = await buildChapter(t, novel.id, {
    number: 1,
    content: Array.from({ length: 10 }, (_, i) => `<p>Paragraph ${i + 1}.</p>`).join(''),
  });
  reader = await readerWithKey();
});
afterAll(async () => {
  await t?.close();
});

describe('KOReader sync: the reference server’s answers (issue 19 §5)', () => {
  it('answers the health check, refuses registration (accounts are made on the site) and checks a key', async () => {
    const health = await kosync('GET', '/healthcheck');
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-type']).toContain('application/json');
    expect(health.json()).toEqual({ state: 'OK' });
    for (const body of [
      { username: 'new-reader', password: md5('secret') },
      { username: '', password: '' },
    ]) {
      const create = await kosync('POST', '/users/create', undefined, body);
      expect(create.statusCode).toBe(402);
      expect(create.json()).toEqual({ code: 2005, message: 'User registration is disabled.' });
    }
    const auth = await kosync('GET', '/users/auth', reader);
    expect(auth.statusCode).toBe(200);
    expect(auth.json()).toEqual({ authorized: 'OK' });
  });

  it('refuses a wrong key, the password’s MD5, upper-case hex, a colon in the name and a revoked key with 401/2001', async () => {
    const revoked = await readerWithKey();
    await callEndpoint(t, 'deviceKeyRevoke', { cookie: revoked.cookie, params: { id: revoked.keyId } });
    const refused = [
      { username: reader.username, key: `${reader.key}x` },
      { username: reader.username, key: reader.password },
      { username: `${reader.username}:x`, key: reader.key },
      revoked,
    ];
    for (const who of refused) {
      for (const answer of [await kosync('GET', '/users/auth', who), await kosync('GET', '/syncs/progress/abc', who)]) {
        expect(answer.statusCode).toBe(401);
        expect(answer.json()).toEqual({ code: 2001, message: 'Unauthorized' });
      }
    }
    const upper = await t.app.inject({
      method: 'GET',
      url: '/koreader/users/auth',
      headers: { 'x-auth-user': reader.username, 'x-auth-key': md5(reader.key).toUpperCase() },
    });
    expect(upper.statusCode).toBe(401);
    expect((await kosync('GET', '/users/auth')).statusCode).toBe(401);
  });

  it('stores a position and answers it back as it was sent, last write winning; {} for an unknown document', async () => {
    const put = await kosync('PUT', '/syncs/progress', reader, {
      document: 'DOC_one',
      progress: '/body/DocFragment[11]/body/div/p[7]/text().123',
      percentage: 0.31879884821061,
      device: 'Kobo_clara',
      device_id: '1A2B3C',
      timestamp: 1,
      metadata: { title: 'ignored' },
    });
    expect(put.statusCode).toBe(200);
    const { document, timestamp } = put.json();
    expect(document).toBe('DOC_one');
    expect(timestamp).toBe(Math.floor(t.clock.now().getTime() / 1000));
    expect(Object.keys(put.json()).sort()).toEqual(['document', 'timestamp']);

    const got = await kosync('GET', '/syncs/progress/DOC_one', reader);
    expect(got.json()).toEqual({
      document: 'DOC_one',
      progress: '/body/DocFragment[11]/body/div/p[7]/text().123',
      percentage: 0.31879884821061,
      device: 'Kobo_clara',
      device_id: '1A2B3C',
      timestamp,
    });
    // A lower percentage later still wins; 0 is a place; a text body is read as JSON too.
    await kosync(
      'PUT',
      '/syncs/progress',
      reader,
      JSON.stringify({ document: 'DOC_one', progress: '56', percentage: 0, device: 'b' }),
      'text/plain',
    );
    expect((await kosync('GET', '/syncs/progress/DOC_one', reader)).json()).toMatchObject({
      progress: '56',
      percentage: 0,
      device: 'b',
      device_id: '1A2B3C',
    });

    const unknown = await kosync('GET', '/syncs/progress/DOC_never', reader);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({});
    // Another reader never sees it.
    const other = await readerWithKey();
    expect((await kosync('GET', '/syncs/progress/DOC_one', other)).json()).toEqual({});
  });

  it('takes `progress` as a number or a string, as the reference server does, and answers it as a string', async () => {
    // The bodies KOReader's kosync plugin sends, byte for byte: a paged document's page as a number
    // (newer clients) or as a string (older ones, which `tostring` it).
    const sent = [
      ['{"document":"DOC_paged","progress":17,"percentage":0.85,"device":"Kindle","device_id":"A1B2"}', '17'],
      ['{"document":"DOC_paged","progress":"18","percentage":0.9,"device":"Kindle","device_id":"A1B2"}', '18'],
      ['{"document":"DOC_paged","progress":2.5,"percentage":0.125,"device":"Kindle","device_id":"A1B2"}', '2.5'],
    ] as const;
    for (const [body, kept] of sent) {
      t.clock.advance(1_000);
      const put = await kosync('PUT', '/syncs/progress', reader, body);
      expect(put.statusCode, body).toBe(200);
      expect(put.json()).toEqual({ document: 'DOC_paged', timestamp: Math.floor(t.clock.now().getTime() / 1000) });
      const got = await kosync('GET', '/syncs/progress/DOC_paged', reader);
      expect(got.json()).toEqual({
        document: 'DOC_paged',
        progress: kept,
        percentage: JSON.parse(body).percentage,
        device: 'Kindle',
        device_id: 'A1B2',
        timestamp: Math.floor(t.clock.now().getTime() / 1000),
      });
    }
  });

  it('moves the reader’s place in our CBZ when KOReader sends its page as a number', async () => {
    const someone = await readerWithKey();
    const file = await t.app.inject({
      method: 'GET',
      url: `/download/chapters/${strip.id}.cbz`,
      headers: { authorization: `Basic ${Buffer.from(`${someone.username}:${someone.key}`).toString('base64')}` },
    });
    const document = file.headers['x-koreader-document'] as string;
    const put = await kosync(
      'PUT',
      '/syncs/progress',
      someone,
      `{"document":"${document}","progress":12,"percentage":0.6,"device":"Kobo","device_id":"K1"}`,
    );
    expect(put.statusCode).toBe(200);
    const onSite = await callEndpoint(t, 'seriesProgress', { cookie: someone.cookie, params: { seriesId: comic.id } });
    expect(onSite.body.data.chapters[strip.id]).toMatchObject({ page: 12 });
    expect((await kosync('GET', `/syncs/progress/${document}`, someone)).json()).toMatchObject({
      progress: '12',
      device: 'Kobo',
    });
  });

  it('answers the reference server’s errors for bad bodies', async () => {
    const cases: [unknown, number, number][] = [
      [{ progress: '1', percentage: 0.5, device: 'x' }, 403, 2004],
      [{ document: 'has:colon', progress: '1', percentage: 0.5, device: 'x' }, 403, 2004],
      [{ document: 'DOC_partial' }, 403, 2003],
      [{ document: 'DOC_partial', progress: '1', percentage: 'half', device: 'x' }, 403, 2003],
      [{ document: 'DOC_partial', progress: true, percentage: 0.5, device: 'x' }, 403, 2003],
      [{ document: 'DOC_partial', progress: { page: 1 }, percentage: 0.5, device: 'x' }, 403, 2003],
      [{ document: 'DOC_partial', progress: null, percentage: 0.5, device: 'x' }, 403, 2003],
      ['{not json', 400, 103],
      [[1, 2], 400, 104],
    ];
    for (const [body, status, code] of cases) {
      const answer = await kosync('PUT', '/syncs/progress', reader, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(status);
      expect(answer.json().code).toBe(code);
    }
    expect((await kosync('GET', '/syncs/progress/DOC_partial', reader)).json()).toEqual({});
    const stray = await kosync('GET', '/syncs/progress', reader);
    expect(stray.statusCode).toBe(404);
    expect(stray.headers['content-type']).toContain('application/json');
  });
});

describe('one reading position across the web, OPDS and KOReader (issue 19 §6)', () => {
  const basic = (who: Reader) => `Basic ${Buffer.from(`${who.username}:${who.key}`).toString('base64')}`;
  const documentOf = async (path: string, who: Reader) => {
    const file = await t.app.inject({ method: 'GET', url: `/download/chapters/${path}`, headers: { authorization: basic(who) } });
    expect(file.statusCode).toBe(200);
    return file.headers['x-koreader-document'] as string;
  };
  const lastRead = async (who: Reader) => {
    const feed = await t.app.inject({
      method: 'GET',
      url: `/opds/v1.2/series/${comic.slug}`,
      headers: { authorization: basic(who) },
    });
    const doc = new JSDOM(feed.body, { contentType: 'application/xml' }).window.document;
    const link = [...doc.getElementsByTagName('link')].find(
      (l) => l.getAttribute('rel') === 'http://vaemendis.net/opds-pse/stream',
    );
    return link?.getAttributeNS('http://vaemendis.net/opds-pse/ns', 'lastRead');
  };

  it('a KOReader write at page 17 of the CBZ is the OPDS lastRead and the web reader’s page, and the web’s later page is KOReader’s', async () => {
    const someone = await readerWithKey();
    const document = await documentOf(`${strip.id}.cbz`, someone);
    expect(document).toMatch(/^[0-9a-f]{32}$/);
    await kosync('PUT', '/syncs/progress', someone, { document, progress: '17', percentage: 0.85, device: 'Kindle' });
    expect(await lastRead(someone)).toBe('17');
    const onSite = await callEndpoint(t, 'seriesProgress', { cookie: someone.cookie, params: { seriesId: comic.id } });
    expect(onSite.body.data.chapters[strip.id]).toMatchObject({ page: 17, completed: false });

    // Fetching an earlier page through OPDS never moves the place back.
    await t.app.inject({
      method: 'GET',
      url: `/opds/v1.2/chapters/${strip.id}/pages/2`,
      headers: { authorization: basic(someone) },
    });
    expect(await lastRead(someone)).toBe('17');

    // Later, on the site, page 19: KOReader is told so, as a page of its file.
    t.clock.advance(5_000);
    await callEndpoint(t, 'progressSave', { cookie: someone.cookie, params: { chapterId: strip.id }, body: { page: 19 } });
    expect((await kosync('GET', `/syncs/progress/${document}`, someone)).json()).toMatchObject({
      document,
      progress: '19',
      percentage: 19 / 20,
      device: 'Inkwell',
      timestamp: Math.floor(t.clock.now().getTime() / 1000),
    });
    // And KOReader's own string once it writes again.
    t.clock.advance(5_000);
    await kosync('PUT', '/syncs/progress', someone, { document, progress: '20', percentage: 1, device: 'Kindle' });
    expect((await kosync('GET', `/syncs/progress/${document}`, someone)).json()).toMatchObject({
      progress: '20',
      device: 'Kindle',
    });
    const done = await callEndpoint(t, 'seriesProgress', { cookie: someone.cookie, params: { seriesId: comic.id } });
    expect(done.body.data.chapters[strip.id]).toMatchObject({ page: 20, completed: true });
  });

  it('a paragraph KOReader reads in the EPUB is the place on the site, and the site’s place is a paragraph for KOReader', async () => {
    const someone = await readerWithKey();
    const document = await documentOf(`${letter.id}.epub`, someone);
    await kosync('PUT', '/syncs/progress', someone, {
      document,
      progress: '/body/DocFragment/body/p[7]/text().3',
      percentage: 0.64,
      device: 'Kobo',
    });
    const onSite = await callEndpoint(t, 'seriesProgress', { cookie: someone.cookie, params: { seriesId: novel.id } });
    expect(onSite.body.data.chapters[letter.id].position).toBeCloseTo(0.6, 5);
    expect((await kosync('GET', `/syncs/progress/${document}`, someone)).json().progress).toBe(
      '/body/DocFragment/body/p[7]/text().3',
    );
    t.clock.advance(5_000);
    await callEndpoint(t, 'progressSave', { cookie: someone.cookie, params: { chapterId: letter.id }, body: { position: 0.25 } });
    expect((await kosync('GET', `/syncs/progress/${document}`, someone)).json()).toMatchObject({
      progress: '/body/DocFragment/body/p[3]',
      percentage: 0.25,
    });
  });
});
