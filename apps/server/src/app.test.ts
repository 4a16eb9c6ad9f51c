import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the API as a whole', () => {
  it('sends security headers with a CSP', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/proxy/public/verify' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers an unknown API path with a JSON not_found', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, error: { code: 'not_found' } });
  });

  it('serves the OpenAPI document with the account calls', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/proxy/public/verify',
        '/api/proxy/public/login',
        '/api/proxy/secure/logoutUser',
        '/api/proxy/secure/profiledata',
        '/api/omegascans/secure/me/get/notification',
      ]),
    );
  });

  it('answers the site settings and health publicly', async () => {
    const settings = await t.app.inject({ method: 'GET', url: '/api/public/omegascans/public/site-settings' });
    expect(settings.json()).toMatchObject({ success: true, data: { siteName: 'Inkwell' } });
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toEqual({ ok: true });
  });

  it('refuses an oversized body with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/proxy/public/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x', password: 'y'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('payload_too_large');
  });
});
