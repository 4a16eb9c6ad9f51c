import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { register } from '../support/auth';
import { openComments as openChapterComments } from '../support/comments';
import { solidPng } from '../support/images';
import { openPage, waitForStillPage } from '../support/navigation';

// Issue 36 §1, Done when: a reader changes their username and avatar and sees them on their comments.

/** The demo catalogue's free comic. */
const CHAPTER_URL = '/SeriesView/the-lantern-keeper/chapter-1';
const stamp = Date.now().toString(36);
const reader = { email: `profile.${stamp}@example.com`, username: `sketch_${stamp}`, password: 'copper-heron-lamp-64' };
const renamed = `inkling_${stamp}`;
const bio = 'Reads webtoons on the night bus.';

const openComments = (page: Page) => openChapterComments(page, CHAPTER_URL);

test('a reader changes their avatar, username and bio on the account page, and sees them on their comment', async ({ page }) => {
  // The account page in two languages on two screen sizes, full-page: past 60 s once beside a test run.
  test.setTimeout(120_000);
  await register(page, reader);
  await openPage(page, '/profile/me');
  const profile = page.getByTestId('public-profile');
  await expect(profile.getByRole('heading', { name: 'Public profile' })).toBeVisible();

  // Something that is not an image is refused, clearly, and nothing changes.
  await page
    .getByTestId('avatar-file')
    .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
  await profile.getByRole('button', { name: 'Use this picture' }).click();
  await expect(page.getByTestId('avatar-error')).toHaveText('Your avatar must be a JPEG, PNG, WebP, AVIF or GIF image');
  await profile.getByRole('button', { name: 'Cancel' }).click();
  await expect(profile.getByRole('button', { name: 'Upload a picture' })).toBeVisible();

  // A picture: previewed, then used; the top bar shows it at once, with its version.
  await page
    .getByTestId('avatar-file')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: solidPng(320, 200, [40, 160, 220]) });
  await expect(profile.getByRole('img', { name: 'Preview of your new avatar' })).toBeVisible();
  await profile.getByRole('button', { name: 'Use this picture' }).click();
  await expect(page.getByText('Avatar saved.')).toBeVisible();
  await expect(profile.getByRole('img', { name: 'Your avatar' })).toHaveAttribute('src', /-256\.webp\?v=1$/);
  await expect(page.getByTestId('top-bar-avatar')).toHaveAttribute('src', /-64\.webp\?v=1$/);
  await expect(profile.getByRole('button', { name: 'Replace picture' })).toBeVisible();

  // A reserved name is refused on its field; then a new name and a bio are saved.
  const username = profile.getByLabel('Username');
  await username.fill('admin');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile.getByText('This username is reserved: choose another')).toBeVisible();
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await username.fill(renamed);
  await profile.getByLabel('Bio').fill(bio);
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved.')).toBeVisible();
  await expect(page.getByTestId('profile-username')).toHaveText(renamed);
  await waitForStillPage(page);
  const results = await new AxeBuilder({ page })
    .include('[data-testid="public-profile"]')
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id} ${v.help} at ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);

  // Their comment carries the new name, the bio and the new avatar.
  const section = await openComments(page);
  await section.getByRole('textbox', { name: 'Add a comment' }).fill('The lighthouse at dawn!');
  await section.getByRole('button', { name: 'Post' }).click();
  const comment = section.getByRole('article', { name: `Comment by ${renamed}` });
  await expect(comment).toContainText('The lighthouse at dawn!');
  await expect(comment.getByTestId('comment-author-bio')).toHaveText(bio);
  await expect(comment.locator('img').first()).toHaveAttribute('src', /-64\.webp\?v=1$/);
  await comment.screenshot({ path: test.info().outputPath('comment-with-profile.png') });

  // Another reader sees the same.
  const visitor = await (await page.context().browser()!.newContext()).newPage();
  const seen = await openComments(visitor);
  await expect(seen.getByRole('article', { name: `Comment by ${renamed}` }).getByTestId('comment-author-bio')).toHaveText(bio);
  await visitor.context().close();

  // The account page, in English and in Portuguese, on a desktop and a phone.
  for (const [lang, suffix] of [
    ['en', 'en'],
    ['pt-BR', 'pt-BR'],
  ] as const) {
    await openPage(page, `/profile/me?lang=${lang}`);
    await expect(page.getByTestId('public-profile')).toBeVisible();
    for (const [width, height, device] of [
      [1280, 900, 'desktop'],
      [390, 844, 'phone'],
    ] as const) {
      await page.setViewportSize({ width, height });
      // From the top: the bar stays up as the page scrolls, and would be drawn over the full page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: test.info().outputPath(`account-${suffix}-${device}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 720 });
  }
  await expect(page.getByTestId('public-profile').getByRole('heading', { name: 'Perfil público' })).toBeVisible();
});
