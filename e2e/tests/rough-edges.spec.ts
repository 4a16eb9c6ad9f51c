import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { logInAs, logInByApi, register } from '../support/auth';
import { BASE_URL, TEAM } from '../support/server';
import { openPage, waitForStillPage } from '../support/navigation';

// Issue 21 §1: the rough edges a new reader meets in their first minute, each with the journey that
// showed it.

test('home never shows a near-empty rail on a wide screen', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await openPage(page, '/');
  const rails = page.getByTestId('series-row');
  await expect(rails.first()).toBeVisible();
  const counts = await rails.evaluateAll((rows) => rows.map((row) => row.children.length));
  expect(counts.length).toBeGreaterThan(0);
  for (const count of counts) expect(count).toBeGreaterThanOrEqual(4);
});

test('on a phone, a card’s chapter number and its age are never cut or run together', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openPage(page, '/');
  const ages = page.getByTestId('series-row').first().getByTestId('chapter-age');
  await expect(ages.first()).toBeVisible();
  const problems = await ages.evaluateAll((spans) =>
    spans
      .filter((span) => span.getBoundingClientRect().width > 0)
      .flatMap((span) => {
        const number = span.previousElementSibling!.getBoundingClientRect();
        const age = span.getBoundingClientRect();
        const cut = span.scrollWidth > span.clientWidth + 1;
        const gap = age.left - number.right;
        return cut || gap < 6 ? [`${span.parentElement!.textContent} (cut: ${cut}, gap: ${Math.round(gap)} px)`] : [];
      }),
  );
  expect(problems).toEqual([]);
});

test('"/" goes to search, and the search panel closes once the focus leaves it', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await openPage(page, '/');
  const field = page.getByRole('searchbox', { name: 'Search series' });
  await page.locator('body').press('/');
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('');
  await page.keyboard.type('lan');
  const panel = page.getByTestId('search-panel');
  await expect(panel).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(field).not.toBeFocused();
  await expect(panel).toHaveCount(0);
});

for (const device of [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 375, height: 812 },
]) {
  test(`immersive mode on a ${device.name}: the page moves up into the room the bars leave`, async ({ page }) => {
    await page.setViewportSize({ width: device.width, height: device.height });
    await openPage(page, '/SeriesView/the-lantern-keeper/chapter-1');
    const first = page.getByRole('img', { name: /^Page 1 of \d+$/ });
    await expect(first).toBeVisible();
    const before = (await first.boundingBox())!.y;
    expect(before).toBeGreaterThan(100);
    if (device.name === 'desktop') await page.keyboard.press('f');
    else await page.mouse.click(device.width / 2, device.height / 2);
    await expect(page.locator('html')).toHaveAttribute('data-immersive', 'true');
    await expect.poll(async () => (await first.boundingBox())!.y).toBeLessThan(before - 100);
    expect((await first.boundingBox())!.y).toBeLessThanOrEqual(24);
    // Back: the bars return above the page, which moves down again.
    if (device.name === 'desktop') await page.keyboard.press('f');
    else await page.mouse.click(device.width / 2, device.height / 2);
    await expect(page.locator('html')).not.toHaveAttribute('data-immersive', 'true');
    await expect.poll(async () => Math.round((await first.boundingBox())!.y)).toBe(Math.round(before));
  });
}

test('a novel in its sepia theme: the site’s top bar and footer take the page’s colours', async ({ page }) => {
  await page.addInitScript(() =>
    localStorage.setItem(
      'inkwell.reader.novel',
      JSON.stringify({ font: 'serif', size: 18, lineHeight: 1.7, width: 'medium', theme: 'sepia' }),
    ),
  );
  await openPage(page, '/SeriesView/the-cartographer-of-lost-winds/chapter-1');
  await expect(page.getByTestId('novel-text')).toBeVisible();
  const header = page.locator('.site-header');
  await expect(header).toHaveCSS('background-color', 'rgb(244, 236, 216)');
  await expect(page.locator('.site-footer')).toHaveCSS('background-color', 'rgb(244, 236, 216)');
  await expect(header.getByRole('link', { name: 'Home', exact: true })).toHaveCSS('color', 'rgb(91, 70, 54)');
  // The reader bar's buttons too, the bookmark among them.
  await expect(page.locator('.reader-bar').getByRole('link', { name: 'Log in to bookmark' })).toHaveCSS(
    'background-color',
    'rgb(233, 220, 192)',
  );
  await page.screenshot({ path: test.info().outputPath('sepia-frame.png') });
  // Leaving the novel gives the site its own colours back.
  await header.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(page.locator('.site-header')).not.toHaveCSS('background-color', 'rgb(244, 236, 216)');
});

