import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { logInAs, registerByApi } from '../support/auth';
import { openPage, waitForStillPage } from '../support/navigation';
import { BASE_URL, TEAM } from '../support/server';

// Issue 38 §1: an editor adds a tier with 7 days of early access to a series and schedules a
// chapter a few days ahead; a reader joins the tier through the test checkout and reads that
// chapter, marked Early access; a visitor sees nothing of it.

const TEAM_API = '/api/omegascans/secure/team';
const SHOTS = 'e2e/.tmp/membership';
const DAY = 86_400_000;
const stamp = Date.now().toString(36);
const SERIES_TITLE = `The Early Lantern ${stamp}`;
const TIER = { name: 'Early readers', price: '3', shownPrice: '$3.00' };
const EARLY_LINE = 'The lamplighter read the letter before anyone else.';
const reader = { email: `member.${stamp}@example.com`, username: `member_${stamp}`, password: 'early-lantern-88' };

async function expectNoSeriousA11yProblems(page: Page, where: string) {
  await waitForStillPage(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${where}: ${v.id} ${v.help} at ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
}

test('a member reads a scheduled chapter early, marked Early access, and a visitor sees nothing of it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);

  // The editor's series: a published novel with chapter 1 out and chapter 2 scheduled in 3 days.
  const team = await browser.newContext({ baseURL: BASE_URL });
  expect(
    (
      await team.request.post('/api/proxy/public/login', {
        data: { username: TEAM.editor.username, password: TEAM.editor.password },
      })
    ).ok(),
  ).toBe(true);
  const made = await team.request.post(`${TEAM_API}/series`, {
    data: { type: 'novel', title: SERIES_TITLE, description: 'Letters read before dawn.', isPublished: true },
  });
  expect(made.status()).toBe(201);
  const series = (await made.json()).data as { id: string; slug: string };
  const chapter = async (number: number, publishedAt: string, text: string) => {
    const answer = await team.request.post(`${TEAM_API}/series/${series.id}/chapters`, {
      data: { number, title: `Letter ${number}`, publishedAt, content: `<p>${text}</p>` },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    return ((await answer.json()).data as { slug: string }).slug;
  };
  await chapter(1, new Date(Date.now() - DAY).toISOString(), 'The first letter arrived at dusk.');
  const earlySlug = await chapter(2, new Date(Date.now() + 3 * DAY + 60_000).toISOString(), EARLY_LINE);
  await team.close();

  // The editor adds the tier on the series' dashboard page.
  await logInAs(page, 'editor');
  await openPage(page, `/Dashboard/Series/Series/EditSerie/${series.id}`);
  const tiers = page.getByTestId('tiers-section');
  await expect(tiers.getByRole('heading', { name: 'Memberships' })).toBeVisible();
  await tiers.getByRole('button', { name: 'New tier' }).click();
  const form = page.getByRole('form', { name: 'New tier' });
  await form.getByLabel('Name').fill(TIER.name);
  await form.getByLabel('Description').fill('Every letter a week before everyone.');
  await form.getByLabel('Price').fill(TIER.price);
  await form.getByLabel('Days of early access').fill('7');
  await form.getByRole('button', { name: 'Create tier' }).click();
  await expect(page.getByText(`${TIER.name} created.`)).toBeVisible();
  const row = tiers.getByTestId('team-tier').filter({ hasText: TIER.name });
  await expect(row).toContainText(`${TIER.shownPrice} / month`);
  await expect(row).toContainText('7 days');
  await expect(row).toContainText('On sale');
  await page.screenshot({ path: `${SHOTS}/dashboard-tiers.png`, fullPage: true });
  await page.context().clearCookies();

  // A visitor: the series page offers the tier (log in to join) and lists no chapter 2; its address finds nothing.
  const visitorContext = await browser.newContext({ baseURL: BASE_URL });
  const visitor = await visitorContext.newPage();
  await openPage(visitor, `/SeriesView/${series.slug}`);
  await expect(visitor.getByRole('link', { name: /Letter 1/ })).toBeVisible();
  await expect(visitor.getByRole('link', { name: /Letter 2/ })).toHaveCount(0);
  const offer = visitor.getByTestId('series-tiers');
  await offer.scrollIntoViewIfNeeded();
  await expect(offer.getByRole('article', { name: TIER.name })).toContainText('Read 7 days early');
  await expect(offer.getByRole('link', { name: 'Log in to join' })).toBeVisible();
  await openPage(visitor, `/SeriesView/${series.slug}/${earlySlug}`);
  await expect(visitor.getByText(EARLY_LINE)).toHaveCount(0);
  await visitorContext.close();

  // The reader joins through the test checkout and comes back to the series page, a member.
  await registerByApi(page.request, reader);
  await openPage(page, `/SeriesView/${series.slug}`);
  const support = page.getByTestId('series-tiers');
  await support.scrollIntoViewIfNeeded();
  const card = support.getByRole('article', { name: TIER.name });
  await expect(card).toContainText(`${TIER.shownPrice} / month`);
  await expectNoSeriousA11yProblems(page, 'series page with tiers');
  await card.getByRole('button', { name: 'Join' }).click();
  await expect(page).toHaveURL(/\/buy\/checkout\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Test checkout — no real payment is taken')).toBeVisible();
  await page.getByRole('button', { name: `Pay ${TIER.shownPrice}` }).click();
  await expect(page).toHaveURL(`/SeriesView/${series.slug}`);
  await expect(page.getByText(`Payment complete: welcome to ${TIER.name} · ${SERIES_TITLE}`)).toBeVisible();
  await page.getByTestId('series-tiers-slot').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('member-line')).toContainText(`You are a member (${TIER.name}) · renews on`);

  // The scheduled chapter is listed for them, marked, and reads in full.
  const early = page.getByRole('link', { name: /Letter 2/ });
  await expect(early.getByTestId('member-early-access')).toHaveText('Early access · public in 3 days');
  await early.click();
  await expect(page.getByText(EARLY_LINE)).toBeVisible();
  await expect(page.getByTestId('reader-bar').getByTestId('member-early-access')).toHaveText('Early access · public in 3 days');
  await page.screenshot({ path: `${SHOTS}/member-reads-early.png`, fullPage: true });

  // Their account lists the membership, and the purchase names the tier and the series.
  await openPage(page, '/profile/subscriptions');
  const membership = page.getByTestId('membership');
  await expect(membership).toContainText(SERIES_TITLE);
  await expect(membership).toContainText(`${TIER.name} · ${TIER.shownPrice} / month`);
  await expect(membership.getByTestId('membership-period')).toHaveText(/^Renews on /);
  await expectNoSeriousA11yProblems(page, '/profile/subscriptions');
  await openPage(page, '/profile/purchases');
  await expect(page.getByText(`${TIER.name} · ${SERIES_TITLE}`)).toBeVisible();
});
