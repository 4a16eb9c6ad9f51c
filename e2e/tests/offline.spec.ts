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
