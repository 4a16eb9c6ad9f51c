import { expect, test, type APIRequestContext } from '@playwright/test';
import { registerByApi } from '../support/auth';
import { openPage } from '../support/navigation';
import { BASE_URL } from '../support/server';

// Issue 39 §5: five readers read three chapters of two series; the nightly job runs at once
// (POST /api/test/jobs/:name, TEST_CLOCK only) and the first series' page shows the second under
// "Readers also read" as a visitor scrolls below its chapters.

const PUB = '/api/public/omegascans/public';
const ME = '/api/omegascans/secure/me';
const READERS = 5;

interface Found {
  id: string;
  slug: string;
  title: string;
  chapters: string[];
}

/** Two published series, not marked Adult, each with three chapters free to a reader. */
async function twoSeriesWithFreeChapters(api: APIRequestContext): Promise<[Found, Found]> {
  const list = (await (await api.get(`${PUB}/series?perPage=50&sort=title`)).json()).data.items as {
    slug: string;
    isAdult: boolean;
  }[];
  const found: Found[] = [];
  for (const item of list.filter((series) => !series.isAdult)) {
    const detail = (await (await api.get(`${PUB}/series/${item.slug}`)).json()).data as {
      id: string;
      title: string;
      chapters: { id: string; access: string }[];
    };
    const free = detail.chapters.filter((chapter) => chapter.access === 'free').map((chapter) => chapter.id);
    if (free.length >= 3) found.push({ id: detail.id, slug: item.slug, title: detail.title, chapters: free.slice(0, 3) });
    if (found.length === 2) return [found[0]!, found[1]!];
  }
  throw new Error('The demo has no two series with three free chapters');
}

test('five readers of the same two series: the first one’s page shows the other under "Readers also read"', async ({
  page,
  playwright,
  request,
}) => {
  const [first, second] = await twoSeriesWithFreeChapters(request);
  const run = `${Date.now().toString(36)}`;
  for (let i = 0; i < READERS; i += 1) {
    const reader = await playwright.request.newContext({ baseURL: BASE_URL });
    const account = { username: `coread_${run}_${i}`, email: `coread-${run}-${i}@example.com`, password: 'co-reading-pass-1' };
    await registerByApi(reader, account);
    for (const series of [first, second]) {
      for (const chapterId of series.chapters) {
        const saved = await reader.put(`${ME}/progress/${chapterId}`, { data: { position: 0.5 } });
        expect(saved.ok(), await saved.text()).toBe(true);
      }
    }
    await reader.dispose();
  }
  const job = await request.post('/api/test/jobs/recommendations.also-read');
  expect(job.ok(), await job.text()).toBe(true);

  await openPage(page, `/SeriesView/${first.slug}`);
  const slot = page.getByTestId('also-read-slot');
  await slot.scrollIntoViewIfNeeded();
  const section = page.getByRole('region', { name: 'Readers also read' });
  await expect(section).toBeVisible();
  await expect(section.getByRole('link', { name: second.title })).toBeVisible();
});
