import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { logIn, logInAs, logOut, submitLogIn } from '../support/auth';
import { openPage, waitForStillPage } from '../support/navigation';
import { lastMailedLink, lastResetLink, TEAM } from '../support/server';

const reader = {
  email: `reader.${Date.now()}@example.com`,
  username: `reader_${Date.now().toString(36)}`,
  password: 'willow-lantern-38',
};

test.describe.configure({ mode: 'serial' });

test('a reader registers, logs out, and logs back in by username and by e-mail', async ({ page }) => {
  await openPage(page, '/');
  await page.getByRole('link', { name: 'Create a free account' }).click();
  // Pages load lazily: wait for the new page before filling its fields.
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByLabel('E-mail', { exact: true }).fill(reader.email);
  await page.getByLabel('Username').fill(reader.username);
  await page.getByLabel('Password', { exact: true }).fill(reader.password);
  await page.getByLabel('Confirm password').fill(reader.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  // The account is made from the mailed link (issue 20 §4).
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByTestId('registration-sent')).toContainText(reader.email);
  const link = new URL(await lastMailedLink(reader.email, '/register/confirm'));
  await openPage(page, `${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Finish creating your account' })).toBeVisible();
  await page.getByRole('button', { name: 'Create my account' }).click();
  // A new account is greeted as new (issue 33 §4).
  await expect(page.getByRole('heading', { name: `Welcome to Inkwell, ${reader.username}.` })).toBeVisible();
  // The welcome notification shows on the bell.
  await expect(page.getByTestId('notification-badge')).toHaveText('1');

  await logOut(page);
  await logIn(page, reader.username, reader.password);
  await logOut(page);
  await logIn(page, reader.email, reader.password);

  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu', { name: 'Account' });
  await expect(menu.getByTestId('user-menu-name')).toHaveText(reader.username);
  await expect(menu.getByText('Reader', { exact: true })).toBeVisible();
  await expect(menu.getByTestId('user-menu-coins')).toContainText('0');
  await expect(menu.getByRole('menuitem', { name: /Dashboard/ })).toHaveCount(0);

  await menu.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL('/profile/me');
  await expect(page.getByRole('heading', { name: "Reader's Area" })).toBeVisible();
  await expect(page.getByTestId('profile-username')).toHaveText(reader.username);

  await openPage(page, '/Dashboard');
  await expect(page).toHaveURL('/errorPage?error=forbidden');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
});

test('a wrong password shows the server’s message', async ({ page }) => {
  await submitLogIn(page, reader.username, 'not-my-password');
  await expect(page.getByRole('alert')).toHaveText('Invalid e-mail, username or password');
});

test('a reader resets a forgotten password through the mailed link', async ({ page }) => {
  await openPage(page, '/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('E-mail', { exact: true }).fill(reader.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('a link to reset its password is on its way')).toBeVisible();

  const link = new URL(await lastResetLink(reader.email));
  await openPage(page, `${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  reader.password = 'meadow-compass-64';
  await page.getByLabel('New password', { exact: true }).fill(reader.password);
  await page.getByLabel('Confirm new password').fill(reader.password);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password has been reset')).toBeVisible();

  await logIn(page, reader.username, reader.password);

  // The link works once.
  await openPage(page, `${link.pathname}${link.search}`);
  await page.getByLabel('New password', { exact: true }).fill('another-secret-91');
  await page.getByLabel('Confirm new password').fill('another-secret-91');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('This reset link is invalid or has expired')).toBeVisible();
});

test('a reader changes their password in the Reader’s Area', async ({ page }) => {
  await logIn(page, reader.username, reader.password);
  await openPage(page, '/protect/segure/password/reset-password');
  await expect(page.getByRole('heading', { name: 'Change your password' })).toBeVisible();
  await page.getByLabel('Current password').fill(reader.password);
  reader.password = 'harbor-violet-27';
  await page.getByLabel('New password', { exact: true }).fill(reader.password);
  await page.getByLabel('Confirm new password').fill(reader.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed')).toBeVisible();
  await logOut(page);
  await logIn(page, reader.email, reader.password);
});

test('a visitor is sent to unauthorized from the Reader’s Area, and unknown paths to not_found', async ({ page }) => {
  await openPage(page, '/profile/me');
  await expect(page).toHaveURL('/errorPage?error=unauthorized');
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await openPage(page, '/this/does/not/exist');
  await expect(page).toHaveURL('/errorPage?error=not_found');
  await openPage(page, '/SeriesView');
  await expect(page).toHaveURL('/errorPage?error=series_not_found');
});

test('an editor and an admin see their dashboard entries', async ({ page }) => {
  await logInAs(page, 'editor');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Dashboard Editor' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Dashboard Editor' }).click();
  await expect(page.getByRole('heading', { name: `Welcome back, ${TEAM.editor.username}` })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to site' }).click();
  await logOut(page);

  await logIn(page, TEAM.admin.email, TEAM.admin.password);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu', { name: 'Account' }).getByText('Admin', { exact: true })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Dashboard', exact: true })).toBeVisible();
});

test('the mobile menu at 375 px opens over an overlay with the Series submenu', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openPage(page, '/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByTestId('mobile-menu');
  await expect(menu).toBeVisible();
  await expect(page.getByTestId('mobile-menu-overlay')).toBeVisible();
  await menu.getByRole('button', { name: 'Series' }).click();
  await expect(menu.getByText('Read our best webnovels')).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Store' })).toHaveAttribute('href', '/buy/coins');
  await page.getByTestId('mobile-menu-overlay').click({ position: { x: 200, y: 600 } });
  await expect(menu).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.setViewportSize({ width: 1024, height: 740 });
  await expect(page.getByTestId('mobile-menu')).toBeHidden();
});

test('the desktop series dropdown, the bell for visitors and the footer confetti', async ({ page }) => {
  await openPage(page, '/');
  const series = page.getByRole('button', { name: 'Series' });
  await expect(series).toHaveAttribute('data-ready', 'true');
  await series.click();
  await expect(page.getByText('Our premium tab designed for our most loyal readers')).toBeVisible();
  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(page.getByText('Our premium tab designed for our most loyal readers')).toBeHidden();
  await expect(page.getByText('Please log in to view notifications')).toBeVisible();
  await page.getByTestId('developer-name').click();
  await expect(page.locator('canvas')).toHaveCount(1);
});

test('home and login have no serious accessibility problems', async ({ page }) => {
  for (const path of ['/', '/login', '/register']) {
    await openPage(page, path);
    await expect(page.getByTestId('route-loader')).toBeHidden();
    await waitForStillPage(page);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${path}: ${v.id} ${v.help} at ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  }
});
