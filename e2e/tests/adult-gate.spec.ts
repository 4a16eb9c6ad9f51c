import { expect, test, type Browser, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { registerByApi } from '../support/auth';
import { openPage } from '../support/navigation';
import { BASE_URL } from '../support/server';

// Issue 36 §4: the demo's "Dead Air" is marked Adult. A visitor meets its gate, says yes and reads,
// and never sees it in the lists or the search; a reader opts in at the gate and then sees it in the
// lists with its 18+ badge.

const ADULT = { slug: 'dead-air', title: 'Dead Air' };
const stamp = Date.now().toString(36);
const reader = { email: `grown.${stamp}@example.com`, username: `grown_${stamp}`, password: 'velvet-static-58' };
const SHOTS = join(import.meta.dirname, '..', '.tmp', 'screens');

const gate = (page: Page) => page.getByTestId('adult-gate');

test('a visitor meets the gate of an adult series, says yes and reads; it is in none of their lists', async ({ page }) => {
  const response = await openPage(page, `/SeriesView/${ADULT.slug}`);
  expect(response?.status()).toBe(200);
  await expect(gate(page).getByRole('heading', { name: 'This series is for adults', level: 1 })).toBeVisible();
  // Crawlers get the gate, kept out of the index, with nothing of the series in the page.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  expect(await page.content()).not.toContain('late-night radio host');
  await expect(page.getByRole('heading', { name: ADULT.title })).toHaveCount(0);

  // Its chapter is the gate too, until the visitor answers.
  await openPage(page, `/SeriesView/${ADULT.slug}/chapter-1`);
  await expect(gate(page)).toBeVisible();
  await expect(page.getByTestId('novel-text')).toHaveCount(0);
  await gate(page).getByRole('button', { name: 'I am 18 or older' }).click();
  await expect(page.getByTestId('novel-text')).toBeVisible();
  await expect(gate(page)).toHaveCount(0);

  // For the rest of the browser session the series opens at once, with its badge.
  await openPage(page, `/SeriesView/${ADULT.slug}`);
  await expect(page.getByRole('heading', { name: ADULT.title, level: 1 })).toBeVisible();
  await expect(page.getByTestId('adult-badge')).toBeVisible();

  // …but it stays out of home, the lists and the top bar's search.
  await openPage(page, '/');
  await expect(page.getByRole('heading', { name: 'Latest updates' })).toBeVisible();
  await expect(page.getByRole('heading', { name: ADULT.title })).toHaveCount(0);
  await openPage(page, '/novels?sort=title');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: ADULT.title })).toHaveCount(0);
  const search = page.getByRole('searchbox', { name: 'Search series' });
  await search.fill('dead air');
  await expect(page.getByTestId('search-panel')).toHaveText('No series found matching your search.');
});

test('"Go back" leaves the gate for the page before it', async ({ page }) => {
  await openPage(page, '/novels');
  await openPage(page, `/SeriesView/${ADULT.slug}`);
  await gate(page).getByRole('button', { name: 'Go back' }).click();
  await expect(page).toHaveURL(/\/novels$/);
});

test('a reader opts in at the gate and then sees the series in the lists with its 18+ badge', async ({ page }) => {
  // Signed up through the API with the page's own cookies: the page is signed in as the new reader.
  await registerByApi(page.request, reader);
  await openPage(page, '/novels?sort=title');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: ADULT.title })).toHaveCount(0);

  await openPage(page, `/SeriesView/${ADULT.slug}`);
  await gate(page).getByRole('button', { name: 'I am 18 or older' }).click();
  await expect(page.getByRole('heading', { name: ADULT.title, level: 1 })).toBeVisible();
  await expect(page.getByTestId('adult-badge')).toBeVisible();

  // Saved with the account: the lists and the search show it now, badged.
  await openPage(page, '/novels?sort=title');
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: ADULT.title }) });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('adult-badge')).toHaveText('18+');
  const search = page.getByRole('searchbox', { name: 'Search series' });
  await search.fill('dead air');
  await expect(page.getByTestId('search-panel').getByRole('link', { name: new RegExp(ADULT.title) })).toBeVisible();
});

/** The gate as a new visitor meets it, in a language and a size, saved for a look. */
async function shoot(browser: Browser, lang: string, size: { width: number; height: number }, name: string) {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: size, locale: lang });
  const page = await context.newPage();
  await openPage(page, `/SeriesView/${ADULT.slug}?lang=${lang}`);
  await expect(gate(page)).toBeVisible();
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `adult-gate-${name}.png`) });
  await context.close();
  return page;
}

test('the gate in English and Brazilian Portuguese, on a desktop and a phone', async ({ browser }) => {
  const desktop = { width: 1280, height: 800 };
  const phone = { width: 390, height: 844 };
  await shoot(browser, 'en', desktop, 'en-desktop');
  await shoot(browser, 'en', phone, 'en-phone');
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: phone, locale: 'pt-BR' });
  const page = await context.newPage();
  await openPage(page, `/SeriesView/${ADULT.slug}?lang=pt-BR`);
  await expect(gate(page).getByRole('heading', { name: 'Esta série é para adultos' })).toBeVisible();
  await expect(gate(page).getByRole('button', { name: 'Tenho 18 anos ou mais' })).toBeVisible();
  await expect(gate(page).getByRole('button', { name: 'Voltar' })).toBeVisible();
  await context.close();
  await shoot(browser, 'pt-BR', desktop, 'pt-BR-desktop');
  await shoot(browser, 'pt-BR', phone, 'pt-BR-phone');
});
