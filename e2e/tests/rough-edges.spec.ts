import { expect, test } from '@playwright/test';
import { openPage } from '../support/navigation';

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