test('paged right-to-left on a phone: every "Next" is the chapter’s and says so, and no page row under the bottom bar', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.addInitScript(() =>
    localStorage.setItem('inkwell.reader.comic', JSON.stringify({ mode: 'paged', direction: 'rtl' })),
  );
  await openPage(page, '/SeriesView/the-lantern-keeper/chapter-1');
  await expect(page.getByTestId('paged-reader')).toBeVisible();
  // Every control that says "Next" on screen is about the chapter, and says so (the page's tap zones are invisible).
  const nexts = page.getByRole('button').filter({ hasText: /next/i }).filter({ visible: true });
  const names = await nexts.evaluateAll((buttons) =>
    buttons.map((button) => button.getAttribute('aria-label') ?? button.textContent ?? ''),
  );
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect(name).toMatch(/chapter/i);
  await expect(page.getByTestId('reader-bottom-bar').getByRole('button', { name: 'Next chapter' })).toContainText('Next chapter');
  const bar = (await page.getByTestId('reader-bottom-bar').boundingBox())!;
  const image = (await page.getByTestId('paged-reader').getByRole('img').boundingBox())!;
  // Nothing of the reader's own sits under the bar: the page row is gone on a phone.
  await expect(page.getByTestId('page-indicator')).toBeHidden();
  expect(image.y).toBeLessThan(bar.y);
  await expect(page.getByTestId('reader-bottom-bar')).toContainText('Page 1 / ');
});

test('a reader who unlocks a chapter can have the series’ next ones unlock themselves, and "unread" counts only what they can open', async ({
  page,
}) => {
  const series = 'solo-leveling-up-the-stairs';
  const stamp = Date.now().toString(36);
  await register(page, { email: `serial.${stamp}@example.com`, username: `serial_${stamp}`, password: 'amber-lantern-71' });
  const api = page.request;
  const detail = (await (await api.get(`/api/public/omegascans/public/series/${series}`)).json()).data;
  expect((await api.put(`/api/omegascans/secure/me/bookmarks/${detail.id}`)).status()).toBe(200);

  // Every chapter out, less those still for sale to this reader.
  const expectedUnread = async () => {
    const all = (await (await api.get(`/api/public/omegascans/public/series/${series}/chapters?limit=1`)).json()).data;
    const forSale = (await (await api.get(`/api/public/omegascans/public/series/${series}/chapters?limit=1&forSale=true`)).json())
      .data;
    return (all.total as number) - (forSale.total as number);
  };
  const unreadShown = async () => {
    await openPage(page, '/profile/bookmarks');
    return page.getByTestId('bookmark-item').filter({ hasText: detail.title }).getByTestId('unread-count');
  };
  const before = await expectedUnread();
  // The demo sells its last chapters: they are out, and not unread to a reader who has not bought them.
  expect(before).toBeLessThan(detail.chapterCount);
  await expect(await unreadShown()).toHaveText(`${before} unread`);

  // Coins through the test checkout, then chapter 37 unlocked with the series' next ones asked to follow.
  const packages = (await (await api.get('/api/public/omegascans/public/store/coin-packages')).json()).data.items as {
    id: string;
  }[];
  const started = await api.post('/api/omegascans/secure/me/checkout', { data: { kind: 'coins', packageId: packages[0]!.id } });
  const purchaseId = (await started.json()).data.purchaseId as string;
  expect((await api.post(`/api/payments/test-checkout/${purchaseId}/complete`)).status()).toBe(200);
  await openPage(page, `/SeriesView/${series}/chapter-37`);
  await page.getByTestId('lock-panel').getByRole('button', { name: 'Unlock chapter' }).click();
  const dialog = page.getByRole('dialog', { name: /^Unlock Chapter 37 for \d+ coins\?$/ });
  await dialog.getByRole('checkbox', { name: new RegExp(`Unlock the next chapters of ${detail.title} automatically`) }).check();
  await dialog.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByTestId('strip-reader')).toBeVisible();
  // This unlock's toast goes first (by itself, after 4 s), so the one seen on chapter 38 is its own.
  const unlocked = page.getByRole('status').filter({ hasText: /^Unlocked for \d+ coins$/ });
  await expect(unlocked).toHaveCount(0, { timeout: 10_000 });

  // The next chapter opens by itself, charged, without a question.
  await page.getByRole('button', { name: 'Next chapter' }).first().click();
  await expect(page).toHaveURL(`/SeriesView/${series}/chapter-38`);
  await expect(unlocked).toBeVisible();
  await expect(page.getByTestId('strip-reader')).toBeVisible();
  await expect(page.getByTestId('lock-panel')).toHaveCount(0);

  // The store page lists the choice, and the two chapters now count as unread (less 37 if the
  // reader's move to 38 completed it).
  await openPage(page, '/profile/purchases');
  const list = page.getByRole('list', { name: 'Unlocking automatically in these series' });
  await expect(list.getByRole('link', { name: detail.title })).toBeVisible();
  expect(await expectedUnread()).toBe(before + 2);
  const shown = await (await unreadShown()).textContent();
  expect([`${before + 1} unread`, `${before + 2} unread`]).toContain(shown);
});

