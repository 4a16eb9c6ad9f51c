import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { solidPng } from '../support/images';
import { openPage, reloadPage, waitForStillPage } from '../support/navigation';
import { logInAs } from '../support/auth';

/** The demo catalogue a first start creates (SEED_DEMO is on for the journeys). */
const COMIC = { slug: 'the-lantern-keeper', title: 'The Lantern Keeper' };
const NOVEL = { slug: 'murder-at-willowmere', title: 'Murder at Willowmere' };
/** A demo novel's last chapter: priced, with a daily free way (demo-catalogue.ts). */
const PAPER_LOCKED = 'the-border-drawer-s-daughter/chapter-30';

test('a visitor lands on a populated home page and browses comics, novels and the premium tab', async ({ page }) => {
  await openPage(page, '/');
  // Banners are art with their title as live text over it.
  const featured = page.getByRole('region', { name: 'Featured' });
  await expect(featured.locator('img').first()).toBeVisible();
  await expect(featured.getByText('The Lantern Keeper')).toBeVisible();
  const latest = page.getByRole('region', { name: 'Latest updates' });
  await expect(latest.getByRole('article')).toHaveCount(12);
  // Every image on the page carries its size, so nothing shifts while it loads.
  const unsized = await page.locator('img:not([width]), img:not([height])').count();
  expect(unsized).toBe(0);

  await openPage(page, '/comics');
  await expect(page.getByRole('heading', { name: 'Comics', level: 1 })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.getByLabel('Genre').selectOption('horror');
  await expect(page).toHaveURL(/genre=horror/);
  await expect(page.getByRole('heading', { name: 'Ghost Shift' })).toBeVisible();
  await expect(page.getByRole('heading', { name: COMIC.title })).toHaveCount(0);

  await openPage(page, '/novels?sort=title');
  await expect(page.getByRole('article').first().getByRole('heading')).toHaveText('A Quiet Year in Hollowmere');

  await openPage(page, '/premium');
  await expect(page.getByRole('heading', { name: 'Premium', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: COMIC.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Paper Moon Café' })).toHaveCount(0);
});

test('a visitor searches from the top bar and opens the series', async ({ page }) => {
  await openPage(page, '/');
  const search = page.getByRole('searchbox', { name: 'Search series' });
  await search.fill('la');
  await expect(page.getByTestId('search-panel')).toHaveText('Please enter at least 3 characters to search.');
  await search.fill('lantrn keeper');
  const result = page.getByTestId('search-panel').getByRole('link', { name: /The Lantern Keeper/ });
  await expect(result).toHaveAttribute('href', `/seriesView/${COMIC.slug}`);
  await search.fill('qqqzzzxx');
  await expect(page.getByTestId('search-panel')).toHaveText('No series found matching your search.');
  await search.fill('lantern');
  await page
    .getByTestId('search-panel')
    .getByRole('link', { name: /The Lantern Keeper/ })
    .click();
  await expect(page).toHaveURL(`/seriesView/${COMIC.slug}`);
  await expect(page.getByRole('heading', { name: COMIC.title, level: 1 })).toBeVisible();
  await expect(page.getByText('Also known as: Keeper of Lanterns')).toBeVisible();
});

test('a visitor reads a comic as a long strip and page by page', async ({ page }) => {
  await openPage(page, `/SeriesView/${COMIC.slug}`);
  await page.getByRole('link', { name: 'First chapter' }).click();
  await expect(page).toHaveURL(`/SeriesView/${COMIC.slug}/chapter-1`);
  const strip = page.getByTestId('strip-reader');
  await expect(strip.getByRole('img')).toHaveCount(4);
  const first = strip.getByRole('img').first();
  await expect(first).toHaveAttribute('fetchpriority', 'high');
  await expect(first).toHaveJSProperty('complete', true);
  expect(await first.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(800);
  await expect(strip.getByRole('img').nth(1)).toHaveAttribute('loading', 'lazy');

  await page.getByRole('button', { name: 'Reading settings' }).click();
  await page.getByRole('button', { name: 'Page by page' }).click();
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 1 / 4');
  await page.keyboard.press('Escape');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 2 / 4');
  await page.keyboard.press('j');
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 3 / 4');
  // A click in the middle of the page and then the keys: no focus ring is drawn over the art.
  const middle = page.getByRole('button', { name: 'Show or hide the bars' });
  await middle.click();
  await middle.click();
  await page.keyboard.press('k');
  await page.keyboard.press('j');
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 3 / 4');
  expect(await middle.evaluate((zone) => document.activeElement === zone || getComputedStyle(zone).outlineStyle !== 'none')).toBe(
    false,
  );

  await page.getByRole('button', { name: 'Reading settings' }).click();
  await page.getByRole('button', { name: 'Right to left' }).click();
  await page.keyboard.press('Escape');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 4 / 4');
  await expect(page.getByTestId('chapter-end')).toHaveCount(0);
  // Past the last page, the chapter's end as a step of its own; past that, the next chapter.
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('chapter-end')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(`/SeriesView/${COMIC.slug}/chapter-2`);

  // The choice is remembered on this device.
  await reloadPage(page);
  await expect(page.getByTestId('paged-reader')).toBeVisible();
});

test('a visitor reads a novel in their own typography, remembered on reload', async ({ page }) => {
  await openPage(page, `/SeriesView/${NOVEL.slug}/chapter-1`);
  const text = page.getByTestId('novel-text');
  await expect(text).toContainText('Chapter 1');
  await page.getByRole('button', { name: 'Reading settings' }).click();
  await page.getByRole('button', { name: 'OpenDyslexic' }).click();
  await page.getByRole('button', { name: 'Sepia' }).click();
  await page.getByRole('button', { name: 'Narrow' }).click();
  await page.getByLabel(/Text size/).fill('22');
  await expect(text).toHaveCSS('font-size', '22px');
  await expect(text).toHaveCSS('max-width', '560px');
  await expect(page.getByTestId('novel-page')).toHaveCSS('background-color', 'rgb(244, 236, 216)');
  await expect(text).toHaveCSS('font-family', /OpenDyslexic/);
  await reloadPage(page);
  await expect(page.getByTestId('novel-page')).toHaveAttribute('data-theme', 'sepia');
  await expect(page.getByTestId('novel-text')).toHaveCSS('font-size', '22px');
});

test('a locked chapter shows its price and, in early access, a live countdown', async ({ page }) => {
  await openPage(page, `/SeriesView/${COMIC.slug}`);
  const latestRow = page.getByRole('link', { name: /Chapter 31/ });
  await expect(latestRow).toContainText('30 coins');
  await expect(latestRow).toContainText(/Free in/);
  await latestRow.click();
  await expect(page.getByRole('heading', { name: 'Early access chapter' })).toBeVisible();
  await expect(page.getByText('30 coins', { exact: true })).toBeVisible();
  const countdown = page.getByTestId('free-countdown');
  const before = await countdown.textContent();
  await expect(countdown).not.toHaveText(before ?? '');
  await expect(page.locator('[data-testid="strip-reader"] img')).toHaveCount(0);
});

test('an unknown series leads to the series_not_found page', async ({ page }) => {
  await openPage(page, '/SeriesView/no-such-series');
  await expect(page).toHaveURL('/errorPage?error=series_not_found');
});

test('an editor creates a series with a cover, uploads and schedules chapters, and a visitor reads it', async ({
  page,
  browser,
}) => {
  const title = `Journey Comic ${Date.now().toString(36)}`;
  await logInAs(page, 'editor');
  await openPage(page, '/Dashboard/Series/Series');
  await page.getByRole('link', { name: 'New series' }).click();
  await expect(page.getByRole('heading', { name: 'New series' })).toBeVisible();

  // The contract's rules run before anything is sent.
  await page.getByRole('button', { name: 'Create series' }).click();
  await expect(page.getByText('Title is required')).toBeVisible();

  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description').fill('Made by the journey.');
  await page.getByRole('button', { name: 'Action' }).click();
  await page.getByLabel('Published').check();
  await page
    .getByLabel('Cover')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: solidPng(300, 450, [40, 120, 200]) });
  await page.getByRole('button', { name: 'Create series' }).click();
  await expect(page).toHaveURL(/\/Dashboard\/Series\/Series\/EditSerie\//);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('img', { name: `Cover of ${title}` })).toBeVisible();

  await page.getByRole('button', { name: 'New chapter' }).click();
  const editor = page.getByRole('form', { name: 'New chapter' });
  await editor.getByLabel('Title').fill('First light');
  // A comic chapter is a draft until it has pages (issue 33 §5).
  await expect(editor.getByLabel('Publish now')).toBeDisabled();
  await editor.getByRole('button', { name: 'Create chapter' }).click();
  await expect(page.getByText('Chapter created')).toBeVisible();
  await page.getByLabel('Add pages').setInputFiles([
    { name: '2.png', mimeType: 'image/png', buffer: solidPng(400, 600, [200, 60, 60]) },
    { name: '1.png', mimeType: 'image/png', buffer: solidPng(400, 500, [60, 200, 60]) },
  ]);
  await expect(page.getByText('2 pages added')).toBeVisible();
  const first = page.getByRole('form', { name: 'Edit chapter 1' });
  await first.getByLabel('Publish now').check();
  await first.getByRole('button', { name: 'Save chapter' }).click();
  await expect(page.getByText('Chapter saved')).toBeVisible();
  const thumbnail = page.getByRole('img', { name: 'Page 2' });
  await expect(thumbnail).toBeVisible();
  await expect(thumbnail).toHaveJSProperty('complete', true);
  expect(await thumbnail.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);

  // A second chapter, scheduled for tomorrow: readers must not see it yet.
  await page.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'New chapter' }).click();
  await page.getByRole('form', { name: 'New chapter' }).getByRole('button', { name: 'Create chapter' }).click();
  // The first chapter's toast may still be up: the newest is this one's.
  await expect(page.getByText('Chapter created').last()).toBeVisible();
  await page
    .getByLabel('Add pages')
    .setInputFiles([{ name: '1.png', mimeType: 'image/png', buffer: solidPng(400, 500, [60, 60, 200]) }]);
  await expect(page.getByText('1 page added')).toBeVisible();
  const second = page.getByRole('form', { name: 'Edit chapter 2' });
  await second.getByLabel('Schedule').check();
  const tomorrow = new Date(Date.now() + 86_400_000 - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await second.getByLabel(/^Comes out at \(your time, UTC/).fill(tomorrow);
  await second.getByRole('button', { name: 'Save chapter' }).click();
  // As above: the first chapter's "Chapter saved" may still be up.
  await expect(page.getByText('Chapter saved').last()).toBeVisible();
  await expect(page.getByText('scheduled', { exact: true })).toBeVisible();

  // The editor previews the scheduled chapter as a visitor will meet it at its release (issue 33 §7).
  const [preview] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: 'Preview chapter 2 as a visitor (opens in a new tab)' }).click(),
  ]);
  await expect(preview.getByTestId('strip-reader').getByRole('img')).toHaveCount(1);
  await expect(preview.getByRole('button', { name: 'Previous chapter' }).first()).toBeEnabled();
  await preview.close();

  const slug = title.toLowerCase().replace(/\s+/g, '-');
  const visitor = await browser.newPage();
  await openPage(visitor, `/SeriesView/${slug}`);
  await expect(visitor.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(visitor.getByRole('link', { name: /Chapter 1: First light/ })).toBeVisible();
  await expect(visitor.getByRole('link', { name: /Chapter 2/ })).toHaveCount(0);
  await visitor.getByRole('link', { name: 'First chapter' }).click();
  const pages = visitor.getByTestId('strip-reader').getByRole('img');
  await expect(pages).toHaveCount(2);
  // Natural order of the file names: 1.png (500 tall) before 2.png.
  await expect(pages.first()).toHaveAttribute('height', '500');
  await expect(pages.first()).toHaveJSProperty('complete', true);
  await visitor.close();
});

test('the Feed button leads to a page that explains feeds and lists the addresses, with the XML behind them', async ({
  page,
}) => {
  await openPage(page, `/SeriesView/${COMIC.slug}`);
  await page.getByRole('link', { name: 'Feed', exact: true }).click();
  await expect(page).toHaveURL(`/follow/${COMIC.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: `Follow ${COMIC.title} in a feed reader` })).toBeVisible();
  await expect(page.getByText(/A feed is a list of new chapters/)).toBeVisible();
  const origin = new URL(page.url()).origin;
  const addresses = await page.locator('code').allTextContents();
  expect(addresses).toEqual(['rss', 'atom', 'json'].map((format) => `${origin}/feeds/series/${COMIC.slug}.${format}`));
  await expect(page.getByRole('link', { name: 'Follow in your reader' })).toHaveAttribute(
    'href',
    `feed:${origin}/feeds/series/${COMIC.slug}.rss`,
  );
  const rss = await page.request.get(addresses[0]!);
  expect(rss.headers()['content-type']).toContain('xml');
  expect(await rss.text()).toContain(COMIC.title);
});

test('reading pages have no serious accessibility problems', async ({ page }) => {
  for (const path of [
    '/comics',
    `/SeriesView/${COMIC.slug}`,
    `/SeriesView/${COMIC.slug}/chapter-1`,
    `/SeriesView/${NOVEL.slug}/chapter-1`,
    `/follow/${COMIC.slug}`,
    // A novel in sepia: its end, comments and bars in the theme's colours, every one readable.
    `/SeriesView/${NOVEL.slug}/chapter-2?theme=sepia`,
    // ...and a locked one on paper: the paywall's heading, free way and price read on the page.
    `/SeriesView/${PAPER_LOCKED}?theme=sepia`,
    `/SeriesView/${PAPER_LOCKED}?theme=light`,
  ]) {
    const theme = /\?theme=(\w+)$/.exec(path)?.[1];
    if (theme) {
      await page.evaluate((chosen) => localStorage.setItem('inkwell.reader.novel', JSON.stringify({ theme: chosen })), theme);
    }
    await openPage(page, path);
    await expect(page.getByTestId('route-loader')).toBeHidden();
    await expect(page.locator('main, #main').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await waitForStillPage(page);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${path}: ${v.id} ${v.help} at ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
    if (theme === 'light') {
      // The bar's icon buttons are drawn on paper, never as dark squares over it.
      const background = await page
        .getByRole('button', { name: 'Reading settings' })
        .first()
        .evaluate((button) => {
          const [r, g, b] = getComputedStyle(button).backgroundColor.match(/\d+/g)!.map(Number);
          return (r! + g! + b!) / 3;
        });
      expect(background).toBeGreaterThan(180);
    }
  }
});
