import { expect, test, type APIRequestContext } from '@playwright/test';
import { logInByApi, registerByApi } from '../support/auth';
import { openPage } from '../support/navigation';

// Issue 39 §4: a reader's year. Seeded through the API: three chapters of the demo's free comic
// opened today and finished on each of the next three days (the server's test clock moved a day at
// a time), so the year shows 3 chapters, a 3-day streak and a 2-day median from opening to finishing.

const DAY = 86_400_000;
const COMIC = { slug: 'the-lantern-keeper', title: 'The Lantern Keeper' };
const ME = '/api/omegascans/secure/me';

const reader = {
  email: `year.${Date.now()}@example.com`,
  username: `year_${Date.now().toString(36)}`,
  password: 'amber-lantern-39',
};

/**
 * The server's times for the journey's days: noon UTC, `day` days after the first day. The test
 * clock only moves ahead of real time, so the first day is today while its noon is still to come,
 * else tomorrow; and 1 January when the next three days would cross a year's end (the year counts
 * only its own days, so a run on 29 December would see one chapter, not three). Noon, and the first
 * day fixed once, so that no step lands on another day however long the one before took.
 */
function journeyDays(): (day: number) => number {
  const now = Date.now();
  const today = new Date(now);
  const noonToday = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 12);
  // A minute's margin: the first move of the clock comes a moment after this.
  const firstNoon = noonToday - now > 60_000 ? noonToday : noonToday + DAY;
  const year = new Date(firstNoon).getUTCFullYear();
  const first = new Date(firstNoon + 3 * DAY).getUTCFullYear() === year ? firstNoon : Date.UTC(year + 1, 0, 1, 12);
  return (day) => first + day * DAY;
}

async function moveClock(api: APIRequestContext, offsetMs: number) {
  expect((await api.put('/api/test/clock', { data: { offsetMs } })).ok()).toBe(true);
}

async function saveProgress(api: APIRequestContext, chapterId: string, body: Record<string, unknown>) {
  const response = await api.put(`${ME}/progress/${chapterId}`, { data: body });
  expect(response.ok(), await response.text()).toBe(true);
}

test.afterAll(async ({ request }) => {
  await moveClock(request, 0);
});

test('a reader sees their year, shares its card, and a visitor opens the link and sees the card', async ({ page, browser }) => {
  const api = page.request;
  const momentOfDay = journeyDays();
  await moveClock(api, momentOfDay(0) - Date.now());
  await registerByApi(api, reader);
  await logInByApi(api, reader);

  const chapters = (await (await api.get(`/api/public/omegascans/public/series/${COMIC.slug}/chapters?order=asc&limit=3`)).json())
    .data.items as { id: string }[];
  expect(chapters).toHaveLength(3);
  for (const chapter of chapters) await saveProgress(api, chapter.id, { page: 1 });
  for (const [i, chapter] of chapters.entries()) {
    await moveClock(api, momentOfDay(i + 1) - Date.now());
    await saveProgress(api, chapter.id, { position: 1, completed: true });
  }

  // The Reader's Area's "Your year".
  await openPage(page, '/profile/me');
  await page.getByRole('link', { name: 'Your year' }).click();
  await expect(page).toHaveURL('/profile/stats');
  await expect(page.getByRole('heading', { name: 'Your year in reading' })).toBeVisible();
  await expect(page.locator('[data-figure="chapters"] dd')).toHaveText('3');
  await expect(page.locator('[data-figure="longest"] dd')).toHaveText('3 days');
  await expect(page.locator('[data-figure="current"] dd')).toHaveText('3 days');
  await expect(page.locator('[data-figure="series"] dd')).toHaveText('1');
  await expect(page.getByRole('link', { name: COMIC.title })).toBeVisible();
  const card = page.getByRole('img', {
    name: `${reader.username}'s ${new Date(momentOfDay(3)).getUTCFullYear()} in reading`,
  });
  await expect(card).toBeVisible();
  await expect.poll(() => card.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1200);

  // Shared: the link appears, and a visitor opens it.
  await page.getByRole('button', { name: 'Share my year' }).click();
  const link = page.getByRole('textbox', { name: 'Share link' });
  await expect(link).toHaveValue(/\/year\/[A-Za-z0-9_-]{32}$/);
  const url = await link.inputValue();

  const visitor = await browser.newContext();
  const visit = await visitor.newPage();
  const answer = await visit.goto(url);
  expect(answer?.status()).toBe(200);
  const ogImage = await visit.locator('meta[property="og:image"]').getAttribute('content');
  expect(ogImage).toMatch(/\/year-shares\/[A-Za-z0-9_-]{32}\/card\.png$/);
  await expect(visit.getByRole('heading', { name: `${reader.username}'s`, exact: false })).toBeVisible();
  const sharedCard = visit.getByRole('img', { name: new RegExp(`^${reader.username}'s \\d{4} in reading$`) });
  await expect(sharedCard).toBeVisible();
  await expect.poll(() => sharedCard.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1200);
  await expect(visit.locator('[data-figure="chapters"] dd')).toHaveText('3');

  // Unshared: the link's page and card are gone.
  await page.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(page.getByRole('button', { name: 'Share my year' })).toBeVisible();
  expect((await visitor.request.get(ogImage!)).status()).toBe(404);
  expect((await visitor.request.get(url)).status()).toBe(404);
  await visitor.close();
});
