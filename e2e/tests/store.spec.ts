import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { openPage, reloadPage, waitForStillPage } from '../support/navigation';
import { logIn, register } from '../support/auth';

/** The demo store a first start creates: three coin packages and two plans (seed-store.ts). */
const POUCH = { name: 'Pouch', price: '$4.99', coins: '330' };
const HANDFUL = { name: 'Handful' };
const PLAN = { name: 'Reader', price: '$4.99' };

const reader = {
  email: `buyer.${Date.now()}@example.com`,
  username: `buyer_${Date.now().toString(36)}`,
  password: 'copper-orchard-52',
};

/** The coin count in the top bar's user menu (SPEC §2), read and closed again. */
async function expectTopBarCoins(page: Page, coins: string) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu', { name: 'Account' }).getByTestId('user-menu-coins')).toHaveText(`${coins}coins`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu', { name: 'Account' })).toBeHidden();
}

async function expectNoSeriousA11yProblems(page: Page, path: string) {
  await expect(page.getByTestId('route-loader')).toBeHidden();
  // A toast of an earlier step may begin to fade out while the check reads it (a CI run met
  // "Checkout cancelled" mid-fade): its contrast then is not the page's. Dismissed first.
  const dismiss = page.getByRole('button', { name: 'Dismiss notification' });
  for (const button of await dismiss.all()) await button.click({ timeout: 1_000 }).catch(() => undefined);
  await expect(dismiss).toHaveCount(0);
  await waitForStillPage(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${path}: ${v.id} ${v.help} at ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
}

test.describe.configure({ mode: 'serial' });

test('a visitor sees the coin packages and is asked to log in to buy', async ({ page }) => {
  await openPage(page, '/buy/store');
  await expect(page.getByRole('heading', { name: 'Coin store', level: 1 })).toBeVisible();
  // The demo's packages (other journeys may have put more on sale), one of them marked the best value.
  for (const name of ['Handful', 'Pouch', 'Chest']) await expect(page.getByRole('article', { name, exact: true })).toBeVisible();
  const onSale = await page.getByRole('article').count();
  await expect(page.getByText('Best value')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Log in to buy' })).toHaveCount(onSale);
  await expect(page.getByRole('button', { name: 'Buy' })).toHaveCount(0);
  await expectNoSeriousA11yProblems(page, '/buy/store');
});

test('a reader buys coins through the test checkout and sees them in the top bar, the purchases and the ledger', async ({
  page,
}) => {
  await register(page, reader);
  await expectTopBarCoins(page, '0');

  // Changing one's mind: nothing is charged, and the store is where it was.
  await openPage(page, '/buy/coins');
  await page.getByRole('article', { name: HANDFUL.name }).getByRole('button', { name: 'Buy' }).click();
  await expect(page).toHaveURL(/\/buy\/checkout\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Test checkout — no real payment is taken')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL('/buy/coins');

  await page.getByRole('article', { name: POUCH.name, exact: true }).getByRole('button', { name: 'Buy' }).click();
  await expect(page).toHaveURL(/\/buy\/checkout\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Test checkout — no real payment is taken')).toBeVisible();
  await expect(page.getByRole('heading', { name: POUCH.name })).toBeVisible();
  await expect(page.getByTestId('checkout-total')).toHaveText(POUCH.price);
  await expectNoSeriousA11yProblems(page, '/buy/checkout');
  await page.getByRole('button', { name: `Pay ${POUCH.price}` }).click();

  await expect(page).toHaveURL('/profile/purchases');
  await expect(page.getByText(`Payment complete: ${POUCH.coins} coins added to your wallet`)).toBeVisible();
  await expect(page.getByTestId('wallet-balance')).toHaveText(POUCH.coins);
  await expectTopBarCoins(page, POUCH.coins);

  const rows = page.getByTestId('purchase-row');
  await expect(rows).toHaveCount(2);
  const paid = rows.filter({ hasText: POUCH.name });
  await expect(paid).toContainText('Paid');
  await expect(paid).toContainText(POUCH.price);
  await expect(paid).toContainText(`${POUCH.coins} coins`);
  await expect(paid).toContainText('Reference');
  await expect(rows.filter({ hasText: HANDFUL.name })).toContainText('Cancelled');
  await expectNoSeriousA11yProblems(page, '/profile/purchases');

  await page.getByRole('link', { name: 'Coin history' }).click();
  await expect(page).toHaveURL('/profile/purchases?tab=coins');
  const entry = page.getByTestId('ledger-row');
  await expect(entry).toHaveCount(1);
  await expect(entry.getByTestId('ledger-delta')).toHaveText(`+${POUCH.coins} coins`);
  await expect(entry).toContainText('Coin purchase');
  await expect(entry).toContainText(`Balance ${POUCH.coins}`);

  // The store option is saved and survives a reload (the session carries it).
  const autoUnlock = page.getByRole('switch', { name: 'Unlock chapters automatically when I open them' });
  await expect(autoUnlock).toHaveAttribute('aria-checked', 'false');
  await autoUnlock.click();
  await expect(autoUnlock).toHaveAttribute('aria-checked', 'true');
  await expect(autoUnlock).toBeEnabled();
  await reloadPage(page);
  await expect(page.getByRole('switch', { name: 'Unlock chapters automatically when I open them' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
});

test('a reader subscribes to a plan through the test checkout, is Premium, and cancels it', async ({ page }) => {
  await logIn(page, reader.username, reader.password);
  await openPage(page, '/profile/subscriptions');
  await expect(page.getByText('You have no plan')).toBeVisible();
  await expect(page.getByTestId('reader-area-tags').getByText('Premium')).toHaveCount(0);
  await page.getByRole('link', { name: 'See the plans' }).click();

  await expect(page).toHaveURL('/buy/subscriptions');
  await expect(page.getByRole('article', { name: PLAN.name, exact: true })).toBeVisible();
  await expectNoSeriousA11yProblems(page, '/buy/subscriptions');
  await page.getByRole('article', { name: PLAN.name, exact: true }).getByRole('button', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(/\/buy\/checkout\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Test checkout — no real payment is taken')).toBeVisible();
  await page.getByRole('button', { name: `Pay ${PLAN.price}` }).click();

  await expect(page).toHaveURL('/profile/subscriptions');
  await expect(page.getByText(`Payment complete: welcome to ${PLAN.name}`)).toBeVisible();
  await expect(page.getByTestId('reader-area-tags').getByText('Premium')).toBeVisible();
  await expect(page.getByRole('heading', { name: PLAN.name, exact: true })).toBeVisible();
  await expect(page.getByTestId('subscription-period')).toHaveText(/^Renews on /);
  await expectNoSeriousA11yProblems(page, '/profile/subscriptions');

  // The store marks the plan and starts no second one.
  await openPage(page, '/buy/subscriptions');
  await expect(page.getByRole('article', { name: PLAN.name, exact: true }).getByText('Your plan')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Patron' }).getByRole('button', { name: 'Subscribe' })).toBeDisabled();

  await openPage(page, '/profile/subscriptions');
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await page.getByRole('button', { name: 'Yes, cancel my plan' }).click();
  await expect(page.getByTestId('subscription-period')).toHaveText(/^Ends on /);
  // Premium lasts until the period's end.
  await expect(page.getByTestId('reader-area-tags').getByText('Premium')).toBeVisible();
});
