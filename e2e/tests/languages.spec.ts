import { expect, test, type Page } from '@playwright/test';
import { openPage, reloadPage } from '../support/navigation';

// Issue 35 §1: a reader whose browser asks for Portuguese gets the site in Portuguese, drawn so by
// the server and kept so by the app (no other language flashes in as it hydrates); the footer's
// picker switches to Spanish, which stays across pages and a reload. A message missing from a
// catalogue is reported in the console, and fails the journey.

/** The console's reports of missing messages and of hydration gone wrong, from here on. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/Missing message|hydrat|did not match/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

const footer = (page: Page) => page.locator('footer');

test.describe('a browser that asks for Brazilian Portuguese', () => {
  test.use({ locale: 'pt-BR' });

  test('gets the site in Portuguese, and the footer’s picker turns it to Spanish for good', async ({ page }) => {
    const problems = watchConsole(page);

    // Drawn by the server in Portuguese, and still so once the app has taken over.
    const home = await openPage(page, '/');
    expect(home?.headers()['content-language']).toBe('pt-BR');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(footer(page)).toContainText('Todos os direitos reservados.');
    await expect(page.getByRole('searchbox').first()).toHaveAttribute('placeholder', 'Pesquisar séries...');

    // A series page and a chapter: server-rendered in the reader's language.
    for (const path of ['/SeriesView/the-lantern-keeper', '/SeriesView/the-lantern-keeper/chapter-1']) {
      await openPage(page, path);
      await expect(page.locator('html'), path).toHaveAttribute('lang', 'pt-BR');
      await expect(footer(page), path).toContainText('Feito por');
    }
    // A page the browser draws (the error page): its feature's words load with it.
    await openPage(page, '/errorPage?error=series_not_found');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Série não encontrada');
    await expect(page.getByRole('button', { name: 'Voltar' })).toBeVisible();

    // The footer's picker: Spanish, on this page and every page after, and after a reload.
    await openPage(page, '/');
    await Promise.all([
      page.waitForURL('**/', { waitUntil: 'load' }),
      footer(page).getByRole('combobox', { name: 'Idioma' }).selectOption('es'),
    ]);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(footer(page)).toContainText('Todos los derechos reservados.');
    await expect(footer(page).getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');

    await openPage(page, '/SeriesView/the-lantern-keeper');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(footer(page)).toContainText('Hecho por');
    await reloadPage(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('searchbox').first()).toHaveAttribute('placeholder', 'Buscar series...');

    // `?lang=` is for one page (a shared link, a search engine's alternate): the choice stays Spanish.
    await openPage(page, '/?lang=pt-BR');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await openPage(page, '/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');

    expect(problems).toEqual([]);
  });
});
