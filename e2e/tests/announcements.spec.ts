import { expect, test } from '@playwright/test';
import { solidPng } from '../support/images';
import { openPage } from '../support/navigation';
import { logInAs } from '../support/auth';

const stamp = Date.now().toString(36);
const TITLE = `Festival of lanterns ${stamp}`;
const SLUG = `festival-of-lanterns-${stamp}`;

test('an editor writes and publishes an announcement that a visitor reads on its page and sees on home', async ({
  page,
  browser,
}) => {
  await logInAs(page, 'editor');

  // The team's list, from the side menu.
  await openPage(page, '/Dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Announcements' }).click();
  await expect(page.getByRole('heading', { name: 'Announcements', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'New announcement' }).click();
  await expect(page).toHaveURL('/Dashboard/Announcements/AddAnnouncements');

  // Written as a draft first, with rich text in the editor and a cover.
  await page.getByLabel('Title').fill(TITLE);
  const text = page.getByRole('textbox', { name: 'Announcement text' });
  await text.click();
  await page.keyboard.type('Every chapter this week is ');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('free');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('. Enjoy the festival.');
  await page
    .getByLabel('Cover')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: solidPng(640, 320, [40, 90, 160]) });
  await page.getByRole('button', { name: 'Create announcement' }).click();
  await expect(page).toHaveURL(/\/Dashboard\/Announcements\/EditAnnouncements\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(TITLE);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('draft');
  await expect(page.getByRole('img', { name: 'Current cover' })).toBeVisible();

  // A visitor cannot read a draft.
  const visitor = await browser.newPage();
  await openPage(visitor, `/announcements/${SLUG}`);
  await expect(visitor.getByRole('heading', { name: 'Announcement not found' })).toBeVisible();

  // Published and pinned.
  await page.getByLabel('Status').selectOption('published');
  await page.getByRole('checkbox', { name: /Pinned/ }).check();
  await page.getByRole('button', { name: 'Save announcement' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('published');
  await expect(page.getByRole('link', { name: 'View on site' })).toBeVisible();

  // The list shows it as published.
  await openPage(page, '/Dashboard/Announcements?state=published');
  await expect(page.getByRole('link', { name: new RegExp(TITLE) })).toBeVisible();

  // The visitor sees it on home (the server's cache lasts a few seconds) and reads it.
  await expect(async () => {
    await openPage(visitor, '/');
    await expect(visitor.getByRole('region', { name: 'News' }).getByRole('link', { name: new RegExp(TITLE) })).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 30_000 });
  await visitor
    .getByRole('region', { name: 'News' })
    .getByRole('link', { name: new RegExp(TITLE) })
    .click();
  await expect(visitor).toHaveURL(`/announcements/${SLUG}`);
  await expect(visitor.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
  await expect(visitor.locator('article strong')).toHaveText('free');
  await expect(visitor.locator('article')).toContainText('Enjoy the festival.');
  const cover = visitor.locator('article img');
  await expect(cover).toHaveAttribute('width', '640');
  await expect(cover).toHaveAttribute('height', '320');
  await expect(visitor).toHaveTitle(new RegExp(TITLE));

  // Its page is served with the server's title and Open Graph tags, for link previews.
  const html = await (await visitor.request.get(`/announcements/${SLUG}`)).text();
  expect(html).toContain(`<meta property="og:title" content="${TITLE} · Inkwell" />`);
  expect(html).toContain('og:image');
  await visitor.close();
});
