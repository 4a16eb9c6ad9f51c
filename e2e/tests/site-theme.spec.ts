import { expect, test, type Page } from '@playwright/test';
import { openPage, reloadPage } from '../support/navigation';

// Issue 33 §14: the site follows the system's light or dark, and a reader's own choice (footer or
// account menu) is kept in the browser and drawn from the first paint, before any of the app's code.

const DARK_PAGE = 'rgb(12, 10, 20)';
const LIGHT_PAGE = 'rgb(244, 243, 248)';

const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/**
 * Loads `path` with none of the app's scripts let through, so what is drawn is the first paint:
 * only index.html's inline script has run. Returns the page's background and what the browser refused.
 */
async function firstPaint(page: Page, path: string): Promise<{ background: string; refused: string[] }> {
  const refused: string[] = [];
  const watch = (message: { text(): string }) => {
    if (/Content Security Policy|Refused to execute/i.test(message.text())) refused.push(message.text());
  };
  page.on('console', watch);
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  const background = await pageBackground(page);
  await page.unroute(/\/assets\/.*\.js$/);
  page.off('console', watch);
  return { background, refused };
}

test.describe('with the system in dark', () => {
  test.use({ colorScheme: 'dark' });

  test('the site is dark, and a reader who picks Light gets light from the first paint of every page after', async ({ page }) => {
    const hydration: string[] = [];
    page.on('console', (message) => {
      if (/hydrat/i.test(message.text())) hydration.push(message.text());
    });
    await openPage(page, '/');
    expect(await pageBackground(page)).toBe(DARK_PAGE);
    const choice = page.getByRole('group', { name: 'Theme' }).first();
    await expect(choice.getByRole('radio', { name: 'System' })).toBeChecked();

    await choice.getByRole('radio', { name: 'Light' }).check({ force: true });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await pageBackground(page)).toBe(LIGHT_PAGE);

    // A server-rendered page (its scripts carry the answer's nonce) and a sign-in page (no nonce: the
    // CSP allows the theme's script by its hash) are both light before any of the app's code runs.
    for (const path of ['/', '/SeriesView/the-lantern-keeper', '/login']) {
      const { background, refused } = await firstPaint(page, path);
      expect(background, path).toBe(LIGHT_PAGE);
      expect(refused, path).toEqual([]);
    }

    // Hydrated, the page keeps light, the choice shows as made, and React had nothing to say about it.
    await openPage(page, '/SeriesView/the-lantern-keeper');
    expect(await pageBackground(page)).toBe(LIGHT_PAGE);
    await expect(page.getByRole('group', { name: 'Theme' }).first().getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(hydration).toEqual([]);

    // System again: the choice is forgotten and the page follows the system's dark.
    await page.getByRole('group', { name: 'Theme' }).first().getByRole('radio', { name: 'System' }).check({ force: true });
    await reloadPage(page);
    await expect(page.locator('html')).not.toHaveAttribute('data-theme');
    expect(await pageBackground(page)).toBe(DARK_PAGE);
  });
});

test.describe('with the system in light', () => {
  test.use({ colorScheme: 'light' });

  test('the site is light with no choice made, and a reader who picks Dark keeps dark from the first paint', async ({ page }) => {
    expect((await firstPaint(page, '/buy/coins')).background).toBe(LIGHT_PAGE);
    await openPage(page, '/buy/coins');
    await expect(page.locator('html')).not.toHaveAttribute('data-theme');

    await page.getByRole('group', { name: 'Theme' }).first().getByRole('radio', { name: 'Dark' }).check({ force: true });
    expect(await pageBackground(page)).toBe(DARK_PAGE);
    for (const path of ['/buy/coins', '/register']) {
      const { background, refused } = await firstPaint(page, path);
      expect(background, path).toBe(DARK_PAGE);
      expect(refused, path).toEqual([]);
    }
  });
});
