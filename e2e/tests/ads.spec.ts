import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page, type Response } from '@playwright/test';
import { BASE_URL } from '../support/server';
import { openPage, waitForStillPage } from '../support/navigation';
import { logInAs, registerByApi } from '../support/auth';

/**
 * Issue 10 §1, issue 20 §3: ads. The demo seeds ads on with the house ad (apps/web/public/ads/
 * house-ad.js, from our own origin), which fills each slot with an Inkwell Premium promotion. Ads
 * run in a sandboxed frame of their own (/ad-frame), never in the page.
 */
const COMIC = { slug: 'the-lantern-keeper', title: 'The Lantern Keeper' };
const CHAPTER = `/SeriesView/${COMIC.slug}/chapter-1`;
const SERIES = `/SeriesView/${COMIC.slug}`;
const HOUSE_AD = '**/ads/house-ad.js';
const stamp = Date.now().toString(36);

const slot = (page: Page, placement: string) => page.locator(`[data-ad-slot="${placement}"]`);
const adIn = (page: Page, placement: string) => slot(page, placement).frameLocator('iframe');
const cspOf = (response: Response | null) => response?.headers()['content-security-policy'] ?? '';

/** A reader of their own, signed in through the API in a new browser context; `premium` buys the Reader plan through the test checkout. */
async function readerContext(browser: Browser, name: string, { premium = false } = {}) {
  const context = await browser.newContext({ baseURL: BASE_URL });
  const api = context.request;
  const account = { email: `${name}.${stamp}@example.com`, username: `${name}_${stamp}`, password: 'velvet-harbour-62' };
  await registerByApi(api, account);
  if (premium) {
    const plans = (await (await api.get('/api/public/omegascans/public/store/plans')).json()).data.items as {
      id: string;
      name: string;
    }[];
    const purchaseId = await startCheckout(api, { kind: 'plan', planId: plans.find((plan) => plan.name === 'Reader')!.id });
    expect((await api.post(`/api/payments/test-checkout/${purchaseId}/complete`)).ok()).toBe(true);
  }
  return { context, page: await context.newPage(), api };
}

/** The ad calls a page makes from now on: the config (SPEC §7) and the ad script. */
function logAdRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (/\/ads\/house-ad\.js|\/secure\/ads\/ads-config|\/ad-frame/.test(request.url()))
      asked.push(new URL(request.url()).pathname);
  });
  return asked;
}

/**
 * The page (hydrated: openPage waited) asks for the config as its slots mount, then for the script:
 * once its requests have settled, what was not asked never will be. The session already says
 * premium or team, so neither is asked, and no slot is drawn.
 */
async function expectNoAdAsked(page: Page, asked: string[]) {
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);
  await expect(page.locator('[data-ad-slot], script[src*="house-ad"], iframe[src^="/ad-frame"]')).toHaveCount(0);
}

async function startCheckout(api: APIRequestContext, data: object): Promise<string> {
  const started = await api.post('/api/omegascans/secure/me/checkout', { data });
  expect(started.status()).toBe(201);
  return (await started.json()).data.purchaseId as string;
}

/** WCAG 2 A and AA, serious and critical problems: none in the ad slot. */
async function expectNoSeriousA11yProblems(page: Page, what: string) {
  await waitForStillPage(page);
  const results = await new AxeBuilder({ page }).include('[data-ad-slot]').withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${what}: ${v.id} ${v.help} at ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
}

/** What a page's document said about ads: its CSP, and whether any ad markup or script is in it. */
async function expectAdFree(page: Page, path: string, ready: () => Promise<void>) {
  const response = await openPage(page, path);
  await ready();
  const csp = cspOf(response);
  expect(csp, path).toContain("script-src 'self'");
  expect(csp, path).not.toContain('nonce');
  expect(csp, path).not.toContain('strict-dynamic');
  await expect(page.locator('meta[property="csp-nonce"]'), path).toHaveCount(0);
  await expect(page.locator('[data-ad-slot], [data-ad-container], script[src*="house-ad"], iframe'), path).toHaveCount(0);
}

