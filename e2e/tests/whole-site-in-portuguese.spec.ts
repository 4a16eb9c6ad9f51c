import { expect, test, type Page } from '@playwright/test';
import { openPage } from '../support/navigation';
import { englishOnPage, englishPhrases, messageOf, teamContent } from '../support/english-left';
import { lastMail, lastMailedLink, TEAM } from '../support/server';

// Issue 35, "Done when": a new reader whose browser asks for Brazilian Portuguese gets the whole
// site in Portuguese — reading, buying, the account, the dashboard, the e-mails — with no English
// phrase of the catalogues left on any page (user content aside), and no message missing from
// the Portuguese catalogue. The pages are walked as a reader, an editor and an admin.

const pt = messageOf('pt-BR');
const ENGLISH = englishPhrases('pt-BR');

const reader = {
  email: `leitora.${Date.now()}@example.com`,
  username: `leitora_${Date.now().toString(36)}`,
  password: 'laranja-do-cerrado-83',
};

/** The demo's premium comic: its chapter 37 is locked for a new reader and costs 50 coins. */
const LOCKED = '/SeriesView/solo-leveling-up-the-stairs/chapter-37';

/** What the console says of a message missing from a catalogue, or of a page drawn differently by the browser. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/Missing message|hydrat|did not match/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** The page, once its words are drawn, shows no English phrase. */
async function expectPortuguese(page: Page, where: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(page.getByTestId('route-loader')).toHaveCount(0);
  expect(await englishOnPage(page, ENGLISH, await teamContent(page)), `English on ${where}`).toEqual([]);
}

async function walk(page: Page, paths: string[]) {
  for (const path of paths) {
    await openPage(page, path);
    await expectPortuguese(page, path);
  }
}

async function logInInPortuguese(page: Page, login: string, password: string) {
  await openPage(page, '/login');
  await expectPortuguese(page, '/login');
  await page.getByLabel(pt('auth.login.login')).fill(login);
  await page.getByLabel(pt('auth.login.password'), { exact: true }).fill(password);
  await page
    .locator('form')
    .getByRole('button', { name: pt('auth.login.submit'), exact: true })
    .click();
  await expect(page).not.toHaveURL(/\/login$/);
}

test.describe('a reader, an editor and an admin whose browsers ask for Brazilian Portuguese', () => {
  test.use({ locale: 'pt-BR' });
  test.describe.configure({ mode: 'serial' });

  test('a new reader signs up, reads, buys and unlocks, and manages the account in Portuguese', async ({ page }) => {
    test.setTimeout(180_000);
    const problems = watchConsole(page);

    await walk(page, ['/', '/comics', '/novels', '/premium', '/SeriesView/the-lantern-keeper', '/buy/store']);

    // Signing up: the form, the e-mail it sends, and the confirmation.
    await openPage(page, '/register');
    await expectPortuguese(page, '/register');
    await page.getByLabel(pt('auth.field.email'), { exact: true }).fill(reader.email);
    await page.getByLabel(pt('auth.register.username')).fill(reader.username);
    await page.getByLabel(pt('common.components.password.label'), { exact: true }).fill(reader.password);
    await page.getByLabel(pt('common.components.password.confirm')).fill(reader.password);
    await page.getByRole('button', { name: pt('auth.register.submit') }).click();
    await expect(page.getByRole('heading', { name: pt('auth.register.sentTitle') })).toBeVisible();
    await expectPortuguese(page, 'the sign-up sent page');
    const link = new URL(await lastMailedLink(reader.email, '/register/confirm'));
    const mail = lastMail(reader.email);
    expect(
      ENGLISH.filter((phrase) => `${mail?.subject}\n${mail?.text}`.includes(phrase)),
      'English in the e-mail',
    ).toEqual([]);
    await openPage(page, `${link.pathname}${link.search}`);
    await expectPortuguese(page, '/register/confirm');
    await page.getByRole('button', { name: pt('auth.confirm.submit') }).click();
    await expect(page).toHaveURL('/');
    await expectPortuguese(page, 'home, signed in');

    // A locked chapter, the store it leads to, the test checkout, and the chapter unlocked by the payment.
    await openPage(page, LOCKED);
    const panel = page.getByTestId('lock-panel');
    await expect(panel).toBeVisible();
    await expectPortuguese(page, 'a locked chapter');
    await panel.getByRole('link', { name: pt('reader.lock.getCoins'), exact: true }).click();
    await expect(page).toHaveURL(/\/buy\/coins\?/);
    await expectPortuguese(page, '/buy/coins');
    await page
      .getByRole('article')
      .first()
      .getByRole('button', { name: pt('store.coins.buy') })
      .click();
    await expect(page).toHaveURL(/\/buy\/checkout\/[0-9a-f-]{36}$/);
    await expectPortuguese(page, 'the test checkout');
    await page.getByRole('button', { name: new RegExp(`^${pt('store.checkout.pay').replace('{amount}', '')}`) }).click();
    await expect(page).toHaveURL(LOCKED);
    await expect(page.getByTestId('lock-panel')).toHaveCount(0);
    await expectPortuguese(page, 'the chapter, unlocked');

    await walk(page, [
      '/buy/subscriptions',
      '/profile/me',
      '/profile/purchases',
      '/profile/purchases?tab=coins',
      '/profile/subscriptions',
      '/profile/bookmarks',
      '/profile/history',
      '/profile/notifications',
      '/profile/devices',
      '/profile/downloads',
    ]);
    expect(problems).toEqual([]);
  });

  test('an editor works in the dashboard in Portuguese', async ({ page }) => {
    test.setTimeout(120_000);
    const problems = watchConsole(page);
    await logInInPortuguese(page, TEAM.editor.username, TEAM.editor.password);
    await walk(page, [
      '/Dashboard',
      '/Dashboard/Series/Series',
      '/Dashboard/Series/Genres',
      '/Dashboard/Series/Banners',
      '/Dashboard/Announcements',
      '/Dashboard/Announcements/AddAnnouncements',
      '/Dashboard/Comments',
      '/Dashboard/Metrics',
    ]);
    expect(problems).toEqual([]);
  });

  test('an admin runs users, finances and the configuration in Portuguese', async ({ page }) => {
    test.setTimeout(120_000);
    const problems = watchConsole(page);
    await logInInPortuguese(page, TEAM.admin.username, TEAM.admin.password);
    await walk(page, [
      '/Dashboard/Users',
      '/Dashboard/Finances/Purchases',
      '/Dashboard/Finances/Coins',
      '/Dashboard/Finances/Plans',
      '/Dashboard/MetricsAdmin',
      '/Dashboard/AuditLog',
      '/Dashboard/Configuration',
    ]);
    expect(problems).toEqual([]);
  });
});
