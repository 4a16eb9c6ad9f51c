import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { openComments as openChapterComments } from '../support/comments';
import { waitForStillPage } from '../support/navigation';
import { register } from '../support/auth';

/** The demo catalogue's free comic. */
const COMIC = { slug: 'the-lantern-keeper', title: 'The Lantern Keeper' };
const CHAPTER_URL = `/SeriesView/${COMIC.slug}/chapter-1`;

const stamp = Date.now().toString(36);
const first = { email: `first.${stamp}@example.com`, username: `first_${stamp}`, password: 'amber-lantern-72' };
const second = { email: `second.${stamp}@example.com`, username: `second_${stamp}`, password: 'amber-lantern-73' };

async function readerPage(browser: Browser, account: typeof first) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await register(page, account);
  return page;
}

const openComments = (page: Page) => openChapterComments(page, CHAPTER_URL);

test('a reader comments under a chapter, another replies, and the first sees the reply and is told in the bell', async ({
  browser,
}) => {
  const visitor = await (await browser.newContext()).newPage();
  const visitorSection = await openComments(visitor);
  await expect(visitorSection.getByRole('link', { name: 'Log in to comment' })).toBeVisible();

  const alice = await readerPage(browser, first);
  const aliceSection = await openComments(alice);
  await aliceSection
    .getByRole('textbox', { name: 'Add a comment' })
    .fill('The lighthouse panel <b>at dawn</b> is gorgeous https://example.com/art');
  await aliceSection.getByRole('button', { name: 'Post' }).click();
  const aliceComment = aliceSection.getByRole('article', { name: `Comment by ${first.username}` });
  await expect(aliceComment).toContainText('The lighthouse panel <b>at dawn</b> is gorgeous');
  await expect(aliceComment.getByRole('link', { name: 'https://example.com/art' })).toBeVisible();

  const bob = await readerPage(browser, second);
  const bobSection = await openComments(bob);
  const thread = bobSection.getByRole('article', { name: `Comment by ${first.username}` });
  await thread.getByRole('button', { name: 'Reply' }).click();
  const replyBox = bobSection.getByRole('textbox', { name: `Reply to ${first.username}` });
  await replyBox.fill('Agreed, the colours!');
  // The reply's own form: other journeys leave comments, with their Reply buttons, under this chapter.
  await replyBox.locator('xpath=ancestor::form[1]').getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(bobSection.getByRole('article', { name: `Comment by ${second.username}` })).toContainText('Agreed, the colours!');

  // The first reader comes back: the reply is under her comment, and the bell says so.
  const aliceAgain = await openComments(alice);
  await expect(aliceAgain.getByRole('article', { name: `Comment by ${second.username}` })).toContainText('Agreed, the colours!');
  await waitForStillPage(alice);
  const results = await new AxeBuilder({ page: alice })
    .include('#comments-heading')
    .include('section')
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id} ${v.help} at ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  await alice.getByRole('button', { name: /^Notifications/ }).click();
  await expect(alice.getByTestId('notification-panel')).toContainText(`${second.username} replied to your comment`);
});