// In the dark theme and in the light one (issue 33 §14), which a browser set to light gets by default.
for (const [scheme, device] of (['dark', 'light'] as const).flatMap((scheme) =>
  [
    { name: 'desktop', width: 1366, height: 900 },
    { name: 'phone', width: 375, height: 812 },
  ].map((device) => [scheme, device] as const),
)) {
  test(`small grey text meets WCAG AA contrast on a ${device.name} in ${scheme}: home, a series, the store, the dashboard`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: device.width, height: device.height });
    const check = async (path: string) => {
      await openPage(page, path);
      await page.waitForLoadState('networkidle');
      await waitForStillPage(page);
      const results = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
      return results.violations.flatMap((v) => v.nodes.map((node) => `${path}: ${node.html} (${node.failureSummary})`));
    };
    const problems = [];
    for (const path of ['/', '/SeriesView/the-lantern-keeper', '/buy/coins', '/login']) problems.push(...(await check(path)));
    await logInAs(page, 'editor');
    for (const path of ['/Dashboard', '/Dashboard/Series/Series', '/Dashboard/Comments']) problems.push(...(await check(path)));
    expect(problems).toEqual([]);
  });
}

test('a long series on a phone: jump to a chapter number and turn the order round without scrolling through it', async ({
  page,
  playwright,
}) => {
  const team = await playwright.request.newContext({ baseURL: BASE_URL });
  await logInByApi(team, TEAM.editor);
  const title = `The Long Road ${Date.now().toString(36)}`;
  const created = await team.post('/api/omegascans/secure/team/series', { data: { type: 'novel', title, isPublished: true } });
  expect(created.status()).toBe(201);
  const { id, slug } = (await created.json()).data as { id: string; slug: string };
  const day = 86_400_000;
  for (let number = 1; number <= 120; number += 1) {
    const chapter = await team.post(`/api/omegascans/secure/team/series/${id}/chapters`, {
      data: { number, publishedAt: new Date(Date.now() - (121 - number) * day).toISOString(), content: `<p>Mile ${number}.</p>` },
    });
    expect(chapter.status()).toBe(201);
  }
  await team.dispose();

  await page.setViewportSize({ width: 375, height: 812 });
  await openPage(page, `/SeriesView/${slug}`);
  const list = page.getByRole('region', { name: /^Chapters/ }).getByRole('listitem');
  await expect(list.first()).toContainText('Chapter 120');

  // Straight to chapter 42, newest first from there: no scrolling through 78 rows.
  await page.getByRole('spinbutton', { name: 'Chapter number' }).fill('42');
  await page.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(list.first()).toContainText('Chapter 42');
  await expect(list.nth(1)).toContainText('Chapter 41');

  // Oldest first from 42 on; and back to the start.
  await page.getByRole('button', { name: 'Oldest first' }).click();
  await expect(list.first()).toContainText('Chapter 42');
  await expect(list.nth(1)).toContainText('Chapter 43');
  await page.getByRole('button', { name: 'Stop starting at chapter 42' }).click();
  await expect(list.first()).toContainText('Chapter 1');
  await expect(list.nth(1)).toContainText('Chapter 2');
  // The controls sit beside the heading, where the thumb is, not after the list.
  const controls = await page.getByRole('button', { name: 'Newest first' }).boundingBox();
  expect(controls!.y).toBeLessThan(2 * 812);
});
