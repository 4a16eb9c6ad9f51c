import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type Response } from '@playwright/test';
import { isAtEnd, openPage, pressEndUntil, waitForStillPage } from '../support/navigation';
import { logIn, register } from '../support/auth';

/** The demo catalogue's free comic (4 pages a chapter) and a novel. */
const COMIC = { slug: 'the-lantern-keeper', title: 'The Lantern Keeper' };
const NOVEL = { slug: 'murder-at-willowmere', title: 'Murder at Willowmere' };

const reader = {
  email: `follower.${Date.now()}@example.com`,
  username: `follower_${Date.now().toString(36)}`,
  password: 'amber-lantern-72',
};

/** The progress save that marks a chapter read. */
const isCompletion = (response: Response) =>
  response.request().method() === 'PUT' &&
  response.url().includes('/api/omegascans/secure/me/progress/') &&
  (response.request().postDataJSON() as { completed?: boolean } | null)?.completed === true;

async function expectNoSeriousA11yProblems(page: Page) {
  await waitForStillPage(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id} ${v.help} at ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
}

test.describe.configure({ mode: 'serial' });

test('a reader follows a series, reads a chapter to its end in the long strip, and comes back to Continue', async ({ page }) => {
  await register(page, reader);

  await openPage(page, `/SeriesView/${COMIC.slug}`);
  const bookmark = page.getByRole('button', { name: 'Bookmark', exact: true });
  await expect(bookmark).toHaveAttribute('aria-pressed', 'false');
  await bookmark.click();
  await expect(page.getByRole('button', { name: 'Bookmarked' })).toHaveAttribute('aria-pressed', 'true');

  // The long strip (the default), read to its end: the chapter is read.
  await page.getByRole('link', { name: 'First chapter' }).click();
  await expect(page).toHaveURL(`/SeriesView/${COMIC.slug}/chapter-1`);
  await expect(page.getByTestId('strip-reader').getByRole('img')).toHaveCount(4);
  // The reader's bar knows the bookmark too.
  await expect(page.getByRole('button', { name: 'Bookmark', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const completion = page.waitForResponse(isCompletion);
  await pressEndUntil(page, isAtEnd(page));
  expect((await completion).ok()).toBe(true);

  // Back on the series page: chapter 1 is marked read, and Continue goes on to chapter 2.
  await page.getByRole('link', { name: COMIC.title, exact: true }).click();
  await expect(page).toHaveURL(`/SeriesView/${COMIC.slug}`);
  await expect(page.getByRole('listitem').filter({ has: page.getByRole('link', { name: /^Chapter 1(?!\d)/ }) })).toHaveAttribute(
    'data-read',
    'true',
  );
  await page.getByRole('link', { name: 'Continue chapter 2' }).click();
  await expect(page).toHaveURL(`/SeriesView/${COMIC.slug}/chapter-2`);
  await expect(page.getByTestId('strip-reader')).toBeVisible();

  // The bookmark list shows it, from the user menu's BookMarks.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'BookMarks' }).click();
  await expect(page).toHaveURL('/profile/bookmarks');
  const item = page.getByTestId('bookmark-item');
  await expect(item).toHaveCount(1);
  await expect(item.getByRole('link', { name: COMIC.title, exact: true })).toBeVisible();
  await expect(item.getByTestId('unread-count')).toHaveText(/^\d+ unread$/);
  await expect(item).toContainText(/Latest: Chapter \d+/);
  await expect(item.getByRole('link', { name: /^Continue .*ch\. 2$/ })).toHaveAttribute(
    'href',
    `/SeriesView/${COMIC.slug}/chapter-2`,
  );
  await expectNoSeriousA11yProblems(page);

  // The history, newest first; home's "Continue reading" row.
  await page.getByRole('navigation', { name: "Reader's Area" }).getByRole('link', { name: 'History' }).click();
  await expect(page.getByTestId('history-item')).toHaveCount(2);
  await expect(page.getByTestId('history-item').first()).toContainText('Chapter 2');
  await expect(page.getByTestId('history-item').nth(1)).toContainText('Read');
  await expectNoSeriousA11yProblems(page);
  await openPage(page, '/');
  await expect(page.getByTestId('continue-reading').getByRole('link', { name: new RegExp(COMIC.title) })).toHaveAttribute(
    'href',
    `/SeriesView/${COMIC.slug}/chapter-2`,
  );
});

test('a chapter opened on another device resumes at the same page', async ({ browser }) => {
  const paged = () => localStorage.setItem('inkwell.reader.comic', JSON.stringify({ mode: 'paged' }));
  const phone = await browser.newContext();
  const laptop = await browser.newContext();
  await phone.addInitScript(paged);
  await laptop.addInitScript(paged);
  const onPhone = await phone.newPage();
  const onLaptop = await laptop.newPage();
  await logIn(onPhone, reader.username, reader.password);
  await logIn(onLaptop, reader.username, reader.password);

  await openPage(onPhone, `/SeriesView/${COMIC.slug}/chapter-3`);
  await expect(onPhone.getByTestId('page-indicator')).toHaveText('Page 1 / 4');
  await onPhone.keyboard.press('ArrowRight');
  await onPhone.keyboard.press('ArrowRight');
  await expect(onPhone.getByTestId('page-indicator')).toHaveText('Page 3 / 4');
  // The page is saved a moment after the reader stops on it.
  await onPhone.waitForResponse(
    (response) => response.request().method() === 'PUT' && (response.request().postDataJSON() as { page?: number }).page === 3,
  );

  await openPage(onLaptop, `/SeriesView/${COMIC.slug}/chapter-3`);
  await expect(onLaptop.getByTestId('page-indicator')).toHaveText('Page 3 / 4');
  await phone.close();
  await laptop.close();
});

test("a visitor's reading joins their account when they log in", async ({ page }) => {
  await openPage(page, `/SeriesView/${NOVEL.slug}/chapter-1`);
  await expect(page.getByTestId('novel-text')).toContainText('Chapter 1');
  await pressEndUntil(page, isAtEnd(page));
  await expect
    .poll(() => page.evaluate(() => JSON.stringify(JSON.parse(localStorage.getItem('inkwell.progress') ?? '{}'))))
    .toContain('"completed":true');
  await openPage(page, `/SeriesView/${NOVEL.slug}`);
  await expect(page.getByRole('link', { name: 'Continue chapter 2' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in to bookmark' })).toBeVisible();

  const merged = page.waitForResponse((response) => response.url().endsWith('/api/omegascans/secure/me/progress/merge'));
  await logIn(page, reader.username, reader.password);
  expect((await merged).ok()).toBe(true);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('inkwell.progress'))).toBeNull();
  await openPage(page, `/SeriesView/${NOVEL.slug}`);
  await expect(page.getByRole('link', { name: 'Continue chapter 2' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ has: page.getByRole('link', { name: /^Chapter 1(?!\d)/ }) })).toHaveAttribute(
    'data-read',
    'true',
  );
});
