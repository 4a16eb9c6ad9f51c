import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { logInAs, logInByApi, registerByApi } from '../support/auth';
import { openPage, reloadPage, waitForStillPage } from '../support/navigation';
import { BASE_URL, TEAM } from '../support/server';

// Issue 38 §2: a payee connects a payout account through the test provider's onboarding, the month
// closes, and its statement (sent, with the test provider's transfer) shows once on their payouts
// page and on the printable statement, and to the admin as sent. The month is closed by moving the
// server's clock (TEST_CLOCK) into the next month and running the `payouts.close-month` job at once
// (POST /api/test/jobs/:name, TEST_CLOCK only) instead of waiting for its hourly tick.
const SERIES_SLUG = 'iron-orchard';
const ME = '/api/omegascans/secure/me';
const ADMIN = '/api/omegascans/secure/admin';
const HOUR = 3_600_000;

test.afterEach(async ({ request }) => {
  expect((await request.put('/api/test/clock', { data: { offsetMs: 0 } })).ok()).toBe(true);
});

/** No serious or critical accessibility problem on the page as it is now. */
async function expectAccessible(page: Page, what: string) {
  await expect(page.getByTestId('route-loader')).toBeHidden();
  await waitForStillPage(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${what}: ${v.id} ${v.help} at ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
}

/** The admin makes `username` the series' only payee; answers the series' id and title. */
async function makeOnlyPayee(admin: APIRequestContext, username: string) {
  const series = (await (await admin.get(`/api/public/omegascans/public/series/${SERIES_SLUG}`)).json()).data as {
    id: string;
    title: string;
  };
  const found = (await (await admin.get(`${ADMIN}/users?q=${username}`)).json()).data.items as { id: string; username: string }[];
  const userId = found.find((user) => user.username === username)!.id;
  const payees = await admin.put(`${ADMIN}/series/${series.id}/payees`, {
    data: [{ userId, role: 'translator', shareBps: 10_000 }],
  });
  expect(payees.ok(), await payees.text()).toBe(true);
  return series;
}

/** A reader buys three Chests (1,200 coins each) through the test checkout and gifts 3 × 1,000 coins to the series. */
async function giftThreeThousandCoins(reader: APIRequestContext, seriesId: string) {
  const packages = (await (await reader.get('/api/public/omegascans/public/store/coin-packages')).json()).data.items as {
    id: string;
    name: string;
  }[];
  const chest = packages.find((item) => item.name === 'Chest')!;
  for (let i = 0; i < 3; i += 1) {
    const started = await reader.post(`${ME}/checkout`, { data: { kind: 'coins', packageId: chest.id } });
    expect(started.ok(), await started.text()).toBe(true);
    const { purchaseId } = (await started.json()).data as { purchaseId: string };
    expect((await reader.post(`/api/payments/test-checkout/${purchaseId}/complete`)).ok()).toBe(true);
  }
  for (let i = 0; i < 3; i += 1) {
    const gift = await reader.post(`${ME}/series/${seriesId}/gifts`, { data: { amount: 1000, message: '' } });
    expect(gift.ok(), await gift.text()).toBe(true);
  }
}

/** Moves the server's clock two hours into the month after `month` and closes the ended months at once. */
async function closeMonth(request: APIRequestContext, month: string): Promise<void> {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const nextMonth = Date.UTC(year, index, 1);
  expect((await request.put('/api/test/clock', { data: { offsetMs: nextMonth + 2 * HOUR - Date.now() } })).ok()).toBe(true);
  const run = await request.post('/api/test/jobs/payouts.close-month');
  expect(run.ok(), await run.text()).toBe(true);
}

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en', { month: 'long', year: 'numeric', timeZone: 'UTC' });

test('a payee connects a payout account, the month closes, and the statement is sent once: on their page, printed, and to the admin', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const payee = { email: `payee.${stamp}@example.com`, username: `payee_${stamp}`, password: 'orchard-ledger-58' };
  await registerByApi(page.request, payee);
  // The month of the gifts, taken before them (a month's end may pass while the journey runs).
  const month = new Date().toISOString().slice(0, 7);

  const adminApi = await browser.newContext({ baseURL: BASE_URL });
  await logInByApi(adminApi.request, TEAM.admin);
  const series = await makeOnlyPayee(adminApi.request, payee.username);
  await adminApi.close();
  const readerContext = await browser.newContext({ baseURL: BASE_URL });
  await registerByApi(readerContext.request, {
    email: `patron.${stamp}@example.com`,
    username: `patron_${stamp}`,
    password: 'orchard-ledger-59',
  });
  await giftThreeThousandCoins(readerContext.request, series.id);
  await readerContext.close();

  // The payee finds Payouts from their account, and connects an account in dollars through the test provider.
  await openPage(page, '/profile/me');
  await page.getByRole('link', { name: 'Payouts', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Payouts', level: 2 })).toBeVisible();
  const account = page.getByTestId('payout-account');
  await expect(account.getByTestId('payout-account-status')).toContainText('Connect a payout account to be paid');
  await expect(page.getByText(/No statement yet/)).toBeVisible();
  await expectAccessible(page, '/account/payouts');
  await account.getByLabel('Currency').selectOption('usd');
  await account.getByRole('button', { name: 'Connect a payout account' }).click();

  await expect(page).toHaveURL('/account/payouts/test-onboarding');
  await expect(page.getByRole('note')).toHaveText('Test payout provider: no real account is opened and no money is sent');
  await expectAccessible(page, '/account/payouts/test-onboarding');
  await page.getByRole('button', { name: 'Complete' }).click();
  await expect(page).toHaveURL('/account/payouts');
  await expect(page.getByText('Your payout account is active.')).toBeVisible();
  await expect(account.getByTestId('payout-account-status')).toHaveText('Transfers go to your account, in USD.');
  await expect(account).toContainText('A month is sent once it reaches $20.00');

  // The month closes (twice: the second run finds it closed and sends nothing again).
  await closeMonth(page.request, month);
  expect((await page.request.post('/api/test/jobs/payouts.close-month')).ok()).toBe(true);
  // The payee comes back next month: a session left alone for 14 days has ended (early in a month
  // the clock moves further than that), so they sign in again, as they would.
  await logInByApi(page.request, payee);

  // One statement for the month: 3,000 coins are $30.00, less the site's 30 %, $21.00 sent by the test provider.
  const rows = page.getByTestId('payout-statement-row');
  await expect(async () => {
    await reloadPage(page);
    await expect(rows.filter({ hasText: 'Sent' })).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row.getByRole('link', { name: monthName(month) })).toBeVisible();
  const cells = await row.getByRole('cell').allTextContents();
  expect(cells.slice(0, 7)).toEqual(['$30.00', '−$9.00', '$0.00', '$0.00', '$21.00', '$0.00', 'Sent']);
  expect(cells[7]).toMatch(/^tr_test_/);
  const transferId = cells[7]!;
  await expectAccessible(page, '/account/payouts with a statement');

  // The printable statement: its figures, where they came from, the transfer; printed without the site's chrome.
  await row.getByRole('link', { name: monthName(month) }).click();
  await expect(page).toHaveURL(`/account/payouts/${month}`);
  await expect(page.getByRole('heading', { name: `Payout statement: ${monthName(month)}` })).toBeVisible();
  await expect(page.getByText(`For ${payee.username}`)).toBeVisible();
  await expect(page.getByTestId('statement-transfer')).toHaveText(transferId);
  await expect(page.getByTestId('statement-figure')).toHaveText([
    /Earned\s*\$30\.00/,
    /Site's fee\s*−\$9\.00/,
    /Adjustments\s*\$0\.00/,
    /Carried in\s*\$0\.00/,
    /Sent\s*\$21\.00/,
    /Carried on\s*\$0\.00/,
  ]);
  await expect(page.getByTestId('statement-source')).toHaveText([new RegExp(`${series.title}\\s*Coins\\s*\\$30\\.00`)]);
  await expectAccessible(page, `/account/payouts/${month}`);
  const readerMenu = page.getByRole('navigation', { name: "Reader's Area" });
  await expect(readerMenu).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(readerMenu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('heading', { name: `Payout statement: ${monthName(month)}` })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('statement-printed.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // The admin's Payouts page opens on the last closed month, and shows the payee's transfer as sent.
  // A context of its own: axe reads pages of a context, not of browser.newPage's.
  const adminContext = await browser.newContext({ baseURL: BASE_URL });
  const admin = await adminContext.newPage();
  await logInAs(admin, 'admin');
  await openPage(admin, '/Dashboard/Finances/Payouts');
  await expect(admin.getByRole('heading', { name: 'Payouts', level: 1 })).toBeVisible();
  await expect(admin.getByLabel('Month')).toHaveValue(month);
  const adminRow = admin.getByTestId('payout-row').filter({ hasText: payee.username });
  await expect(adminRow).toHaveCount(1);
  await expect(adminRow.getByTestId('payout-status')).toHaveText('Sent');
  await expect(adminRow).toContainText('$21.00');
  await expect(adminRow).toContainText(transferId);
  await expect(adminRow.getByRole('button', { name: /Retry/ })).toHaveCount(0);
  await expect(admin.getByTestId('payout-total-sent')).toContainText('$');
  await expectAccessible(admin, '/Dashboard/Finances/Payouts');
  await admin.getByLabel('Status').selectOption('failed');
  await expect(admin.getByTestId('payout-row').filter({ hasText: payee.username })).toHaveCount(0);
  await adminContext.close();
});
