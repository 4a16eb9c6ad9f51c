import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { logIn, logOut, register } from '../support/auth';
import { openPage, reloadPage, waitForStillPage } from '../support/navigation';
import { lastMail, lastMailedLink } from '../support/server';

// Issue 36 §2, Done when: a reader changes their e-mail through the mailed link, and ends a session
// on another browser.

const stamp = Date.now().toString(36);
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** The path and query of a mailed link. */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

test('a reader changes their e-mail address through the link mailed to it, and signs in with it', async ({ page }) => {
  const reader = { email: `before.${stamp}@example.com`, username: `mover_${stamp}`, password: 'tidal-lantern-copper-58' };
  const newEmail = `after.${stamp}@example.com`;
  await register(page, reader);
  await openPage(page, '/profile/me');
  const section = page.getByTestId('email-section');
  await expect(section.getByRole('heading', { name: 'E-mail address' })).toBeVisible();
  await expect(section.getByTestId('current-email')).toHaveText(reader.email);

  // A wrong password is refused on its field, and nothing is sent.
  await section.getByRole('button', { name: 'Change e-mail address' }).click();
  await section.getByLabel('New e-mail address').fill(newEmail);
  await section.getByLabel('Your password').fill('not-my-password');
  await section.getByRole('button', { name: 'Send the confirmation link' }).click();
  await expect(section.getByText('Your current password is not correct')).toBeVisible();
  expect(lastMail(newEmail)).toBeUndefined();

  await section.getByLabel('Your password').fill(reader.password);
  await section.getByRole('button', { name: 'Send the confirmation link' }).click();
  await expect(section.getByText('Check your new inbox')).toBeVisible();
  await expect(section.getByText(`We sent a link to ${newEmail}.`, { exact: false })).toBeVisible();
  // Nothing changes until the link is followed.
  await expect(section.getByTestId('current-email')).toHaveText(reader.email);

  await openPage(page, pathOf(await lastMailedLink(newEmail, '/email-change/confirm')));
  await expect(page.getByRole('heading', { name: 'Confirm your new e-mail address' })).toBeVisible();
  await page.getByRole('button', { name: 'Use this address' }).click();
  await expect(page.getByText(`Done: your account’s address is now ${newEmail}.`)).toBeVisible();
  // The old address is told, with a link that would put it back.
  await expect.poll(() => lastMail(reader.email)?.subject).toBe('The e-mail address of your Inkwell account was changed');
  expect(lastMail(reader.email)?.text).toContain('/email-change/undo?token=');

  await page.getByRole('link', { name: 'Go to your account' }).click();
  await expect(page.getByTestId('email-section').getByTestId('current-email')).toHaveText(newEmail);

  await logOut(page);
  await logIn(page, newEmail, reader.password);
  await openPage(page, '/profile/me');
  await expect(page.getByTestId('current-email')).toHaveText(newEmail);
});

test('a reader signs another browser out from the account page', async ({ browser }) => {
  const reader = { email: `two.${stamp}@example.com`, username: `twofold_${stamp}`, password: 'amber-kite-harbour-37' };
  const desk = await browser.newContext();
  const phone = await browser.newContext({ userAgent: SAFARI_IPHONE, viewport: { width: 390, height: 844 } });
  const here = await desk.newPage();
  const there = await phone.newPage();
  try {
    await register(here, reader);
    await logIn(there, reader.username, reader.password);
    await openPage(there, '/profile/me');
    await expect(there.getByTestId('profile-username')).toHaveText(reader.username);

    await openPage(here, '/profile/me');
    const sessions = here.getByTestId('sessions-section');
    await expect(sessions.getByRole('heading', { name: 'Where you’re signed in' })).toBeVisible();
    const rows = sessions.getByTestId('session-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('This device');
    const phoneRow = rows.filter({ hasText: 'Safari on iOS' });
    await expect(phoneRow).not.toContainText('This device');
    // Both sections read well to everyone (WCAG 2 A and AA).
    await waitForStillPage(here);
    const axe = await new AxeBuilder({ page: here })
      .include('[data-testid="sessions-section"]')
      .include('[data-testid="email-section"]')
      .withTags(['wcag2a', 'wcag2aa'])
      .analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`)).toEqual(
      [],
    );

    await phoneRow.getByRole('button', { name: 'Sign out of Safari on iOS' }).click();
    await expect(here.getByText('Signed out of Safari on iOS.')).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(sessions.getByRole('button', { name: 'Sign out everywhere else' })).toHaveCount(0);

    // The other browser is signed out at its next request.
    await reloadPage(there);
    await expect(there).toHaveURL('/errorPage?error=unauthorized');
    // This one is still signed in.
    await reloadPage(here);
    await expect(here.getByTestId('profile-username')).toHaveText(reader.username);
  } finally {
    await desk.close();
    await phone.close();
  }
});
