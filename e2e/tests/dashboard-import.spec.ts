import { expect, test, type Page } from '@playwright/test';
import { logInAs } from '../support/auth';
import { seriesFolderZip } from '../support/import-fixtures';
import { openPage } from '../support/navigation';

// Issue 37 §1: an editor imports a zipped series folder through the dashboard's Import page — two
// CBZ chapters and a broken file — follows it to its summary, opens the new series, and a second
// import of the same zip changes nothing.

const TITLE = 'Harbor Lights';
const SHOTS = 'e2e/.tmp/dashboard-import';

async function startImport(page: Page, zip: Buffer) {
  await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'harbor.zip', mimeType: 'application/zip', buffer: zip });
  await page.getByRole('button', { name: 'Start import' }).click();
  const progress = page.getByTestId('import-progress');
  await expect(progress).toBeVisible();
  return progress;
}

test('an editor imports a zipped series folder, sees its progress and summary, opens the series, and a second run is unchanged', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const zip = seriesFolderZip(TITLE);
  await logInAs(page, 'editor');
  await openPage(page, '/Dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).first().getByRole('link', { name: 'Import' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import' })).toBeVisible();
  await expect(page.getByText(/npm run import/)).toBeVisible();

  const progress = await startImport(page, zip);
  // While it runs: the bar (or the wait for the job) and the item at work; then its summary.
  await page.screenshot({ path: `${SHOTS}/import-running-en.png`, fullPage: true });
  await expect(progress.getByText('Done', { exact: true })).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: `${SHOTS}/import-done-en.png`, fullPage: true });
  // The series and its two chapters created; the broken file failed alone, first, with its reason.
  await expect(progress.getByTestId('import-created')).toHaveText('Created3');
  await expect(progress.getByTestId('import-failed')).toHaveText('Failed1');
  const items = progress.getByTestId('import-item');
  await expect(items).toHaveCount(4);
  await expect(items.first()).toContainText(`${TITLE} c003.cbz`);
  await expect(items.first()).toContainText(`${TITLE} c003.cbz could not be read as a zip archive; it may be damaged`);
  await expect(progress.getByTestId('import-item').filter({ hasText: /^CreatedChapter/ })).toHaveCount(2);
  // The recent imports list it.
  await expect(page.getByRole('region', { name: 'Recent imports' })).toContainText('3 created, 0 updated, 0 unchanged, 1 failed');

  // The series, as the import made it: its two chapters, drafts.
  await progress.getByRole('link', { name: 'Open the series' }).click();
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  const chapters = page.getByRole('region', { name: /^Chapters/ });
  await expect(chapters.getByText(/Chapter 1(?!\d)/).first()).toBeVisible();
  await expect(chapters.getByText(/Chapter 2(?!\d)/).first()).toBeVisible();

  // The same zip again: nothing changes, and the page says so.
  await openPage(page, '/Dashboard/Import');
  const again = await startImport(page, zip);
  await expect(again.getByText('Done', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(again.getByTestId('import-unchanged')).toHaveText('Unchanged3');
  await expect(again.getByTestId('import-created')).toHaveText('Created0');
  await expect(again.getByTestId('import-failed')).toHaveText('Failed1');
  await expect(again.getByText('Nothing changed since the last import.')).toBeVisible();

  // The page in Spanish, for the eye.
  const spanish = await page
    .context()
    .browser()!
    .newContext({ locale: 'es', storageState: await page.context().storageState() });
  const es = await spanish.newPage();
  await openPage(es, page.url().replace(/^https?:\/\/[^/]+/, ''));
  await expect(es.getByRole('heading', { level: 1, name: 'Importar' })).toBeVisible();
  await expect(es.getByTestId('import-progress').getByText('Terminada', { exact: true })).toBeVisible();
  await expect(es.getByText(`No se pudo leer ${TITLE} c003.cbz como archivo zip; puede estar dañado`)).toBeVisible();
  await es.screenshot({ path: `${SHOTS}/import-done-es.png`, fullPage: true });
  await spanish.close();
});
