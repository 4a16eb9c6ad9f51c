import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { openPage, waitForStillPage } from '../support/navigation';
import { register } from '../support/auth';

/** The demo catalogue's premium comic: its last chapters cost 50 coins, with two of four pages as a preview,
 * and a pass that opens one of them a day. */
const SERIES = { slug: 'solo-leveling-up-the-stairs', title: 'Solo Leveling Up the Stairs' };
/** The demo store's package that pays for it (seed-store.ts): 300 coins and 30 bonus. */
const POUCH = { name: 'Pouch', price: '$4.99', coins: 330 };
const PRICE = 50;

const reader = {
  email: `unlocker.${Date.now()}@example.com`,
  username: `unlocker_${Date.now().toString(36)}`,
  password: 'amber-lantern-71',
};

/** The coin count in the top bar's user menu (SPEC §2), read and closed again. */
async function expectTopBarCoins(page: Page, coins: number) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu', { name: 'Account' }).getByTestId('user-menu-coins')).toHaveText(`${coins}coins`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu', { name: 'Account' })).toBeHidden();
}

const chapterPath = (n: number) => `/SeriesView/${SERIES.slug}/chapter-${n}`;

test('a reader opens a locked chapter, buys coins, unlocks chapters and reads them at once as the coins drop', async ({
  page,
}) => {
  await register(page, reader);

  // The locked chapter: its preview, then its price and the reader's empty wallet.
  await openPage(page, chapterPath(37));
  const panel = page.getByTestId('lock-panel');
  await expect(panel.getByRole('heading', { name: 'Premium chapter' })).toBeVisible();
  await expect(page.getByTestId('preview-label')).toHaveText('Preview — 2 of 4 pages');
  const preview = page.getByTestId('chapter-preview').getByRole('img');
  await expect(preview).toHaveCount(2);
  await expect(preview.first()).toHaveJSProperty('complete', true);
  await expect(page.getByTestId('strip-reader')).toHaveCount(0);
  // The series' daily pass is ready for a new reader: it comes first, and buying is the second way.
  await expect(panel.getByTestId('offer-wait_pass').getByRole('button', { name: 'Use my pass' })).toBeVisible();
  await expect(panel.getByTestId('lock-price')).toHaveText(`Or keep it for good: ${PRICE} coins`);
  await expect(panel.getByTestId('lock-balance')).toHaveText('0 coins');
  await waitForStillPage(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id} ${v.help} at ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);

  // Too few coins: the store, which brings the reader back to the chapter, unlocked by the payment.
  await panel.getByRole('link', { name: 'Get coins', exact: true }).click();
  await expect(page).toHaveURL(
    /\/buy\/coins\?returnTo=%2FSeriesView%2Fsolo-leveling-up-the-stairs%2Fchapter-37&unlock=[0-9a-f-]{36}$/,
  );
  await page.getByRole('article', { name: POUCH.name, exact: true }).getByRole('button', { name: 'Buy' }).click();
  await expect(page).toHaveURL(/\/buy\/checkout\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: `Pay ${POUCH.price}` }).click();
  await expect(page).toHaveURL(chapterPath(37));
  await expect(page.getByTestId('strip-reader').getByRole('img')).toHaveCount(4);
  await expect(page.getByTestId('lock-panel')).toHaveCount(0);
  await expectTopBarCoins(page, POUCH.coins - PRICE);

  // The next chapter is locked too: unlocked here, after a confirmation, and read at once.
  await page.getByRole('button', { name: 'Next chapter' }).first().click();
  await expect(page).toHaveURL(chapterPath(38));
  await expect(panel.getByTestId('lock-balance')).toHaveText(`${POUCH.coins - PRICE} coins`);
  await panel.getByRole('button', { name: 'Unlock chapter' }).click();
  const dialog = page.getByRole('dialog', { name: `Unlock Chapter 38 for ${PRICE} coins?` });
  await expect(dialog).toContainText(`Your balance after: ${POUCH.coins - 2 * PRICE} coins`);
  await dialog.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByTestId('strip-reader').getByRole('img')).toHaveCount(4);
  await expect(page.getByText(`Unlocked for ${PRICE} coins`)).toBeVisible();
  await expectTopBarCoins(page, POUCH.coins - 2 * PRICE);

  // The series page shows both open to this reader, and the last one still for sale.
  await page.getByRole('link', { name: SERIES.title }).click();
  await expect(page.getByRole('heading', { name: SERIES.title, level: 1 })).toBeVisible();
  const mark = (n: number) => page.getByRole('link', { name: new RegExp(`^Chapter ${n}(?!\\d)`) }).locator('[data-access]');
  await expect(mark(37)).toHaveAttribute('data-access', 'unlocked');
  await expect(mark(38)).toHaveAttribute('data-access', 'unlocked');
  await expect(mark(39)).toHaveAttribute('data-access', 'locked');
  await expect(mark(39)).toContainText(`${PRICE}`);
});
