import { expect, test, type Page } from '@playwright/test';
import { openPage } from '../support/navigation';

// Issue 11 §2 and §3 at a phone's width: immersive reading, the bottom bar, swiping pages, and search.
const COMIC = { slug: 'the-lantern-keeper', title: 'The Lantern Keeper' };

test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

/** A finger moving across the screen (Playwright's touchscreen only taps). */
async function swipe(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let step = 1; step <= 5; step += 1) {
    const x = from.x + ((to.x - from.x) * step) / 5;
    const y = from.y + ((to.y - from.y) * step) / 5;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('on a phone the bars step aside while reading and come back, and the bottom bar holds the chapter controls', async ({
  page,
}) => {
  await openPage(page, `/SeriesView/${COMIC.slug}/chapter-1`);
  const strip = page.getByTestId('strip-reader');
  await expect(strip.getByRole('img').first()).toBeVisible();
  const bottomBar = page.getByTestId('reader-bottom-bar');
  await expect(bottomBar).toBeVisible();
  // The top bar's chapter controls live in the bottom bar on a phone.
  await expect(page.getByRole('button', { name: 'Reading settings' })).toBeHidden();

  await page.mouse.wheel(0, 900);
  await expect(page.locator('html')).toHaveAttribute('data-immersive', 'true');
  await expect(page.locator('header.site-header')).not.toBeInViewport();
  await page.mouse.wheel(0, -300);
  await expect(page.locator('html')).not.toHaveAttribute('data-immersive');
  await expect(page.getByTestId('reader-bar')).toBeInViewport();

  // A tap on the strip hides the bars, another brings them back.
  await strip.getByRole('img').nth(1).tap();
  await expect(page.locator('html')).toHaveAttribute('data-immersive', 'true');
  await strip.getByRole('img').nth(1).tap();
  await expect(page.locator('html')).not.toHaveAttribute('data-immersive');

  await bottomBar.getByRole('button', { name: 'Chapters' }).tap();
  const chapters = page.getByRole('dialog', { name: 'Chapters' });
  const current = chapters.getByRole('link', { name: 'Chapter 1: Beginnings', exact: true });
  await expect(current).toHaveAttribute('aria-current', 'page');
  // The list opens where the reader is, not at the newest chapter.
  await expect(current).toBeInViewport();
  await chapters.getByRole('link', { name: 'Chapter 2', exact: true }).tap();
  await expect(page).toHaveURL(`/SeriesView/${COMIC.slug}/chapter-2`);
  await expect(page.getByRole('dialog', { name: 'Chapters' })).toHaveCount(0);
  await bottomBar.getByRole('button', { name: 'Previous' }).tap();
  await expect(page).toHaveURL(`/SeriesView/${COMIC.slug}/chapter-1`);
});

test('on a phone a reader swipes through pages, zooms one with a double tap, and picks data saver', async ({ page }) => {
  await openPage(page, `/SeriesView/${COMIC.slug}/chapter-1`);
  await page.getByTestId('reader-bottom-bar').getByRole('button', { name: 'Settings' }).tap();
  const settings = page.getByRole('dialog', { name: 'Reading settings' });
  await settings.getByRole('button', { name: 'Page by page' }).tap();
  await settings.getByRole('button', { name: 'Data saver' }).tap();
  await settings.getByRole('button', { name: 'Close reading settings' }).tap();

  const indicator = page.getByTestId('page-indicator');
  await expect(indicator).toHaveText('Page 1 / 4');
  const image = page.getByTestId('paged-reader').getByRole('img');
  await expect(image).toHaveAttribute('src', /&q=saver$/);
  // The lighter page is really served: smaller than the full one (made on its first request, so waited for).
  await expect.poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(720);

  const box = (await image.boundingBox())!;
  const middle = { x: box.x + box.width / 2, y: box.y + Math.min(box.height / 2, 250) };
  await swipe(page, { x: middle.x + 120, y: middle.y }, { x: middle.x - 120, y: middle.y });
  await expect(indicator).toHaveText('Page 2 / 4');
  await expect(page.getByTestId('reader-bottom-bar')).toContainText('Page 2 / 4');
  await swipe(page, { x: middle.x - 120, y: middle.y }, { x: middle.x + 120, y: middle.y });
  await expect(indicator).toHaveText('Page 1 / 4');

  await page.touchscreen.tap(middle.x, middle.y);
  await page.touchscreen.tap(middle.x, middle.y);
  await expect(page.getByTestId('zoomed-page')).toBeVisible();
  const zoomedWidth = await page
    .getByTestId('zoomed-page')
    .getByRole('img')
    .evaluate((img) => img.getBoundingClientRect().width);
  expect(zoomedWidth).toBeGreaterThan(box.width * 1.8);
});

test.describe('at 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('paged fit height lays the page whole between the top bar and the bottom bar, and the end of the chapter comes after its last page', async ({
    page,
  }) => {
    await page.addInitScript(() =>
      localStorage.setItem('inkwell.reader.comic', JSON.stringify({ mode: 'paged', fit: 'height' })),
    );
    await openPage(page, `/SeriesView/${COMIC.slug}/chapter-1`);
    const image = page.getByTestId('paged-reader').getByRole('img');
    await expect(image).toBeVisible();
    await expect
      .poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);
    const bottomBar = page.getByTestId('reader-bottom-bar');
    await expect(bottomBar).toContainText('Page 1 / 4');
    await expect(page.getByTestId('chapter-end')).toHaveCount(0);

    const top = (await page.getByTestId('reader-bar').boundingBox())!;
    const bottom = (await bottomBar.boundingBox())!;
    const box = (await image.boundingBox())!;
    const barsEnd = top.y + top.height;
    expect(box.y).toBeGreaterThanOrEqual(barsEnd - 0.5);
    expect(box.y + box.height).toBeLessThanOrEqual(bottom.y + 0.5);
    // The page fills the room: no band above it, and it reaches the bottom bar or the screen's sides.
    expect(box.y - barsEnd).toBeLessThanOrEqual(20);
    expect(Math.min(bottom.y - (box.y + box.height), 390 - box.width)).toBeLessThanOrEqual(20);

    for (let turn = 0; turn < 3; turn += 1) await page.keyboard.press('ArrowRight');
    await expect(bottomBar).toContainText('Page 4 / 4');
    await expect(page.getByTestId('chapter-end')).toHaveCount(0);
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('chapter-end')).toBeInViewport();
    await expect(bottomBar).toContainText('End of chapter');
  });
});

test('on a phone the search opens full screen, and Enter shows every result on the results page', async ({ page }) => {
  await openPage(page, '/');
  await page.getByTestId('mobile-search-button').tap();
  const panel = page.getByTestId('mobile-search');
  await expect(panel).toBeInViewport();
  const field = panel.getByRole('searchbox', { name: 'Search series' });
  await field.fill('keeper');
  await expect(panel.getByRole('option').first()).toContainText(COMIC.title);
  await field.press('Enter');
  await expect(page).toHaveURL('/search?q=keeper');
  await expect(page.getByRole('heading', { name: 'Search', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: COMIC.title })).toBeVisible();
  await expect(page).toHaveTitle('Search: keeper · Inkwell');
  await page.getByLabel('Type').selectOption('novel');
  await expect(page).toHaveURL(/type=novel/);
  await expect(page.getByRole('heading', { name: COMIC.title })).toHaveCount(0);
});
