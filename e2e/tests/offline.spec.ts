import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { registerByApi } from '../support/auth';
import { openPage } from '../support/navigation';

// Issue 21 §3: Inkwell installs as an app; a reader keeps a chapter on the device, reads it with the
// network gone from its usual address, finds a chapter not kept says so, and the place they reached
// offline reaches their account when the network is back.

const COMIC = { slug: 'the-lantern-keeper', kept: 'chapter-3', notKept: 'chapter-2' };
const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const reader = { email: `offline.${id}@example.com`, username: `offline_${id}`, password: 'harbour-candle-58' };

test('the app installs: a manifest with its icons, and a service worker for the whole site', async ({ page }) => {
  await openPage(page, '/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await page.request.get(href!)).json();
  expect(manifest).toMatchObject({ name: 'Inkwell', start_url: '/', display: 'standalone' });
  const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
  expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of icons) {
    const answer = await page.request.get(icon.src);
    expect(answer.headers()['content-type']).toBe('image/png');
  }
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toMatch(/\/$/);
});

test('a kept chapter opens offline from its address, and the place reached offline syncs on reconnect', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await registerByApi(page.request, reader);
  const chapterPath = `/SeriesView/${COMIC.slug}/${COMIC.kept}`;
  await openPage(page, chapterPath);
  // The service worker controls the pages from here on.
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await openPage(page, chapterPath);
  await page.getByRole('button', { name: 'Keep this chapter for offline reading' }).click();
  await expect(page.getByRole('link', { name: 'Kept on this device for offline reading' })).toBeVisible({ timeout: 20_000 });

  await openPage(page, '/profile/downloads');
  const row = page.getByTestId('download-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('The Lantern Keeper');
  await expect(row.getByTestId('download-size')).toHaveText(/^\d+(\.\d)? (KB|MB)$/);

  await context.setOffline(true);
  await page.goto(chapterPath);
  const first = page.getByRole('img', { name: /^Page 1 of \d+$/ });
  await expect(first).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => first.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await page.screenshot({ path: test.info().outputPath('offline-chapter.png') });
  // Read to the end of the strip, offline: the place is kept in the browser, in the reader's own
  // store (issue 32 §3), never in the visitor's.
  const count = await page.getByRole('img', { name: /^Page \d+ of \d+$/ }).count();
  const last = page.getByRole('img', { name: `Page ${count} of ${count}` });
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport();
  await page.mouse.wheel(0, 20_000);
  const readersPlaces = () =>
    page.evaluate(() => {
      const owner = localStorage.getItem('inkwell.owner');
      const kept = owner ? localStorage.getItem(`inkwell.progress.${owner}`) : null;
      return Object.values(JSON.parse(kept ?? '{}') as Record<string, { completed: boolean }>).map((entry) => entry.completed);
    });
  await expect.poll(readersPlaces).toEqual([true]);
  expect(await page.evaluate(() => localStorage.getItem('inkwell.progress'))).toBe(null);

  // A chapter not kept says so.
  await page.goto(`/SeriesView/${COMIC.slug}/${COMIC.notKept}`);
  await expect(page.getByTestId('offline-notice')).toContainText('You are offline');

  // Back online: the place reached offline joins the account.
  await context.setOffline(false);
  await openPage(page, '/profile/downloads');
  await expect
    .poll(
      async () => {
        const history = await (await page.request.get('/api/omegascans/secure/me/history?perPage=5')).json();
        const entry = (history.data?.items ?? []).find(
          (item: { chapter?: { slug: string } }) => item.chapter?.slug === COMIC.kept,
        );
        return entry?.completed ?? null;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  expect(await readersPlaces()).toEqual([]);
});

// Issue 33 §1: the whole app is kept at install, so offline it starts on the chapters kept on this
// device and reads one to its end and on to the next kept one without a page going blank.
test('offline, the app starts on the kept chapters; one reads to its end and on to the next kept one', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const keeper = { ...reader, email: `keeper.${id}@example.com`, username: `keeper_${id}` };
  await registerByApi(page.request, keeper);
  const chapterPath = (slug: string) => `/SeriesView/${COMIC.slug}/${slug}`;
  await openPage(page, chapterPath('chapter-2'));
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  for (const slug of ['chapter-2', 'chapter-3']) {
    await openPage(page, chapterPath(slug));
    await page.getByRole('button', { name: 'Keep this chapter for offline reading' }).click();
    await expect(page.getByRole('link', { name: 'Kept on this device for offline reading' })).toBeVisible({ timeout: 20_000 });
  }

  await openPage(page, '/');
  await context.setOffline(true);
  await page.reload();
  const start = page.getByTestId('offline-home');
  await expect(start.getByRole('heading', { name: 'You are offline' })).toBeVisible({ timeout: 15_000 });
  await expect(start.getByRole('link', { name: 'Downloads' })).toHaveAttribute('href', '/profile/downloads');
  await start.getByRole('link', { name: 'The Lantern Keeper · Chapter 2' }).click();
  await expect(page).toHaveURL(chapterPath('chapter-2'));

  // To its last page, and past it: the chapter's end, comments waiting for the network.
  await expect(page.getByRole('img', { name: /^Page 1 of \d+$/ })).toBeVisible({ timeout: 15_000 });
  const count = await page.getByRole('img', { name: /^Page \d+ of \d+$/ }).count();
  expect(count).toBeGreaterThan(1);
  const last = page.getByRole('img', { name: `Page ${count} of ${count}` });
  await last.scrollIntoViewIfNeeded();
  await expect.poll(() => last.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await page.mouse.wheel(0, 20_000);
  await expect(page.getByTestId('chapter-end')).toBeVisible();
  await expect(page.getByTestId('comments-offline')).toHaveText(/^Comments need a connection\./);
  // The reader is still theirs offline: never asked to log in to bookmark.
  await expect(page.getByRole('link', { name: 'Log in to bookmark' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('offline-chapter-end.png'), fullPage: false });
  expect(page.url()).not.toContain('errorPage');

  // On to the next chapter, kept too: still the offline app.
  await page.getByRole('button', { name: /^Next chapter: Chapter 3/ }).click();
  await expect(page).toHaveURL(chapterPath('chapter-3'));
  await expect(page.getByRole('img', { name: /^Page 1 of \d+$/ })).toBeVisible();

  // The home page, opened offline, says so.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: test.info().outputPath('offline-start.png') });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('offline-start-phone.png') });
  await context.setOffline(false);
});
