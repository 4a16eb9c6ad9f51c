import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { BASE_URL, TEAM } from '../support/server';
import { openPage } from '../support/navigation';
import { logInAs, logInByApi, registerByApi } from '../support/auth';
import { clearOfMidnight } from '../support/clock';

const stamp = Date.now().toString(36);
const SERIES = `Metric Tides ${stamp}`;
const PACKAGE = `Metrics pouch ${stamp}`;
const reader = { email: `counted.${stamp}@example.com`, username: `counted_${stamp}`, password: 'amber-signal-lamp-73' };
/** The day the journeys count their numbers on (taken once clear of midnight), as written and as the tables show it. */
let today = '';
let todayOnScreen = '';

/** The cells of the row of a table (named by its caption) whose first cell is `first`. */
async function rowCells(page: Page, table: string, first: string) {
  const row = page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: first, exact: true }) });
  await expect(row).toHaveCount(1);
  return row.getByRole('cell').allTextContents();
}

/** The value under a figure's label on the dashboard home. */
const figure = (region: Locator, label: string) =>
  region.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

test.describe.configure({ mode: 'serial' });

// The second journey counts the first one's sign-up as today's: both run on one day.
test.beforeAll(async () => {
  await clearOfMidnight();
  today = new Date().toISOString().slice(0, 10);
  todayOnScreen = new Date(`${today}T00:00:00Z`).toLocaleDateString('en', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
});

test('an editor reads the metrics: today’s numbers on the dashboard, charts and tables on Metrics', async ({
  page,
  playwright,
}) => {
  // Today: a series, a reader who signs up, follows it and comments on it.
  const editorApi = await playwright.request.newContext({ baseURL: BASE_URL });
  await logInByApi(editorApi, TEAM.editor);
  const created = await editorApi.post('/api/omegascans/secure/team/series', {
    data: { type: 'comic', title: SERIES, isPublished: true },
  });
  expect(created.status()).toBe(201);
  const seriesId = ((await created.json()).data as { id: string }).id;
  const readerApi = await playwright.request.newContext({ baseURL: BASE_URL });
  await registerByApi(readerApi, reader);
  expect((await readerApi.put(`/api/omegascans/secure/me/bookmarks/${seriesId}`)).ok()).toBe(true);
  expect(
    (await readerApi.post('/api/omegascans/secure/me/comments', { data: { seriesId, body: 'Counting on this one.' } })).status(),
  ).toBe(201);

  await logInAs(page, 'editor');
  await openPage(page, '/Dashboard');
  const todayFigures = page.getByRole('region', { name: /Today/ });
  for (const label of ['Views', 'Followers gained', 'Comments', 'Reported, awaiting moderation', 'Chapters scheduled']) {
    await expect(todayFigures.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await expect(figure(todayFigures, 'Followers gained')).toHaveText(/^[1-9]/);
  await expect(figure(todayFigures, 'Comments')).toHaveText(/^[1-9]/);
  // Money is for admins.
  await expect(todayFigures.getByText('Revenue', { exact: true })).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Metrics', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Metrics', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Admin metrics' })).toHaveCount(0);

  // The last 7 days: seven rows, today's the first (issue 21 §1), with the follow and the comment.
  await page.getByRole('button', { name: '7 days' }).click();
  await expect(page).toHaveURL(/days=7/);
  await expect(page.getByRole('table', { name: 'Views per day' }).getByRole('row')).toHaveCount(8);
  await expect(page.getByRole('table', { name: 'Views per day' }).getByRole('row').nth(1).getByRole('cell').first()).toHaveText(
    todayOnScreen,
  );
  const [, followers, comments] = await rowCells(page, 'Followers and comments per day', todayOnScreen);
  expect(Number(followers)).toBeGreaterThanOrEqual(1);
  expect(Number(comments)).toBeGreaterThanOrEqual(1);

  // The charts are drawn (recharts' SVG), each with a table under it.
  for (const chart of ['Views per day', 'Followers gained and comments per day', 'Unlocks per day']) {
    await expect(page.getByRole('img', { name: chart }).locator('svg.recharts-surface').first()).toBeVisible();
  }
  for (const table of ['Top series by views', 'Top chapters by views', 'Unlocks per chapter']) {
    await expect(page.getByText(table, { exact: true }).first()).toBeVisible();
  }
});

test('an admin opens Admin metrics and downloads the revenue table as CSV', async ({ page, playwright }) => {
  await logInAs(page, 'admin');

  // A coin package, and a reader who buys it today through the built-in test checkout.
  const made = await page.request.post('/api/omegascans/secure/admin/coin-packages', {
    data: { name: PACKAGE, coins: 100, priceCents: 499 },
  });
  expect(made.status()).toBe(201);
  const packageId = ((await made.json()).data as { id: string }).id;
  const buyer = await playwright.request.newContext({ baseURL: BASE_URL });
  await logInByApi(buyer, reader);
  const checkout = await buyer.post('/api/omegascans/secure/me/checkout', { data: { kind: 'coins', packageId } });
  expect(checkout.status()).toBe(201);
  const { purchaseId } = (await checkout.json()).data as { purchaseId: string };
  expect((await buyer.post(`/api/payments/test-checkout/${purchaseId}/complete`)).ok()).toBe(true);

  await openPage(page, '/Dashboard');
  const todayFigures = page.getByRole('region', { name: /Today/ });
  for (const label of ['Revenue', 'Sign-ups', 'Active subscriptions', 'Monthly recurring revenue']) {
    await expect(todayFigures.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await expect(figure(todayFigures, 'Revenue')).toHaveText(/\$/);

  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Admin metrics' }).click();
  await expect(page.getByRole('heading', { name: 'Admin metrics', level: 1 })).toBeVisible();
  await expect(page.getByText(/valued at what coins were bought for/)).toBeVisible();
  await expect(page.getByRole('img', { name: 'Net revenue per day' }).locator('svg.recharts-surface').first()).toBeVisible();
  const [, paidToday] = await rowCells(page, 'Revenue per day', todayOnScreen);
  expect(Number(paidToday!.replace(/[$,]/g, ''))).toBeGreaterThanOrEqual(4.99);
  const [, signups] = await rowCells(page, 'Sign-ups per day', todayOnScreen);
  expect(Number(signups)).toBeGreaterThanOrEqual(1);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Revenue per day as CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^inkwell-revenue-\\d{4}-\\d{2}-\\d{2}-to-${today}\\.csv$`));
  const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toMatch(/^Day,Paid \(USD\),Refunded \(USD\),Net \(USD\)/);
  expect(lines).toHaveLength(31);
  const todayLine = lines.find((line) => line.startsWith(`${today},`))!.split(',');
  expect(Number(todayLine[1])).toBeGreaterThanOrEqual(4.99);
});

test('on a phone a dashboard page opens at its own heading, the menu a closed drawer behind a Menu button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logInAs(page, 'editor');
  await openPage(page, '/Dashboard/Metrics');
  await expect(page.getByRole('heading', { name: 'Metrics', level: 1 })).toBeInViewport();
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Dashboard menu' });
  await drawer.getByRole('link', { name: 'Series' }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/Dashboard\/Series\/Series/);
});
