import { ENDPOINTS, type EndpointName } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { createTestApp, loginAs, TEST_ORIGIN, type TestContext } from '../../test/helpers';

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