test('a visitor sees the house ad after a chapter and under a series’ chapters, run in a sandboxed frame', async ({ page }) => {
  const cspErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
  });

  await openPage(page, CHAPTER);
  const ad = slot(page, 'chapter-end');
  await expect(ad).toHaveAttribute('data-ad-state', 'shown');
  // The ad is in a frame of its own: scripts and pop-ups, never our origin.
  const frame = ad.locator('iframe');
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-popups allow-popups-to-escape-sandbox');
  await expect(adIn(page, 'chapter-end').locator('[data-ad-container]')).toContainText('Inkwell Premium');
  const plans = adIn(page, 'chapter-end').getByRole('link', { name: 'See the plans' });
  await expect(plans).toHaveAttribute('href', '/buy/subscriptions');
  await expect(plans).toHaveAttribute('target', '_blank');
  // No ad script in the page itself.
  await expect(page.locator('script[src*="house-ad"], [data-ad-container]')).toHaveCount(0);
  // Never between a comic's pages: after the last one, and after the next-chapter card, which comes first (issue 21 §1).
  await expect(page.getByTestId('strip-reader').locator('[data-ad-slot]')).toHaveCount(0);
  const order = await ad.evaluate((slotElement) => {
    const follows = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    const strip = document.querySelector('[data-testid="strip-reader"]')!;
    const nextCard = document.querySelector('[data-testid="chapter-end"]')!;
    return { afterPages: follows(strip, slotElement), afterNextCard: follows(nextCard, slotElement) };
  });
  expect(order).toEqual({ afterPages: true, afterNextCard: true });
  // The box has its size before and after the ad: 250 px.
  expect(Math.round((await ad.locator('[data-ad-host]').boundingBox())!.height)).toBe(250);
  await expectNoSeriousA11yProblems(page, 'the house ad');

  await openPage(page, SERIES);
  const underChapters = slot(page, 'series-chapters');
  await expect(underChapters).toHaveAttribute('data-ad-state', 'shown');
  const list = (await page.getByRole('region', { name: /Chapters/ }).boundingBox())!;
  expect((await underChapters.boundingBox())!.y).toBeGreaterThanOrEqual(list.y + list.height);

  await openPage(page, '/');
  await expect(slot(page, 'home')).toHaveAttribute('data-ad-state', 'shown');
  expect(cspErrors).toEqual([]);
});

test('an ad blocker that stops the ad script leaves a polite note in the slot, with the way to Premium', async ({ page }) => {
  await page.route(HOUSE_AD, (route) => route.abort('blockedbyclient'));
  await openPage(page, CHAPTER);
  const ad = slot(page, 'chapter-end');
  await expect(ad).toHaveAttribute('data-ad-state', 'blocked');
  const note = ad.getByTestId('ad-blocked-note');
  await expect(note).toContainText('It looks like an ad blocker is on.');
  await expect(note).toContainText('Please allow ads on this site, or go Premium');
  expect(Math.round((await ad.locator('[data-ad-host]').boundingBox())!.height)).toBe(250);
  await expectNoSeriousA11yProblems(page, 'the blocked note');
  await note.getByRole('link', { name: 'Go Premium' }).click();
  await expect(page).toHaveURL('/buy/subscriptions');
});

test('an ad script cannot act as the reader: its call to our API carries no session and is refused, and it reads no cookie', async ({
  browser,
}) => {
  const reader = await readerContext(browser, 'adprobe');
  // What a hostile ad would do, in place of the house ad: read the cookies, call the reader's API.
  await reader.page.route(HOUSE_AD, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `(() => {
        let cookie;
        try { cookie = document.cookie; } catch (error) { cookie = ''; }
        parent.postMessage({ type: 'ad-probe', cookie }, '*');
        fetch(new URL('/api/proxy/secure/profiledata', location.href), { credentials: 'include' }).catch(() => {});
        const box = document.createElement('div');
        box.setAttribute('data-ad-container', 'probe');
        box.textContent = 'An ad';
        document.body.append(box);
      })();`,
    }),
  );
  await reader.page.addInitScript(() => {
    window.addEventListener('message', (event) => {
      if ((event.data as { type?: string })?.type === 'ad-probe') Object.assign(window, { adProbe: event.data });
    });
  });
  // The frame's own call (the page asks for the profile too, as the reader).
  const frameCall = reader.page.waitForRequest(
    (request) =>
      new URL(request.url()).pathname === '/api/proxy/secure/profiledata' && request.frame().url().includes('/ad-frame'),
  );
  await openPage(reader.page, CHAPTER);
  await expect(slot(reader.page, 'chapter-end')).toHaveAttribute('data-ad-state', 'shown');
  const sent = await (await frameCall).allHeaders();
  // From the frame's opaque origin: no cookie goes with it, and its answer is not readable there.
  expect(sent.origin).toBe('null');
  expect(sent.cookie).toBeUndefined();
  // And were a browser to send the reader's cookie with it, the server answers as to a visitor.
  const cookie = (await reader.context.cookies()).map((item) => `${item.name}=${item.value}`).join('; ');
  const replayed = await reader.api.get('/api/proxy/secure/profiledata', { headers: { origin: 'null', cookie } });
  expect(replayed.status()).toBe(401);
  await expect.poll(() => reader.page.evaluate(() => (window as { adProbe?: { cookie: string } }).adProbe?.cookie)).toBe('');
  // The page itself, with the same session, reads the profile.
  expect((await reader.api.get('/api/proxy/secure/profiledata')).status()).toBe(200);
  await reader.context.close();
});

