import { expect, test, type Page } from '@playwright/test';
import { logInAs } from '../support/auth';
import { openPage } from '../support/navigation';

// Issue 35 §2: an editor adds a Spanish edition of a demo novel in the dashboard and translates its
// first chapter; a reader whose browser asks for Spanish gets the series in Spanish, and the English
// original, marked "Original · Inglés", for the chapters the edition lacks.

const SLUG = 'murder-at-willowmere';
const SPANISH_TITLE = 'Asesinato en Willowmere';
const SPANISH_TEXT = 'La bibliotecaria jubilada fue la única que prestó atención.';
const SHOTS = 'e2e/.tmp/editions';

/** The console's reports of missing messages and of hydration gone wrong, from here on. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/Missing message|hydrat|did not match/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

test('an editor adds a Spanish edition and translates a chapter; a Spanish reader gets it, and the original where it lacks one', async ({
  page,
  browser,
}) => {
  const answer = (await (await page.request.get(`/api/public/omegascans/public/series/${SLUG}`)).json()) as {
    data: { id: string };
  };
  await logInAs(page, 'editor');
  await openPage(page, `/Dashboard/Series/Series/EditSerie/${answer.data.id}`);

  // The Editions section: the original has every chapter; a Spanish edition is added.
  const editions = page.getByTestId('editions-section');
  await expect(editions.getByTestId('edition-en')).toContainText('Every chapter translated');
  await editions.getByRole('button', { name: 'Add edition' }).click();
  const form = editions.getByRole('form', { name: 'New edition' });
  await form.getByLabel('Language', { exact: true }).selectOption('es');
  await form.getByLabel('Title in this language').fill(SPANISH_TITLE);
  await form.getByLabel('Description in this language').fill('El pueblo más tranquilo del condado tiene su primer asesinato.');
  await form.getByRole('button', { name: 'Add edition' }).click();
  await expect(page.getByText('The Spanish edition was added.')).toBeVisible();
  const spanish = editions.getByTestId('edition-es');
  await expect(spanish).toContainText(SPANISH_TITLE);
  await expect(spanish).toContainText(/^.*0 of \d+ chapters · Lacks chapters 1–/);

  // Chapter 1's translation, from the chapter's editor.
  await page
    .getByRole('listitem')
    .filter({ hasText: /^Chapter 1: Beginnings/ })
    .getByRole('button', { name: 'Edit', exact: true })
    .click();
  const translations = page.getByTestId('chapter-editions');
  await translations.getByRole('button', { name: 'Translate into Spanish' }).click();
  const translation = page.getByRole('form', { name: 'The Spanish translation of chapter 1' });
  await translation.getByLabel('Title in Spanish').fill('Comienzos');
  await translation.getByRole('textbox', { name: 'Text in Spanish' }).click();
  await page.keyboard.type(SPANISH_TEXT);
  await translation.getByRole('button', { name: 'Save translation' }).click();
  await expect(page.getByText('The Spanish translation was saved.')).toBeVisible();
  await expect(translations.getByTestId('chapter-edition-es')).toContainText('translated');
  // The edition now has chapter 1, and lacks the rest.
  await expect(spanish).toContainText(/1 of \d+ chapters · Lacks chapters 2–/);
  await editions.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/dashboard-editions.png`, fullPage: true });

  // A reader whose browser asks for Spanish: the Spanish edition, picked by the interface's language.
  const context = await browser.newContext({ locale: 'es' });
  const reader = await context.newPage();
  const problems = watchConsole(reader);
  await openPage(reader, `/SeriesView/${SLUG}`);
  await expect(reader.getByRole('heading', { level: 1, name: SPANISH_TITLE })).toBeVisible();
  const picker = reader.getByRole('navigation', { name: 'Ediciones' });
  await expect(picker.getByRole('link', { name: 'Español' })).toHaveAttribute('aria-current', 'page');
  const first = reader.getByRole('link', { name: /^Capítulo 1: Comienzos/ });
  await expect(first.getByTestId('original-badge')).toHaveCount(0);
  const second = reader.getByRole('link', { name: /^Capítulo 2(?!\d)/ });
  await expect(second.getByTestId('original-badge')).toHaveText('Original · Inglés');
  await reader.screenshot({ path: `${SHOTS}/series-page.png`, fullPage: true });

  // A chapter the edition lacks opens in English, with the badge.
  await second.click();
  await expect(reader).toHaveURL(new RegExp(`/SeriesView/${SLUG}/chapter-2`));
  // The series page stays up until the chapter has loaded: wait until its list has gone.
  await expect(reader.getByRole('navigation', { name: 'Ediciones' })).toHaveCount(0);
  await expect(reader.getByTestId('original-badge')).toHaveText('Original · Inglés');
  // The text is the original's, marked as English for hyphenation and screen readers.
  await expect(reader.locator('div[lang="en"]').first()).toBeVisible();
  await reader.screenshot({ path: `${SHOTS}/reader-badge.png` });

  // The edition named in the address: chapter 1 in Spanish, and the next chapter keeps the edition.
  await openPage(reader, `/SeriesView/${SLUG}?lang=es`);
  await reader.getByRole('link', { name: /^Capítulo 1: Comienzos/ }).click();
  await expect(reader).toHaveURL(new RegExp(`/SeriesView/${SLUG}/chapter-1\\?lang=es$`));
  await expect(reader.getByText(SPANISH_TEXT)).toBeVisible();
  await expect(reader.getByTestId('original-badge')).toHaveCount(0);
  await reader.getByRole('button', { name: 'Capítulo siguiente' }).first().click();
  await expect(reader).toHaveURL(new RegExp(`/SeriesView/${SLUG}/chapter-2\\?lang=es$`));
  await expect(reader.getByTestId('original-badge')).toHaveText('Original · Inglés');

  // The original through the picker.
  await openPage(reader, `/SeriesView/${SLUG}?lang=es`);
  await reader.getByRole('navigation', { name: 'Ediciones' }).getByRole('link', { name: 'Inglés (original)' }).click();
  await expect(reader.getByRole('heading', { level: 1, name: 'Murder at Willowmere' })).toBeVisible();
  await expect(reader.getByTestId('original-badge')).toHaveCount(0);

  expect(problems).toEqual([]);
  await context.close();
});
