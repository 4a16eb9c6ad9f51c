import { expect, test, type Page } from '@playwright/test';
import { BASE_URL } from '../support/server';
import { openPage } from '../support/navigation';
import { logInAs, registerByApi } from '../support/auth';

const stamp = Date.now().toString(36);
const PLAN = `Gold pass ${stamp}`;
const PACKAGE = `Chest ${stamp}`;
const reader = { email: `buyer.${stamp}@example.com`, username: `buyer_${stamp}`, password: 'copper-kettle-drum-51' };

async function coinsInTopBar(page: Page) {
  await openPage(page, '/');
  await page.getByRole('button', { name: 'Account menu' }).click();
  return page.getByRole('menu', { name: 'Account' }).getByTestId('user-menu-coins');
}

test('an admin puts a plan and a coin package on sale, and refunds a reader’s coin purchase', async ({ page, browser }) => {
  await logInAs(page, 'admin');

  // A plan: price and interval typed once, sold on /buy/subscriptions.
  await openPage(page, '/Dashboard/Finances/Plans');
  await expect(page.getByRole('heading', { name: 'Plans', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New plan' }).click();
  const planForm = page.getByRole('form', { name: 'New plan' });
  await planForm.getByLabel('Name').fill(PLAN);
  await planForm.getByLabel('Description').fill('Every premium chapter, and coins each month.');
  await planForm.getByLabel('Price', { exact: true }).fill('7.49');
  await planForm.getByLabel('Billed every').selectOption('month');
  await planForm.getByLabel('Coins per period').fill('50');
  await planForm.getByRole('button', { name: 'Create plan' }).click();
  const planRow = page.getByRole('row').filter({ hasText: PLAN });
  await expect(planRow).toContainText('$7.49 / month');
  await expect(planRow).toContainText('On sale');

  // A coin package, sold on /buy/coins.
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Coins' }).click();
  await expect(page.getByRole('heading', { name: 'Coins', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New package' }).click();
  const packageForm = page.getByRole('form', { name: 'New coin package' });
  await packageForm.getByLabel('Name').fill(PACKAGE);
  await packageForm.getByLabel('Coins', { exact: true }).fill('500');
  await packageForm.getByLabel('Bonus coins').fill('50');
  await packageForm.getByLabel('Price', { exact: true }).fill('4.99');
  await packageForm.getByRole('button', { name: 'Create package' }).click();
  const packageRow = page.getByRole('row').filter({ hasText: PACKAGE });
  await expect(packageRow).toContainText('$4.99');
  await expect(packageRow).toContainText('+50 bonus');

  await openPage(page, '/buy/coins');
  await expect(page.getByRole('heading', { name: PACKAGE })).toBeVisible();
  await openPage(page, '/buy/subscriptions');
  await expect(page.getByRole('heading', { name: PLAN })).toBeVisible();

  // A reader buys the package through the built-in test checkout.
  const packages = await (await page.request.get('/api/omegascans/secure/admin/coin-packages')).json();
  const packageId = (packages.data.items as { id: string; name: string }[]).find((item) => item.name === PACKAGE)!.id;
  const readerContext = await browser.newContext({ baseURL: BASE_URL });
  const api = readerContext.request;
  await registerByApi(api, reader);
  const checkout = await api.post('/api/omegascans/secure/me/checkout', { data: { kind: 'coins', packageId } });
  expect(checkout.status()).toBe(201);
  const { purchaseId } = (await checkout.json()).data as { purchaseId: string };
  expect((await api.post(`/api/payments/test-checkout/${purchaseId}/complete`)).ok()).toBe(true);
  const readerPage = await readerContext.newPage();
  await expect(await coinsInTopBar(readerPage)).toHaveText('550coins');

  // The admin finds it, reads what a refund does, and refunds it.
  await openPage(page, '/Dashboard/Finances/Purchases');
  await page.getByRole('searchbox', { name: /Search purchases/ }).fill(reader.username);
  await expect(page).toHaveURL(new RegExp(`q=${reader.username}`));
  const row = page.getByTestId('purchase-row').filter({ hasText: reader.username });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('purchase-status')).toHaveText('Paid');
  await row.getByRole('button', { name: /^Details/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Purchase' });
  await expect(drawer).toContainText(purchaseId);
  await drawer.getByRole('button', { name: 'Refund' }).click();
  await expect(drawer.getByRole('group', { name: 'Confirm the refund' })).toContainText(
    'takes back what is left of the 550 coins',
  );
  await drawer.getByRole('button', { name: 'Yes, refund $4.99' }).click();
  await expect(drawer.getByRole('status')).toHaveText(`Refunded. 550 coins were taken back from ${reader.username}.`);
  await expect(drawer.getByTestId('purchase-status')).toHaveText('Refunded');
  await page.keyboard.press('Escape');
  await expect(row.getByTestId('purchase-status')).toHaveText('Refunded');

  // The reader's coins went down.
  await expect(await coinsInTopBar(readerPage)).toHaveText('0coins');
  await readerContext.close();
});