test('a premium reader and the team see no ads, and the ad script is never fetched for them', async ({ browser }) => {
  const premium = await readerContext(browser, 'adfree', { premium: true });
  const premiumAsked = logAdRequests(premium.page);
  await openPage(premium.page, CHAPTER);
  await expect(premium.page.getByTestId('strip-reader')).toBeVisible();
  await expectNoAdAsked(premium.page, premiumAsked);
  await openPage(premium.page, SERIES);
  await expect(premium.page.getByRole('region', { name: /Chapters/ })).toBeVisible();
  await expectNoAdAsked(premium.page, premiumAsked);
  const answer = await (await premium.api.get('/api/public/omegascans/public/secure/ads/ads-config')).json();
  expect(answer).toMatchObject({
    show_ads: false,
    config: null,
    reason: 'premium',
    user_status: { isPremium: true, role: 'reader' },
  });
  await premium.context.close();

  const teamContext = await browser.newContext({ baseURL: BASE_URL });
  const editor = await teamContext.newPage();
  await logInAs(editor, 'editor');
  const editorAsked = logAdRequests(editor);
  await openPage(editor, CHAPTER);
  await expect(editor.getByTestId('strip-reader')).toBeVisible();
  await expectNoAdAsked(editor, editorAsked);
  await teamContext.close();
});

test('no ad markup, and the strict CSP, on the dashboard, the Reader’s Area and checkout', async ({ browser }) => {
  // A reader without a plan: the one who sees ads on public pages.
  const reader = await readerContext(browser, 'adcheck');
  const packages = (await (await reader.api.get('/api/public/omegascans/public/store/coin-packages')).json()).data.items as {
    id: string;
  }[];
  const purchaseId = await startCheckout(reader.api, { kind: 'coins', packageId: packages[0]!.id });
  await expectAdFree(reader.page, '/profile/me', () =>
    expect(reader.page.getByRole('heading', { name: "Reader's Area" })).toBeVisible(),
  );
  await expectAdFree(reader.page, '/profile/bookmarks', () =>
    expect(reader.page.getByRole('heading', { name: "Reader's Area" })).toBeVisible(),
  );
  await expectAdFree(reader.page, `/buy/checkout/${purchaseId}`, () =>
    expect(reader.page.getByText('Test checkout — no real payment is taken')).toBeVisible(),
  );
  // Nor where a reader buys coins or a plan (issue 20 §3): no slot, no frame.
  for (const path of ['/buy/coins', '/buy/subscriptions']) {
    const asked = logAdRequests(reader.page);
    await openPage(reader.page, path);
    await expect(reader.page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAdAsked(reader.page, asked);
  }
  await reader.context.close();

  const teamContext = await browser.newContext({ baseURL: BASE_URL });
  const admin = await teamContext.newPage();
  await logInAs(admin, 'admin');
  await expectAdFree(admin, '/Dashboard', () => expect(admin.getByRole('navigation', { name: 'Dashboard' })).toBeVisible());
  await expectAdFree(admin, '/Dashboard/Series/Series', () =>
    expect(admin.getByRole('navigation', { name: 'Dashboard' })).toBeVisible(),
  );
  await teamContext.close();
});
