import { JSON_BODY_MAX_BYTES, NOVEL_TEXT_MAX_CHARS, UNSUBSCRIBE_PATH } from '@inkwell/contract';
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
  it("sends an API answer the headers that act on it, and a document under /api a document's", async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/proxy/public/verify' });
    // JSON loads nothing and is framed nowhere; the headers only a document reads are left off.
    expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(answer.headers['cross-origin-resource-policy']).toBe('same-site');
    for (const name of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection', 'x-dns-prefetch-control']) {
      expect(answer.headers[name], name).toBeUndefined();
    }
    // An error is JSON too.
    expect((await t.app.inject({ method: 'GET', url: '/api/nope' })).headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );

    // The API's documentation and the unsubscribe page are pages: all of helmet's headers, and the
    // site's policy where the page sets none of its own (the documentation's UI does).
    const unsubscribe = await t.app.inject({ method: 'GET', url: `${UNSUBSCRIBE_PATH}?token=nothing` });
    expect(unsubscribe.headers['content-security-policy']).toBe(t.app.csp.strict);
    expect(t.app.csp.strict).toContain("default-src 'self'");
    expect(t.app.csp.strict).toContain("frame-ancestors 'none'");
    const documentation = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(String(documentation.headers['content-security-policy'])).toContain("script-src 'self'");
    for (const [url, page] of [
      ['unsubscribe', unsubscribe],
      ['documentation', documentation],
    ] as const) {
      expect(String(page.headers['content-type']), url).toContain('text/html');
      expect(page.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(page.headers['x-xss-protection'], url).toBe('0');
      expect(page.headers['x-content-type-options'], url).toBe('nosniff');
    }
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
