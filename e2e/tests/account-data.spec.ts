import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { logInAs, register, registerByApi, submitLogIn } from '../support/auth';
import { openPage } from '../support/navigation';
import { BASE_URL } from '../support/server';

// Issue 36 §3, Done when: a reader downloads their export and finds their bookmarks and purchases
// in it; deletes their account and can no longer sign in.

const stamp = Date.now().toString(36);
const COMIC = { slug: 'the-lantern-keeper', title: 'The Lantern Keeper' };
const POUCH = { name: 'Pouch', price: '$4.99' };
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

test('a reader downloads their data, finds their bookmark and purchase in it, deletes the account and cannot sign in', async ({
  page,
}) => {
  const reader = { email: `leaver.${stamp}@example.com`, username: `leaver_${stamp}`, password: 'quiet-harbour-lantern-64' };
  await register(page, reader);

  // Something to find in the file: a bookmark and a purchase.
  await openPage(page, `/SeriesView/${COMIC.slug}`);
  await page.getByRole('button', { name: 'Bookmark', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Bookmarked' })).toHaveAttribute('aria-pressed', 'true');
  await openPage(page, '/buy/coins');
  await page.getByRole('article', { name: POUCH.name, exact: true }).getByRole('button', { name: 'Buy' }).click();
  await page.getByRole('button', { name: `Pay ${POUCH.price}` }).click();
  await expect(page).toHaveURL('/profile/purchases');

  await openPage(page, '/profile/me');
  const section = page.getByTestId('account-data-section');
  await expect(section.getByRole('heading', { name: 'Your data' })).toBeVisible();
  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  const date = new Date().toISOString().slice(0, 10);
  expect(file.suggestedFilename()).toBe(`inkwell-export-${reader.username}-${date}.json`);
  const data = JSON.parse(readFileSync((await file.path())!, 'utf8')) as {
    profile: { username: string; email: string };
    bookmarks: { seriesTitle: string }[];
    purchases: { itemName: string; status: string }[];
  };
  expect(data.profile).toMatchObject({ username: reader.username, email: reader.email });
  expect(data.bookmarks.map((bookmark) => bookmark.seriesTitle)).toEqual([COMIC.title]);
  expect(data.purchases).toEqual([expect.objectContaining({ itemName: POUCH.name, status: 'paid' })]);
  await expect(section.getByText(`Your data was downloaded as ${file.suggestedFilename()}.`)).toBeVisible();
  if (SHOTS) await section.screenshot({ path: `${SHOTS}/account-data-section.png` });

  // Deleting: the consequences are said; DELETE must be typed; a wrong password changes nothing.
  await section.getByRole('button', { name: 'Delete my account…' }).click();
  const form = page.getByTestId('delete-account-form');
  await expect(form.getByText('Coins left in your wallet are forfeited.', { exact: false })).toBeVisible();
  const deleteButton = form.getByRole('button', { name: 'Delete my account forever' });
  await form.getByLabel('Password').fill('not-my-password');
  await expect(deleteButton).toBeDisabled();
  await form.getByLabel('Type DELETE to confirm').fill('DELETE');
  if (SHOTS) await form.screenshot({ path: `${SHOTS}/account-delete-form.png` });
  await deleteButton.click();
  await expect(form.getByText('Your password is not correct')).toBeVisible();

  await form.getByLabel('Password').fill(reader.password);
  await deleteButton.click();
  await expect(page).toHaveURL('/');
  await expect(page.getByText('Your account has been deleted and you are signed out.', { exact: false })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/account-deleted-goodbye.png` });
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();

  // Neither the name nor the address signs in any more.
  for (const login of [reader.username, reader.email]) {
    await submitLogIn(page, login, reader.password);
    await expect(page.getByText('Invalid e-mail, username or password')).toBeVisible();
    await expect(page).toHaveURL('/login');
  }
});

test('an admin deletes a reader’s account from its page, after typing DELETE; the reader cannot sign in nor be found', async ({
  page,
  browser,
}) => {
  const reader = { email: `removed.${stamp}@example.com`, username: `removed_${stamp}`, password: 'pebble-orchard-violet-23' };
  const readerContext = await browser.newContext({ baseURL: BASE_URL });
  await registerByApi(readerContext.request, reader);

  await logInAs(page, 'admin');
  await openPage(page, `/Dashboard/Users?q=${reader.username}`);
  await page
    .getByTestId('user-row')
    .filter({ hasText: reader.username })
    .getByRole('link', { name: `Open ${reader.username}` })
    .click();
  const section = page.getByTestId('user-delete');
  await section.getByRole('button', { name: 'Delete account…' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${reader.username}'s account?` });
  const confirm = dialog.getByRole('button', { name: 'Delete the account' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  if (SHOTS) await dialog.screenshot({ path: `${SHOTS}/admin-delete-dialog.png` });
  await confirm.click();
  await expect(page).toHaveURL('/Dashboard/Users');
  await expect(page.getByText(`${reader.username}'s account was deleted`)).toBeVisible();

  // Not found by the admin's search; the reader's session is over and the password signs nobody in.
  await openPage(page, `/Dashboard/Users?q=${reader.username}`);
  await expect(page.getByTestId('user-row')).toHaveCount(0);
  expect((await readerContext.request.get('/api/proxy/secure/profiledata')).status()).toBe(401);
  const login = await readerContext.request.post('/api/proxy/public/login', {
    data: { username: reader.username, password: reader.password },
  });
  expect(login.status()).toBe(401);
  await readerContext.close();
});
