import { expect, test } from '@playwright/test';
import { register } from '../support/auth';
import { openPage } from '../support/navigation';

// Issue 22 §1: a locked chapter's ladder, as a new reader meets it. The demo's Solo Leveling has a
// pass that recharges daily for all but its newest chapter out (seed-demo.ts); the server's clock
// is moved a day on (TEST_CLOCK) to see the pass come back.
const SERIES = 'solo-leveling-up-the-stairs';
const DAY = 86_400_000;

test.afterEach(async ({ request }) => {
  expect((await request.put('/api/test/clock', { data: { offsetMs: 0 } })).ok()).toBe(true);
});

test('a reader opens a chapter with their pass, sees it recharge, asks to be told, and opens the next a day later', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  await register(page, { email: `pass.${stamp}@example.com`, username: `pass_${stamp}`, password: 'amber-lantern-71' });

  await openPage(page, `/SeriesView/${SERIES}/chapter-37`);
  const pass = page.getByTestId('offer-wait_pass');
  await expect(pass).toHaveText(/Free with your pass now/);
  await pass.getByRole('button', { name: 'Use my pass' }).click();
  await expect(page.getByTestId('strip-reader')).toBeVisible();
  await expect(page.getByTestId('open-until')).toContainText('Open for you until');
  await expect(page.getByTestId('lock-panel')).toHaveCount(0);

  // The next chapter: the pass is recharging; the reader asks the bell to say when it is back.
  await openPage(page, `/SeriesView/${SERIES}/chapter-38`);
  const recharging = page.getByTestId('offer-wait_pass');
  await expect(recharging).toContainText(/Pass recharges in (1 d|2\d h)/);
  await expect(recharging.getByRole('button', { name: 'Use my pass' })).toHaveCount(0);
  const notify = recharging.getByRole('button', { name: 'Notify me' });
  await expect(notify).toBeEnabled();
  await notify.click();
  await expect(notify).toHaveAttribute('aria-pressed', 'true');
  // Coins are still there as the other way.
  await expect(page.getByTestId('lock-price')).toContainText('Unlock for 50 coins');
  await page.screenshot({ path: test.info().outputPath('pass-recharging.png') });

  // A day on, the pass is back and opens chapter 38; 37 is still open (its rental lasts 72 h).
  // Both clocks, as a reader's phone and the server agree on the time.
  expect((await page.request.put('/api/test/clock', { data: { offsetMs: DAY + 60_000 } })).ok()).toBe(true);
  await page.clock.install({ time: new Date(Date.now() + DAY + 60_000) });
  await openPage(page, `/SeriesView/${SERIES}/chapter-38`);
  await expect(page.getByTestId('offer-wait_pass')).toHaveText(/Free with your pass now/);
  await page.getByTestId('offer-wait_pass').getByRole('button', { name: 'Use my pass' }).click();
  await expect(page.getByTestId('strip-reader')).toBeVisible();
  await openPage(page, `/SeriesView/${SERIES}/chapter-37`);
  await expect(page.getByTestId('strip-reader')).toBeVisible();

  // The newest chapter out is never for the pass.
  await openPage(page, `/SeriesView/${SERIES}/chapter-39`);
  await expect(page.getByTestId('lock-panel')).toBeVisible();
  await expect(page.getByTestId('offer-wait_pass')).toHaveCount(0);
});
