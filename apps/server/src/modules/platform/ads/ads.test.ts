import { ROUTES, SITE_CONFIG_KEYS, type AdsConfigResponse } from '@inkwell/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, loginAs, TEST_ORIGIN, type TestContext } from '../../../../test/helpers';
import { DEMO_ADS, seedDemoAds } from '../../../demo/seed-ads';
import { seedDemoStore } from '../../../demo/seed-store';
import { SESSION_COOKIE } from '../../identity/auth/auth.constants';
import { writeConfigValue } from '../../team/site-config';
import { SITE_CONFIG_CACHE_MS } from '../../team/site-config/site-config.service';

const SCRIPTS = '<script async src="https://ads.example/tag.js"></script><ins class="ad" data-slot="42"></ins>';
/** A stand-in for the built SPA, with the tags Vite writes: the entry script and its module preloads. */
const INDEX = [
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Inkwell</title>',
  '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/chunk-def.js">',
  '<link rel="stylesheet" crossorigin href="/assets/index-ghi.css">',
  '</head><body><div id="root"></div></body></html>',
].join('\n');

let t: TestContext;
let cookies: { reader: string; premium: string; editor: string; admin: string };

beforeAll(async () => {
  t = await createTestApp({ indexHtml: INDEX });
  await seedDemoStore(t.db);
  const premiumReader = await buildUser(t.db);
  const premium = await loginAs(t.app, premiumReader);
  // An active subscription, bought through the built-in test checkout as a reader would.
  const plans = await t.app.inject({ method: 'GET', url: ROUTES.plans.path });
  const planId = (plans.json().data.items as { id: string; name: string }[]).find((plan) => plan.name === 'Reader')!.id;
  const started = await t.app.inject({
    method: 'POST',
    url: ROUTES.checkout.path,
    headers: { origin: TEST_ORIGIN, cookie: premium },
    payload: { kind: 'plan', planId },
  });
  const purchaseId = started.json().data.purchaseId as string;
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/payments/test-checkout/${purchaseId}/complete`,
    headers: { origin: TEST_ORIGIN, cookie: premium },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  cookies = {
    reader: await loginAs(t.app, await buildUser(t.db)),
    premium,
    editor: await loginAs(t.app, await buildUser(t.db, { role: 'editor' })),
    admin: await loginAs(t.app, await buildUser(t.db, { role: 'admin' })),
  };
});
afterAll(async () => {
  await t?.close();
});

/** Writes the ads setting straight to site_config, then lets the few seconds an instance keeps the configuration pass. */
async function setAds(value: unknown) {
  await writeConfigValue(t.db, SITE_CONFIG_KEYS.ads, value);
  t.clock.advance(SITE_CONFIG_CACHE_MS + 1);
}
async function clearAds() {
  await t.db.execute(sql`delete from site_config where key = 'ads'`);
  t.clock.advance(SITE_CONFIG_CACHE_MS + 1);
}

async function adsConfig(cookie?: string) {
  const response = await callEndpoint(t, 'adsConfig', { cookie });
  expect(response.status).toBe(200);
  return { body: response.body as AdsConfigResponse, headers: response.headers };
}

describe('GET …/secure/ads/ads-config', () => {
  beforeEach(async () => {
    await setAds({ enabled: true, scripts: SCRIPTS });
  });

  it('has the exact path of SPEC §7', () => {
    expect(ROUTES.adsConfig.path).toBe('/api/public/omegascans/public/secure/ads/ads-config');
    expect(ROUTES.adsConfig.method).toBe('GET');
  });

  it('shows a visitor the ads, with the role Visitor, and is never cached', async () => {
    const { body, headers } = await adsConfig();
    expect(body).toEqual({
      success: true,
      show_ads: true,
      config: { ad_scripts: SCRIPTS },
      user_status: { isTeamMember: false, isPremium: false, isAuthenticated: false, role: 'Visitor' },
      reason: 'ads_enabled',
    });
    expect(headers['cache-control']).toBe('no-store');
  });

  it('shows a reader without a plan the ads', async () => {
    const { body, headers } = await adsConfig(cookies.reader);
    expect(body).toEqual({
      success: true,
      show_ads: true,
      config: { ad_scripts: SCRIPTS },
      user_status: { isTeamMember: false, isPremium: false, isAuthenticated: true, role: 'reader' },
      reason: 'ads_enabled',
    });
    expect(headers['cache-control']).toBe('no-store');
  });

  it('shows a premium reader none, and does not send them the scripts', async () => {
    const { body } = await adsConfig(cookies.premium);
    expect(body).toEqual({
      success: true,
      show_ads: false,
      config: null,
      user_status: { isTeamMember: false, isPremium: true, isAuthenticated: true, role: 'reader' },
      reason: 'premium',
    });
  });

  it('shows the team none: editors and admins', async () => {
    expect((await adsConfig(cookies.editor)).body).toEqual({
      success: true,
      show_ads: false,
      config: null,
      user_status: { isTeamMember: true, isPremium: false, isAuthenticated: true, role: 'editor' },
      reason: 'team_member',
    });
    const { body, headers } = await adsConfig(cookies.admin);
    expect(body).toEqual({
      success: true,
      show_ads: false,
      config: null,
      user_status: { isTeamMember: true, isPremium: false, isAuthenticated: true, role: 'admin' },
      reason: 'team_member',
    });
    expect(headers['cache-control']).toBe('no-store');
  });

  it('shows no one ads while the admin has them off, whatever the scripts', async () => {
    await setAds({ enabled: false, scripts: SCRIPTS });
    expect((await adsConfig()).body).toEqual({
      success: true,
      show_ads: false,
      config: null,
      user_status: { isTeamMember: false, isPremium: false, isAuthenticated: false, role: 'Visitor' },
      reason: 'ads_disabled',
    });
    expect((await adsConfig(cookies.reader)).body).toMatchObject({ show_ads: false, config: null, reason: 'ads_disabled' });
    expect((await adsConfig(cookies.admin)).body).toMatchObject({
      show_ads: false,
      reason: 'ads_disabled',
      user_status: { role: 'admin' },
    });
  });

  it('shows no ads when ads are on without scripts (blank markup counts as none)', async () => {
    await setAds({ enabled: true, scripts: '  \n ' });
    expect((await adsConfig()).body).toEqual({
      success: true,
      show_ads: false,
      config: null,
      user_status: { isTeamMember: false, isPremium: false, isAuthenticated: false, role: 'Visitor' },
      reason: 'no_scripts',
    });
    expect((await adsConfig(cookies.reader)).body).toMatchObject({
      show_ads: false,
      reason: 'no_scripts',
      user_status: { role: 'reader' },
    });
  });

  it('has ads off until an admin sets them, and reads a damaged setting as off', async () => {
    await clearAds();
    expect((await adsConfig()).body).toMatchObject({ show_ads: false, config: null, reason: 'ads_disabled' });
    await setAds({ enabled: 'yes', scripts: 42 });
    expect((await adsConfig()).body).toMatchObject({ show_ads: false, config: null, reason: 'ads_disabled' });
  });

  it('treats a stale or made-up session cookie as a visitor', async () => {
    const { body } = await adsConfig(`${SESSION_COOKIE}=not-a-session`);
    expect(body).toMatchObject({ show_ads: true, user_status: { isAuthenticated: false, role: 'Visitor' } });
  });
});

describe('the demo ads', () => {
  it('seeds the house ad once, and keeps what an admin saved', async () => {
    await clearAds();
    await seedDemoAds(t.db);
    t.clock.advance(SITE_CONFIG_CACHE_MS + 1);
    expect((await adsConfig()).body).toMatchObject({ show_ads: true, config: { ad_scripts: DEMO_ADS.scripts } });
    expect(DEMO_ADS.scripts).toContain('src="/ads/house-ad.js"');
    await setAds({ enabled: false, scripts: '' });
    await seedDemoAds(t.db);
    t.clock.advance(SITE_CONFIG_CACHE_MS + 1);
    expect((await adsConfig()).body.reason).toBe('ads_disabled');
  });
});

describe('the Content-Security-Policy of the pages', () => {
  const page = (url: string) => t.app.inject({ method: 'GET', url });
  const nonceOf = (csp: string) => /script-src 'self' 'nonce-([^']+)'(;|$)/.exec(csp)?.[1];
  const directive = (csp: string, name: string) =>
    csp
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${name} `));

  it('gives a public reading page a fresh nonce per response, on its script tags, its preloads and its meta tag', async () => {
    const seen = new Set<string>();
    for (const url of ['/', '/', '/comics', '/SeriesView/some-series/chapter-1', '/announcements/news', '/buy/subscriptions']) {
      const response = await page(url);
      const csp = String(response.headers['content-security-policy']);
      const nonce = nonceOf(csp);
      expect(nonce, url).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(seen.has(nonce!), url).toBe(false);
      seen.add(nonce!);
      expect(response.body).toContain(`<script nonce="${nonce}" type="module" crossorigin src="/assets/index-abc.js"></script>`);
      expect(response.body).toContain(`<link nonce="${nonce}" rel="modulepreload" crossorigin href="/assets/chunk-def.js">`);
      expect(response.body).toContain(`<meta property="csp-nonce" nonce="${nonce}" />`);
      // Styles are not nonce-checked (a nonce in style-src would turn 'unsafe-inline' off).
      expect(response.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-ghi.css">');
      expect(response.body).not.toContain('__INKWELL_CSP_NONCE__');
      // Our scripts and this answer's inline ones only: no ad runs in the page (decision 0025).
      expect(directive(csp, 'script-src'), url).toBe(`script-src 'self' 'nonce-${nonce}'`);
      expect(csp, url).not.toContain('strict-dynamic');
      expect(csp, url).not.toContain('https:');
      // The rest is the strict policy's; the ad frame is ours (default-src 'self').
      expect(csp.replace(` 'nonce-${nonce}'`, '')).toBe(String((await page('/Dashboard')).headers['content-security-policy']));
      expect(directive(csp, 'default-src')).toBe("default-src 'self'");
      expect(directive(csp, 'style-src')).toBe("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      // Never kept by a shared cache, where its nonce would be everyone's.
      expect(response.headers['cache-control'], url).toBe('private, no-cache');
    }
  });

  it("keeps the strict CSP, and no nonce, on the dashboard, the Reader's Area, checkout and the sign-in pages", async () => {
    const adFree = [
      '/Dashboard',
      '/Dashboard/Series/Series',
      '/profile/me',
      '/profile/bookmarks',
      '/protect/segure/password/reset-password',
      '/buy/checkout/x',
      '/profile/notifications',
      '/login',
      '/register',
      '/forgot-password',
      '/reset-password?token=abc',
      // The web router matches without regard to case, and decodes the path.
      '/dashboard',
      '/DASHBOARD/Users',
      '/%44ashboard',
      '//profile/me',
      '/Buy/Checkout/x',
    ];
    for (const url of adFree) {
      const response = await page(url);
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).not.toContain('nonce');
      expect(csp, url).not.toContain('strict-dynamic');
      expect(csp, url).not.toContain('https:');
      expect(response.body, url).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
      expect(response.body, url).not.toContain('nonce');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('never serves index.html as a file (its nonce placeholder and the strict CSP would not match)', async () => {
    const response = await page('/index.html');
    expect(response.body).not.toContain('__INKWELL_CSP_NONCE__');
    expect(nonceOf(String(response.headers['content-security-policy']))).toBeDefined();
  });

  it('gives API answers a policy that runs nothing, never a nonce', async () => {
    const response = await t.app.inject({ method: 'GET', url: ROUTES.adsConfig.path });
    expect(String(response.headers['content-security-policy'])).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});

describe('the ad frame (issue 20 §3)', () => {
  const frame = () => t.app.inject({ method: 'GET', url: '/ad-frame?slot=home' });

  it("serves the admin's markup in a document of its own, its scripts under this answer's nonce, with the reporter", async () => {
    await setAds({ enabled: true, scripts: SCRIPTS });
    const first = await frame();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(first.headers['content-security-policy']);
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(first.body).toContain(
      `<script nonce="${nonce}" async src="https://ads.example/tag.js"></script><ins class="ad" data-slot="42"></ins>`,
    );
    // The frame's own reporter tells the page when the ad's container shows.
    expect(first.body).toContain(`<script nonce="${nonce}">(function () {`);
    expect(first.body).toContain("type: 'inkwell-ad'");
    // A fresh nonce each time; never kept by a cache; framed only by our own pages.
    const second = await frame();
    expect(/script-src 'nonce-([^']+)'/.exec(String(second.headers['content-security-policy']))?.[1]).not.toBe(nonce);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(csp).toContain("frame-ancestors 'self'");
  });

  it("names nothing of ours in the frame's policy: the ad networks' origins only", async () => {
    await setAds({ enabled: true, scripts: SCRIPTS });
    const csp = String((await frame()).headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain("'self' ");
    expect(csp).toMatch(/connect-src https:( http:)?;/);
    expect(csp).toContain("form-action 'none'");
  });

  it("answers a call from the frame's opaque origin as a visitor's, even with the reader's cookie", async () => {
    const asReader = await t.app.inject({ method: 'GET', url: ROUTES.profile.path, headers: { cookie: cookies.reader } });
    expect(asReader.statusCode).toBe(200);
    const fromFrame = await t.app.inject({
      method: 'GET',
      url: ROUTES.profile.path,
      headers: { cookie: cookies.reader, origin: 'null' },
    });
    expect(fromFrame.statusCode).toBe(401);
  });

  it('is empty while ads are off, whatever the scripts', async () => {
    await setAds({ enabled: false, scripts: SCRIPTS });
    const answer = await frame();
    expect(answer.statusCode).toBe(200);
    expect(answer.body).not.toContain('ads.example');
  });
});
