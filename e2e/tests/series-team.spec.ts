import { expect, test } from '@playwright/test';
import { logInAs, registerByApi } from '../support/auth';
import { solidPng } from '../support/images';
import { openPage } from '../support/navigation';

// Issue 37 §3: an admin puts a reader on one series' team as its translator; the reader then sees
// the dashboard with that series only, adds a chapter with a page there, and is refused another.

const TEAM = '/api/omegascans/secure/team';
const SHOTS = 'e2e/.tmp/series-team';
const translator = { username: 'lina_translates', email: 'lina-translates@example.com', password: 'translator-pass-1' };

interface SeriesRow {
  id: string;
  title: string;
  type: 'comic' | 'novel';
}

test('an admin adds a reader as translator of one series; they add a chapter with a page there and are refused another', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // Their account keeps English (named by the sign-up's request), as a browser's sign-up does.
  const readerContext = await browser.newContext({ extraHTTPHeaders: { 'Accept-Language': 'en' } });
  await registerByApi(readerContext.request, translator);

  await logInAs(page, 'admin');
  const list = (await (await page.request.get(`${TEAM}/series?perPage=100`)).json()) as { data: { items: SeriesRow[] } };
  const [seriesA, seriesB] = list.data.items.filter((row) => row.type === 'comic');
  expect(seriesA && seriesB).toBeTruthy();

  // The admin: the series' page links its Team page, where the reader is added as translator.
  await openPage(page, `/Dashboard/Series/Series/EditSerie/${seriesA!.id}`);
  await page.getByRole('link', { name: 'Team', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Team of ${seriesA!.title}` })).toBeVisible();
  // A name no one goes by: the server's refusal, in the form.
  await page.getByLabel('Username').fill('no_such_reader_here');
  await page.getByRole('button', { name: 'Add to the team' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByLabel('Username').fill(translator.username);
  await page.getByLabel('Role').selectOption('translator');
  await page.getByRole('button', { name: 'Add to the team' }).click();
  const row = page.getByTestId('series-member').filter({ hasText: translator.username });
  await expect(row).toContainText('Translator');
  await expect(row.getByRole('switch', { name: `Let ${translator.username} publish` })).not.toBeChecked();
  await page.screenshot({ path: `${SHOTS}/team-admin-en.png`, fullPage: true });
  const adminSpanish = await browser.newContext({ locale: 'es', storageState: await page.context().storageState() });
  const adminEs = await adminSpanish.newPage();
  await openPage(adminEs, `/Dashboard/Series/Series/EditSerie/${seriesA!.id}/Team`);
  await expect(adminEs.getByRole('heading', { level: 1, name: `Equipo de ${seriesA!.title}` })).toBeVisible();
  await expect(adminEs.getByTestId('series-member').filter({ hasText: translator.username })).toContainText('Traductor');
  await adminEs.screenshot({ path: `${SHOTS}/team-admin-es.png`, fullPage: true });
  await adminSpanish.close();

  // The translator: the account menu has the dashboard, which holds their series and Import only.
  // Signed in already: their sign-up through the API signed their browser in.
  const reader = await readerContext.newPage();
  await openPage(reader, '/');
  await expect(reader.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  await reader.getByRole('button', { name: 'Account menu' }).click();
  await reader.getByRole('menuitem', { name: 'Dashboard' }).click();
  await expect(reader).toHaveURL(/\/Dashboard\/Series\/Series$/);
  const menu = reader.getByRole('navigation', { name: 'Dashboard' }).first();
  await expect(menu.getByRole('link')).toHaveText(['Series', 'Import']);
  await expect(reader.getByRole('link', { name: seriesA!.title })).toBeVisible();
  await expect(reader.getByRole('link', { name: seriesB!.title })).toHaveCount(0);
  await expect(reader.getByRole('link', { name: /New series/ })).toHaveCount(0);

  // Series A: chapters, but no details, prices or publishing; a chapter with a page is added.
  await reader.getByRole('link', { name: seriesA!.title }).click();
  await expect(reader.getByRole('heading', { level: 1, name: seriesA!.title })).toBeVisible();
  await expect(reader.getByText(/Only the series’ creator, an editor or an admin changes/)).toBeVisible();
  await reader.getByRole('button', { name: 'New chapter' }).click();
  await expect(reader.getByText(/Price, free date and preview are the series’ creator’s to set/)).toBeVisible();
  await expect(reader.getByText(/Your chapters stay drafts until/)).toBeVisible();
  await reader.getByLabel('Number').fill('900');
  await reader.getByRole('button', { name: 'Create chapter' }).click();
  await expect(reader.getByText('Chapter created').first()).toBeVisible();
  await reader
    .getByLabel('Add pages')
    .setInputFiles({ name: '001.png', mimeType: 'image/png', buffer: solidPng(80, 120, [200, 60, 60]) });
  await expect(reader.getByText('1 page added').first()).toBeVisible();
  await expect(reader.getByRole('img', { name: 'Page 1' })).toBeVisible();
  await reader.screenshot({ path: `${SHOTS}/series-translator-en.png`, fullPage: true });

  // Their Team page is not theirs to see; series B is refused.
  await openPage(reader, `/Dashboard/Series/Series/EditSerie/${seriesA!.id}/Team`);
  await expect(reader.getByRole('alert')).toBeVisible();
  await openPage(reader, `/Dashboard/Series/Series/EditSerie/${seriesB!.id}`);
  await expect(reader.getByRole('alert')).toBeVisible();
  await expect(reader.getByRole('heading', { level: 1, name: seriesB!.title })).toHaveCount(0);
  await reader.screenshot({ path: `${SHOTS}/series-b-refused-en.png`, fullPage: true });
  // The site-wide pages stay closed.
  await openPage(reader, '/Dashboard/Comments');
  await expect(reader).toHaveURL(/error=forbidden/);

  // The Import page, in Spanish: one file into their series, as drafts.
  const readerSpanish = await browser.newContext({ locale: 'es', storageState: await readerContext.storageState() });
  const readerEs = await readerSpanish.newPage();
  await openPage(readerEs, '/Dashboard/Import');
  await expect(readerEs.getByRole('heading', { level: 1, name: 'Importar' })).toBeVisible();
  await expect(readerEs.getByLabel('Serie', { exact: true })).toBeVisible();
  await readerEs.getByLabel('Serie', { exact: true }).selectOption(seriesA!.id);
  await expect(readerEs.getByText(/Los capítulos entran como borradores/)).toBeVisible();
  await readerEs.screenshot({ path: `${SHOTS}/import-translator-es.png`, fullPage: true });
  await readerSpanish.close();
  await readerContext.close();
});
