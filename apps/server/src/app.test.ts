import { JSON_BODY_MAX_BYTES, NOVEL_TEXT_MAX_CHARS } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../test/factories';
import { callEndpoint, createTestApp, loginAs, type TestContext } from '../test/helpers';

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

  it('serves the OpenAPI document: the public calls to anyone, every call to the team', async () => {
    const readerCookie = await loginAs(t.app, await buildUser(t.db));
    const editorCookie = await loginAs(t.app, await buildUser(t.db, { role: 'editor' }));
    const pathsFor = async (cookie?: string) => {
      const response = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: cookie ? { cookie } : {} });
      expect(response.statusCode).toBe(200);
      return Object.keys(response.json().paths);
    };
    for (const cookie of [undefined, readerCookie]) {
      const paths = await pathsFor(cookie);
      expect(paths).toEqual(expect.arrayContaining(['/api/proxy/public/verify', '/api/proxy/public/login']));
      for (const hidden of ['/api/proxy/secure/profiledata', '/api/omegascans/secure/me/get/notification']) {
        expect(paths).not.toContain(hidden);
      }
      expect(paths.some((path) => path.includes('/team/') || path.includes('/admin/'))).toBe(false);
    }
    const all = await pathsFor(editorCookie);
    expect(all).toEqual(
      expect.arrayContaining([
        '/api/proxy/public/verify',
        '/api/proxy/secure/logoutUser',
        '/api/proxy/secure/profiledata',
        '/api/omegascans/secure/me/get/notification',
      ]),
    );
    expect(all.some((path) => path.includes('/team/'))).toBe(true);
  });

  it('answers the site settings and health publicly', async () => {
    const settings = await t.app.inject({ method: 'GET', url: '/api/public/omegascans/public/site-settings' });
    expect(settings.json()).toMatchObject({ success: true, data: { siteName: 'Inkwell' } });
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    // Each part apart, for a load balancer; no versions.
    expect(health.json()).toEqual({
      ok: true,
      database: 'up',
      redis: process.env.REDIS_URL ? 'up' : 'memory',
      jobs: 'up',
      draining: false,
    });
  });

  it('refuses a body over the JSON limit with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/proxy/public/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x', password: 'y'.repeat(JSON_BODY_MAX_BYTES) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('payload_too_large');
  });
});

describe('team bodies', () => {
  let editor: string;
  beforeAll(async () => {
    editor = await loginAs(t.app, await buildUser(t.db, { role: 'editor' }));
  });
  // Issue 7 §4.7: 340,000 CJK characters were a 413 under the old 1 MB limit.
  it('takes a novel chapter of 399,000 CJK characters (about 1.2 MB of UTF-8), on create and on edit', async () => {
    const series = await callEndpoint(t, 'teamSeriesCreate', { cookie: editor, body: { type: 'novel', title: '长篇小说' } });
    expect(series.status, JSON.stringify(series.body)).toBe(201);
    const text = '春眠不觉晓处处闻啼鸟'.repeat(39_900);
    expect(text.length).toBe(399_000);
    expect(text.length).toBeLessThan(NOVEL_TEXT_MAX_CHARS);
    const created = await callEndpoint(t, 'teamChapterCreate', {
      cookie: editor,
      params: { id: series.body.data.id },
      body: { number: 1, content: text },
    });
    expect(created.status, JSON.stringify(created.body).slice(0, 300)).toBe(201);
    const edited = await callEndpoint(t, 'teamChapterUpdate', {
      cookie: editor,
      params: { id: created.body.data.id },
      body: { content: `${text.slice(0, -1)}夜` },
    });
    expect(edited.status, JSON.stringify(edited.body).slice(0, 300)).toBe(200);
  });

  // Issue 7 §4.12.
  it.each(['//evil.example/x', '/\\evil.example'])('refuses the banner link %j', async (link) => {
    const response = await callEndpoint(t, 'teamBannerCreate', { cookie: editor, body: { title: 'Elsewhere', link } });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toHaveProperty('link');
  });

  it('takes a banner link to a page of the site', async () => {
    const response = await callEndpoint(t, 'teamBannerCreate', {
      cookie: editor,
      body: { title: 'Here', link: '/SeriesView/some-series' },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
  });
});
