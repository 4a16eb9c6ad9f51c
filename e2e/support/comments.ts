import { expect, type Page } from '@playwright/test';
import { openPage, pressEndUntil } from './navigation';

/** A chapter, scrolled down to its comments (they load as the reader comes near them). */
export async function openComments(page: Page, chapterUrl: string) {
  await openPage(page, chapterUrl);
  await expect(page.getByTestId('strip-reader')).toBeVisible();
  const section = page.getByRole('region', { name: /^Comments/ });
  await pressEndUntil(page, async () => (await section.count()) > 0);
  await section.scrollIntoViewIfNeeded();
  await expect(section).toBeVisible();
  return section;
}
