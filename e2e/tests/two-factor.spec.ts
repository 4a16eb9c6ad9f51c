import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { generate } from 'otplib';
import { openPage, waitForStillPage } from '../support/navigation';
import { logOut, register } from '../support/auth';

const reader = {
  email: `two.factor.${Date.now()}@example.com`,
  username: `tfa_${Date.now().toString(36)}`,
  password: 'quartz-meadow-58',
};

/**
 * The code of a phone whose clock runs one step ahead: the server takes a step either side of its
 * own, and only a step after the last one used, so this follows the code that turned the setting
 * on without waiting up to 30 s for the next step.
 */
const codeOneStepAhead = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

async function enterPassword(page: Page) {
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await page.getByLabel('E-mail or username').fill(reader.username);
  await page.getByLabel('Password').fill(reader.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
}

async function expectNoSeriousA11yViolations(page: Page, selector: string) {
  await waitForStillPage(page);
  const results = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id} ${v.help} at ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
}

test('a reader turns on two-factor sign-in, then signs in with a code and with a recovery code', async ({ page }) => {
  // Three sign-ins and two accessibility checks: 50 s seen beside a test run on two cores.
  test.setTimeout(120_000);
  await register(page, reader);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  // Set up in the Reader's Area: the app's key as shown, a code from it.
  await openPage(page, '/profile/me');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(section.getByTestId('two-factor-state')).toHaveText('Off');
  await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const qr = section.getByRole('img', { name: /QR code/ });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);
  const manualKey = (await section.getByTestId('two-factor-manual-key').innerText()).replace(/\s/g, '');
  expect(manualKey).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoSeriousA11yViolations(page, '[data-testid="two-factor-section"]');

  await section.getByLabel('Code from your app').fill(await generate({ secret: manualKey }));
  await section.getByRole('button', { name: 'Turn on' }).click();

  // The recovery codes, shown once: saved as a file.
  const list = section.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = await list.getByRole('listitem').allInnerTexts();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Download as .txt' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('inkwell-recovery-codes.txt');
  const saved = await readFile(await download.path(), 'utf8');
  for (const code of recoveryCodes) expect(saved).toContain(code);
  await section.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(section.getByTestId('two-factor-state')).toHaveText('On');
  await expect(section.getByTestId('recovery-codes-left')).toHaveText('10 recovery codes left.');

  // The password alone no longer signs in: the code from the app does.
  await logOut(page);
  await enterPassword(page);
  await expectNoSeriousA11yViolations(page, 'form');
  await page.getByLabel('Authentication code').fill(await codeOneStepAhead(manualKey));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  // Without the phone: a recovery code, once.
  await logOut(page);
  await enterPassword(page);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill('wrong-code-0000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('That recovery code is not right');
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  await openPage(page, '/profile/me');
  await expect(page.getByRole('region', { name: 'Two-factor sign-in' }).getByTestId('recovery-codes-left')).toHaveText(
    '9 recovery codes left.',
  );
});
