import { ENDPOINTS, type EndpointName } from '@inkwell/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, buildUser } from '../../test/factories';
import { callEndpoint, createTestApp, loginAs, TEST_ORIGIN, type TestContext } from '../../test/helpers';
import { viewerOf } from '../modules/identity/access';
import { answerOwnRead, endpoint } from './endpoint';

let t: TestContext;
let readerCookie: string;
const ID = '00000000-0000-4000-8000-000000000001';

beforeAll(async () => {
  t = await createTestApp();
  readerCookie = await loginAs(t.app, await buildUser(t.db));
});
afterAll(async () => {
  await t?.close();
});

const guarded = (Object.keys(ENDPOINTS) as EndpointName[]).filter((name) => ENDPOINTS[name].access !== 'public');

describe('authorization comes before validation (issue 7 §1)', () => {
  it.each(guarded)('%s: a visitor sending garbage gets 401, never field messages', async (name) => {
    const { method, path } = ENDPOINTS[name];
    const response = await t.app.inject({
      method,
      url: path.replace(/:[A-Za-z]+/g, 'not-a-uuid') + '?page=-1&limit=abc',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: method === 'GET' || method === 'DELETE' ? undefined : '{"title": 12, "bad json"',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthorized');
    expect(response.json().error.fields).toBeUndefined();
  });

  it.each(guarded.filter((name) => ENDPOINTS[name].access === 'team' || ENDPOINTS[name].access === 'admin'))(
    '%s: a reader gets 403 whatever they send',
    async (name) => {
      const { method, path } = ENDPOINTS[name];
      const response = await t.app.inject({
        method,
        url: path.replace(/:[A-Za-z]+/g, ID),
        headers: { origin: TEST_ORIGIN, cookie: readerCookie, 'content-type': 'application/json' },
        payload: method === 'GET' || method === 'DELETE' ? undefined : '{"nonsense": true}',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('forbidden');
    },
  );

  it('every route of the table is registered with its method and path', () => {
    for (const { method, path } of Object.values(ENDPOINTS)) {
      expect(t.app.hasRoute({ method, url: path }), `${method} ${path}`).toBe(true);
    }
  });
});

describe('a reader’s own reads (issue 40)', () => {
  it('answer in process as their routes answer over HTTP, and nothing for bad params or other routes', async () => {
    const series = await buildSeries(t, { title: 'Own Reads' });
    const first = await buildChapter(t, series.id, { number: 1, slug: 'one' });
    const paid = await buildChapter(t, series.id, { number: 2, slug: 'two', price: 25 });
    const user = await buildUser(t.db);
    const cookie = await loginAs(t.app, user);
    const saved = await callEndpoint(t, 'progressSave', { cookie, params: { chapterId: first.id }, body: { completed: true } });
    expect(saved.status).toBe(200);
    const token = decodeURIComponent(cookie.split('=')[1]!);
    const account = (await t.app.services.auth.resolveSession(token))!.user;
    const reader = { user: account, viewer: viewerOf(account) };

    // Which routes a page's reader part answers in process: the ones the web app leaves out of a shared page.
    expect([...t.app.ownReads!.keys()].sort()).toEqual(['myChapterOffers', 'mySubscription', 'seriesProgress']);
    const calls = [
      { name: 'seriesProgress', params: { seriesId: series.id } },
      { name: 'myChapterOffers', params: { slug: series.slug, chapterSlug: paid.slug } },
      { name: 'mySubscription', params: {} },
    ] as const;
    for (const { name, params } of calls) {
      const overHttp = await callEndpoint(t, name, { cookie, params });
      expect(overHttp.status, name).toBe(200);
      expect(await answerOwnRead(t.app.ownReads, name, { ...reader, params }), name).toEqual({ data: overHttp.body.data });
    }
    const progress = await answerOwnRead(t.app.ownReads, 'seriesProgress', { ...reader, params: { seriesId: series.id } });
    expect((progress!.data as { chapters: Record<string, { completed: boolean }> }).chapters[first.id]?.completed).toBe(true);

    // The route would refuse these params (400): the page leaves the call to the browser.
    expect(
      await answerOwnRead(t.app.ownReads, 'seriesProgress', { ...reader, params: { seriesId: 'not-an-id' } }),
    ).toBeUndefined();
    expect(await answerOwnRead(t.app.ownReads, 'wallet', { ...reader, params: {} })).toBeUndefined();
  });

  it('are a signed-in reader’s GETs only', () => {
    const app = Fastify();
    const read = async () => ({}) as never;
    expect(() => endpoint(app, 'series', { ownRead: read })).toThrow(/signed-in reader's GET/);
    expect(() => endpoint(app, 'progressSave', { ownRead: read })).toThrow(/signed-in reader's GET/);
    expect(() => endpoint(app, 'adminPlans', { ownRead: read })).toThrow(/signed-in reader's GET/);
  });
});
