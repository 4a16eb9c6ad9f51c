import { expect, test, type Route } from '@playwright/test';
import { registerByApi } from '../support/auth';
import { waitForApp } from '../support/navigation';
import { BASE_URL } from '../support/server';

// Issue 17 §4: a server-rendered page is on screen before its scripts have run; a reader who
// clicks a menu of the top bar then must not lose the click (apps/web/src/lib/early-clicks.ts).

const stamp = Date.now().toString(36);
const reader = { email: `early.${stamp}@example.com`, username: `early_${stamp}`, password: 'amber-lantern-74' };

test('a reader who opens the account menu before the page has hydrated gets the menu once the app is ready', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: BASE_URL });
  await registerByApi(context.request, reader);
  const page = await context.newPage();

  // The app's code is held back, as on a slow connection: the page the server drew is all there is.
  const held: Route[] = [];
  let isHolding = true;
  await page.route('**/assets/**/*.js', (route) => (isHolding ? void held.push(route) : route.continue()));
  await page.goto('/', { waitUntil: 'commit' });
  // The whole document is parsed (its scripts, deferred, have not run).
  await page.waitForFunction(() => document.readyState !== 'loading');

  const accountMenu = page.getByRole('button', { name: 'Account menu' });
  await accountMenu.click();
  expect(held.length, 'the app’s scripts were asked for and held').toBeGreaterThan(0);
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');
  await expect(page.getByRole('menu', { name: 'Account' })).toHaveCount(0);

  isHolding = false;
  await Promise.all(held.map((route) => route.continue()));
  await waitForApp(page);
  await expect(page.getByRole('menu', { name: 'Account' })).toBeVisible();
  await expect(page.getByRole('menu', { name: 'Account' }).getByTestId('user-menu-name')).toHaveText(reader.username);
  await expect(accountMenu).toHaveAttribute('aria-expanded', 'true');
  await context.close();
});
