import { expect, test, type Page } from '@playwright/test';
import { BASE_URL } from '../support/server';
import { openPage } from '../support/navigation';
import { logIn, logInAs, registerByApi, submitLogIn } from '../support/auth';

const stamp = Date.now().toString(36);
const reader = { email: `member.${stamp}@example.com`, username: `member_${stamp}`, password: 'walnut-harbor-lamp-38' };

async function coinsInTopBar(page: Page) {
  await openPage(page, '/');
  await page.getByRole('button', { name: 'Account menu' }).click();
  return page.getByRole('menu', { name: 'Account' }).getByTestId('user-menu-coins');
}

test('an admin finds a reader, adjusts their coins with a reason, bans them (signed out at once, "suspended") and unbans them', async ({
  page,
  browser,
}) => {
  // The reader signs up and stays signed in, in a browser of their own.
  const readerContext = await browser.newContext({ baseURL: BASE_URL });
  await registerByApi(readerContext.request, reader);
  const readerPage = await readerContext.newPage();
  await expect(await coinsInTopBar(readerPage)).toHaveText('0coins');

  // The admin finds them from the side menu's Users page.
  await logInAs(page, 'admin');
  await expect(page).not.toHaveURL(/\/login/);
  await openPage(page, '/Dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: /Search users/ }).fill(reader.username.toUpperCase());
  await expect(page).toHaveURL(new RegExp(`q=${reader.username.toUpperCase()}`));
  const row = page.getByTestId('user-row').filter({ hasText: reader.username });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(reader.email);
  await expect(row).toContainText('Reader');
  await row.getByRole('link', { name: `Open ${reader.username}` }).click();
  await expect(page.getByRole('heading', { name: new RegExp(reader.username), level: 1 })).toBeVisible();

  // Coins: the reason is required; then 75 coins go in with one ledger entry.
  const coins = page.getByRole('region', { name: 'Coins' });
  await coins.getByLabel('Coins to add or take').fill('75');
  await coins.getByRole('button', { name: 'Adjust coins' }).click();
  await expect(coins.getByText('Give a reason')).toBeVisible();
  await coins.getByLabel('Reason').fill('Welcome back gift');
  await coins.getByRole('button', { name: 'Adjust coins' }).click();
  await expect(coins.getByRole('status')).toHaveText(`Added 75 coins to ${reader.username}: the balance is 75`);
  await expect(coins).toContainText('Balance: 75 coins');
  await page.getByRole('tab', { name: 'Ledger (1)' }).click();
  const entry = page.getByTestId('user-ledger-entry');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Adjustment');
  await expect(entry).toContainText('Welcome back gift');
  await expect(entry).toContainText('+75');
  await expect(await coinsInTopBar(readerPage)).toHaveText('75coins');

  // A ban, after a confirmation, signs the reader out on their next request.
  const access = page.getByRole('region', { name: 'Access' });
  await access.getByRole('button', { name: `Ban ${reader.username}` }).click();
  const dialog = page.getByRole('dialog', { name: `Ban ${reader.username}?` });
  await expect(dialog).toContainText('signed out on every device at once');
  await dialog.getByRole('button', { name: 'Ban and sign out' }).click();
  await expect(access.getByRole('status')).toHaveText(`${reader.username} is banned and signed out`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Banned');

  expect((await readerContext.request.get('/api/omegascans/secure/me/wallet')).status()).toBe(401);
  await openPage(readerPage, '/');
  await expect(readerPage.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(readerPage.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
  await submitLogIn(readerPage, reader.username, reader.password);
  await expect(readerPage.getByRole('alert')).toContainText('suspended');
  await expect(readerPage).toHaveURL(/\/login/);

  // Unbanned, they sign in again with their coins.
  await access.getByRole('button', { name: `Unban ${reader.username}` }).click();
  await page
    .getByRole('dialog', { name: `Unban ${reader.username}?` })
    .getByRole('button', { name: 'Unban' })
    .click();
  await expect(access.getByRole('status')).toHaveText(`${reader.username} can sign in again`);
  await logIn(readerPage, reader.username, reader.password);
  await expect(readerPage).not.toHaveURL(/\/login/);
  await expect(await coinsInTopBar(readerPage)).toHaveText('75coins');
  await readerContext.close();

  // Made an editor; the audit log names each change with its old and new value, newest first.
  // Until a new role is chosen, Save looks as unusable as it is: grey, not the site's violet.
  const saveRole = page.getByRole('button', { name: 'Save role' });
  const backgroundOf = () => saveRole.evaluate((button) => getComputedStyle(button).backgroundColor);
  await expect(saveRole).toBeDisabled();
  await expect(saveRole).toHaveCSS('cursor', 'not-allowed');
  await saveRole.hover({ force: true });
  const idle = await backgroundOf();
  await page.getByRole('combobox', { name: 'Role' }).selectOption('editor');
  await expect(saveRole).toBeEnabled();
  expect(await backgroundOf()).not.toBe(idle);
  await saveRole.click();
  await expect(page.getByText(`${reader.username} is now an editor`)).toBeVisible();
  await openPage(page, '/Dashboard/AuditLog');
  await page.getByRole('searchbox', { name: /Search the audit log/ }).fill(reader.username);
  const entries = page.getByTestId('audit-entry').filter({ hasText: 'User updated' });
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0).getByTestId('audit-change')).toHaveText('Role: reader → editor');
  await expect(entries.nth(1).getByTestId('audit-change')).toHaveText('Banned: yes → no');
  await expect(entries.nth(2).getByTestId('audit-change')).toHaveText('Banned: no → yes');
});
