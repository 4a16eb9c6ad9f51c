import { ROUTES } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/helpers';
import { allowedOrigins } from './origin-check';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { WEB_ORIGINS: 'https://app.example' } });
});
afterAll(async () => {
  await t?.close();
});

const login = (headers: Record<string, string>, user: { username: string; password: string }) =>
  t.app.inject({
    method: 'POST',
    url: ROUTES.login.path,
    headers,
    payload: { username: user.username, password: user.password },
  });

describe('the Origin check (issue 7 §4.14)', () => {
  it('refuses a foreign Origin even when the Host header names the same site', async () => {
    const user = await buildUser(t.db);
    for (const [host, origin] of [
      ['evil.example', 'http://evil.example'],
      ['evil.example:8443', 'https://evil.example:8443'],
    ]) {
      const response = await login({ host: host!, origin: origin! }, user);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('foreign_origin');
      expect(response.cookies).toEqual([]);
    }
  });

  it("lets in PUBLIC_URL's origin and WEB_ORIGINS, whatever the Host", async () => {
    const user = await buildUser(t.db);
    expect((await login({ host: 'internal:3000', origin: TEST_ORIGIN }, user)).statusCode).toBe(200);
    expect((await login({ host: 'evil.example', origin: 'https://app.example' }, user)).statusCode).toBe(200);
  });

  it('takes the other loopback names of a loopback PUBLIC_URL, on its port only', () => {
    const allowed = allowedOrigins('http://localhost:3000', []);
    expect(allowed).toEqual(new Set(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']));
    expect(allowedOrigins('https://inkwell.example', ['https://app.example'])).toEqual(
      new Set(['https://inkwell.example', 'https://app.example']),
    );
  });
});
