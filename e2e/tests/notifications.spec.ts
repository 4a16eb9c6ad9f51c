import { expect, test } from '@playwright/test';
import { registerByApi } from '../support/auth';
import { solidPng } from '../support/images';
import { BASE_URL, TEAM } from '../support/server';
import { openPage, reloadPage } from '../support/navigation';

/** The demo's free comic: a reader follows it, the team publishes its next chapter. */
const SERIES = { slug: 'the-lantern-keeper', title: 'The Lantern Keeper' };

const reader = {
  email: `bell.${Date.now()}@example.com`,
  username: `bell_${Date.now().toString(36)}`,
  password: 'copper-bell-rings-83',
};

test('the bell tells a follower once that a new chapter is out, and leads to it', async ({ page, browser }) => {
  // The reader follows the series.
  await registerByApi(page.request, reader);
  const series = await (await page.request.get(`/api/public/omegascans/public/series/${SERIES.slug}`)).json();
  const seriesId = series.data.id as string;
  expect((await page.request.put(`/api/omegascans/secure/me/bookmarks/${seriesId}`)).ok()).toBe(true);

  // An editor publishes the next chapter now.
  const team = await browser.newContext({ baseURL: BASE_URL });
  const login = await team.request.post('/api/proxy/public/login', {
    data: { username: TEAM.editor.username, password: TEAM.editor.password },
  });
  expect(login.ok()).toBe(true);
  const number = 900 + Math.floor(Math.random() * 90);
  // A draft first, then its page, then out: a chapter is released only with something to read.
  const created = await team.request.post(`/api/omegascans/secure/team/series/${seriesId}/chapters`, {
    data: { number, title: 'The Bell Tower' },
  });
  expect(created.status()).toBe(201);
  const { id: chapterId, slug: chapterSlug } = (await created.json()).data as { id: string; slug: string };
  const paged = await team.request.post(`/api/omegascans/secure/team/chapters/${chapterId}/pages`, {
    multipart: { files: { name: '1.png', mimeType: 'image/png', buffer: solidPng(400, 600, [40, 40, 120]) } },
  });
  expect(paged.status()).toBe(200);
  const released = await team.request.patch(`/api/omegascans/secure/team/chapters/${chapterId}`, {
    data: { publishedAt: new Date(Date.now() - 1000).toISOString() },
  });
  expect(released.status()).toBe(200);
  await team.close();

  // The fan-out runs as a job: the bell shows it within a few seconds.
  await openPage(page, '/');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  const notice = page.getByRole('button', { name: new RegExp(`New chapter of ${SERIES.title}`) });
  await expect(async () => {
    await reloadPage(page);
    await bell.click();
    await expect(notice).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await notice.click();
  await expect(page).toHaveURL(`/SeriesView/${SERIES.slug}/${chapterSlug}`);
});

test('the notification settings register the service worker, and keep push’s quiet hours', async ({ page }) => {
  await registerByApi(page.request, { ...reader, email: `quiet.${reader.email}`, username: `q${reader.username}`.slice(0, 24) });
  await openPage(page, '/profile/notifications');
  const push = page.getByTestId('push-preferences');
  // The device's state comes from /sw.js's registration: it loaded and took the whole site.
  await expect(push.getByTestId('push-device-state')).toHaveText(/^Off for this device/);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(`${BASE_URL}/`);
  await expect(push.getByRole('button', { name: 'Turn on for this device' })).toBeEnabled();

  await push.getByLabel('Quiet hours').check();
  await expect(push.getByText(/^Pushes wait from 22:00 to 08:00 \(/)).toBeVisible();
  await push.getByLabel('Until').fill('07:30');
  await push.getByRole('button', { name: 'Save hours' }).click();
  await expect(push.getByText(/^Pushes wait from 22:00 to 07:30 \(/)).toBeVisible();
  await reloadPage(page);
  await expect(page.getByTestId('push-preferences').getByLabel('Quiet hours')).toBeChecked();
  await expect(page.getByTestId('push-preferences').getByText(/^Pushes wait from 22:00 to 07:30 \(/)).toBeVisible();
});
