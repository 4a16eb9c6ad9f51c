import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { BASE_URL, TEAM } from '../support/server';
import { openPage, reloadPage } from '../support/navigation';
import { logIn, registerByApi } from '../support/auth';

const ADMIN_API = '/api/omegascans/secure/admin';
const stamp = Date.now().toString(36);
// An admin of this journey's own: turning on two-factor sign-in leaves the shared e2e admin as it was.
const keeper = { email: `keeper.${stamp}@example.com`, username: `keeper_${stamp}`, password: 'lighthouse-ember-44' };
const MESSAGE = `Moving to a bigger server (${stamp}). Back within the hour.`;

/** A second admin: registered as a reader, promoted by the e2e admin through the users API. */
async function makeAdmin(api: APIRequestContext) {
  await registerByApi(api, keeper);
  const login = await api.post('/api/proxy/public/login', {
    data: { username: TEAM.admin.username, password: TEAM.admin.password },
  });
  expect(login.ok()).toBe(true);
  const found = await (await api.get(`${ADMIN_API}/users?q=${keeper.username}`)).json();
  const id = (found.data.items as { id: string; username: string }[]).find((user) => user.username === keeper.username)!.id;
  expect((await api.patch(`${ADMIN_API}/users/${id}`, { data: { role: 'admin' } })).ok()).toBe(true);
}

/** Two-factor sign-in turned on through the account's API, with a code computed as an authenticator app would. */
async function turnOnTwoFactor(page: Page) {
  const setup = await page.request.post('/api/proxy/secure/two-factor/setup');
  expect(setup.ok()).toBe(true);
  const { manualKey } = (await setup.json()).data as { manualKey: string };
  const enable = await page.request.post('/api/proxy/secure/two-factor/enable', {
    data: { code: await generate({ secret: manualKey }) },
  });
  expect(enable.ok()).toBe(true);
}

test('an admin puts the site in maintenance and closes registration; visitors see it, the team works on', async ({
  page,
  browser,
}) => {
  const setupContext = await browser.newContext({ baseURL: BASE_URL });
  await makeAdmin(setupContext.request);
  await setupContext.close();
  const visitorContext = await browser.newContext({ baseURL: BASE_URL });
  const visitor = await visitorContext.newPage();

  await logIn(page, keeper.username, keeper.password);
  try {
    // Without two-factor sign-in the page reads but does not change anything.
    await openPage(page, '/Dashboard/Configuration');
    await expect(page.getByRole('heading', { name: 'Configuration', level: 1 })).toBeVisible();
    const notice = page.getByRole('alert').filter({ hasText: 'Two-factor sign-in is required' });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('link', { name: 'your profile' })).toHaveAttribute('href', '/profile/me');
    await expect(page.getByRole('button', { name: 'Save maintenance' })).toBeDisabled();
    const refused = await page.request.patch(`${ADMIN_API}/site-config`, { data: { maintenance: { enabled: true } } });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error.code).toBe('two_factor_required');

    await turnOnTwoFactor(page);
    await reloadPage(page);
    await expect(page.getByRole('alert').filter({ hasText: 'Two-factor sign-in is required' })).toHaveCount(0);
    const ads = page.getByRole('form', { name: 'Ads' });
    await expect(ads.getByTestId('ads-warning')).toContainText('Only paste code from an ad network you trust');

    // Maintenance on, with a message.
    const maintenance = page.getByRole('form', { name: 'Maintenance' });
    await maintenance.getByLabel('Maintenance mode on').check();
    await maintenance.getByLabel('Message').fill(MESSAGE);
    await maintenance.getByRole('button', { name: 'Save maintenance' }).click();
    await expect(page.getByText('Maintenance mode is on.', { exact: true })).toBeVisible();
    await expect(page.getByText('Maintenance mode is on: visitors see the maintenance page')).toBeVisible();

    // A visitor gets the maintenance page, and the API's 503, on any page but /login.
    for (const path of ['/', '/comics', '/register']) {
      await openPage(visitor, path);
      await expect(visitor.getByRole('heading', { name: 'Down for maintenance' })).toBeVisible();
      await expect(visitor.getByTestId('error-description')).toHaveText(MESSAGE);
    }
    const home = await visitorContext.request.get('/api/public/omegascans/public/home');
    expect(home.status()).toBe(503);
    expect((await home.json()).error).toMatchObject({ code: 'maintenance', message: MESSAGE });
    await visitor.getByRole('link', { name: 'Team sign-in' }).click();
    await expect(visitor.getByRole('heading', { name: 'Log in' })).toBeVisible();

    // The admin still works: the site and the dashboard, under the banner.
    await openPage(page, '/');
    await expect(page.getByText('Maintenance mode is on: visitors see the maintenance page')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Down for maintenance' })).toHaveCount(0);
    await openPage(page, '/Dashboard/Configuration');
    await page.getByRole('form', { name: 'Maintenance' }).getByLabel('Maintenance mode on').uncheck();
    await page.getByRole('form', { name: 'Maintenance' }).getByRole('button', { name: 'Save maintenance' }).click();
    await expect(page.getByText('Maintenance mode is off.', { exact: true })).toBeVisible();
    await expect(page.getByText('Maintenance mode is on: visitors see the maintenance page')).toHaveCount(0);

    await openPage(visitor, '/');
    await expect(visitor.getByRole('heading', { name: 'Down for maintenance' })).toHaveCount(0);
    await expect(visitor.getByRole('button', { name: 'Sign in' })).toBeVisible();

    // Registration closed: /register says so, and the server refuses a sign-up.
    const registration = page.getByRole('form', { name: 'Registration' });
    await registration.getByLabel('Registration open').uncheck();
    await registration.getByRole('button', { name: 'Save registration' }).click();
    await expect(page.getByText('Registration is closed.', { exact: true })).toBeVisible();
    await openPage(visitor, '/register');
    await expect(visitor.getByRole('heading', { name: 'Registration is closed' })).toBeVisible();
    await expect(visitor.getByLabel('Confirm password')).toHaveCount(0);
    const signUp = await visitorContext.request.post('/api/proxy/public/register', {
      data: { email: `late.${stamp}@example.com`, username: `late_${stamp}`, password: 'violet-lantern-32' },
    });
    expect(signUp.status()).toBe(403);
    expect((await signUp.json()).error.code).toBe('registration_closed');
  } finally {
    // The journeys after this one need the site up and open.
    await page.request.patch(`${ADMIN_API}/site-config`, {
      data: { maintenance: { enabled: false }, registration: { open: true } },
    });
    await visitorContext.close();
  }
  const reopened = await page.request.get('/api/public/omegascans/public/site-settings');
  expect((await reopened.json()).data).toMatchObject({ registrationOpen: true, maintenance: { enabled: false } });
});
