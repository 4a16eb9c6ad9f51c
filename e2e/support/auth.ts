import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { openPage } from './navigation';
import { lastMailedLink, TEAM } from './server';

export interface Account {
  email: string;
  username: string;
  password: string;
}

export type TeamRole = keyof typeof TEAM;

/** Home, once it has loaded after signing in or up: what a journey does next, it does there. */
async function expectSignedInHome(page: Page, username?: string): Promise<void> {
  const name = username ? `Welcome back, ${username}.` : /^Welcome back, /;
  await expect(page.getByRole('heading', { name })).toBeVisible();
}

/** Fills in the login page (by username or e-mail) and sends it, whatever the answer. */
export async function submitLogIn(page: Page, login: string, password: string): Promise<void> {
  await openPage(page, '/login');
  await page.getByLabel('E-mail or username').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** Signs in through the login page (by username or e-mail) and waits for home. */
export async function logIn(page: Page, login: string, password: string): Promise<void> {
  await submitLogIn(page, login, password);
  await expectSignedInHome(page);
}

/** Signs in as the journeys' editor or admin (created before the server starts, e2e/support/server.ts). */
export async function logInAs(page: Page, role: TeamRole): Promise<void> {
  await logIn(page, TEAM[role].username, TEAM[role].password);
}

/** The path and query of the newest sign-up link mailed to `email`. */
export async function registrationLink(email: string): Promise<string> {
  const link = new URL(await lastMailedLink(email, '/register/confirm'));
  return `${link.pathname}${link.search}`;
}

/** Creates the account through the register page and the mailed link (issue 20 §4), and waits for home, signed in. */
export async function register(page: Page, account: Account): Promise<void> {
  await openPage(page, '/register');
  await page.getByLabel('E-mail', { exact: true }).fill(account.email);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await openPage(page, await registrationLink(account.email));
  await page.getByRole('button', { name: 'Create my account' }).click();
  // A new account is greeted as new (issue 33 §4).
  await expect(page.getByRole('heading', { name: `Welcome to Inkwell, ${account.username}.` })).toBeVisible();
}

/** Signs out from the top bar's user menu; the app then shows the login page. */
export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully!')).toBeVisible();
  await expect(page).toHaveURL('/login');
}

/** Creates the account through the API and the mailed link; `api` (a context's request) is then signed in as it. */
export async function registerByApi(api: APIRequestContext, account: Account): Promise<void> {
  expect((await api.post('/api/proxy/public/register', { data: account })).status()).toBe(202);
  const token = new URL(await lastMailedLink(account.email, '/register/confirm')).searchParams.get('token');
  expect((await api.post('/api/proxy/public/register/confirm', { data: { token } })).status()).toBe(201);
}

/** Signs `api` (a request context) in through the login endpoint, as a reader's app would. */
export async function logInByApi(api: APIRequestContext, account: { username: string; password: string }): Promise<void> {
  const response = await api.post('/api/proxy/public/login', {
    data: { username: account.username, password: account.password },
  });
  expect(response.ok(), await response.text()).toBe(true);
}
