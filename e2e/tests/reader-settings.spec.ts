import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { logInAs, logInByApi, registerByApi } from '../support/auth';
import { openPage } from '../support/navigation';
import { TEAM } from '../support/server';

// Issue 39 §2, settings that travel: a reader's choice made in one browser is there in a fresh
// browser signed in to the same account; an editor's paged right-to-left default is how a new
// reader first opens the series.

const PUB = '/api/public/omegascans/public';
const TEAM_API = '/api/omegascans/secure/team';

interface Comic {
  id: string;
  slug: string;
  chapterSlug: string;
}

/** Published comics (not Adult) with a free chapter that has pages, in title order. */
async function comicsWithAFreeChapter(api: APIRequestContext): Promise<Comic[]> {
  const list = (await (await api.get(`${PUB}/series?perPage=50&sort=title`)).json()).data.items as {
    slug: string;
    type: string;
    isAdult: boolean;
  }[];
  const found: Comic[] = [];
  for (const item of list.filter((series) => series.type === 'comic' && !series.isAdult)) {
    const detail = (await (await api.get(`${PUB}/series/${item.slug}`)).json()).data as {
      id: string;
      chapters: { slug: string; access: string }[];
    };
    for (const chapter of detail.chapters.filter((row) => row.access === 'free')) {
      const content = (await (await api.get(`${PUB}/series/${item.slug}/chapters/${chapter.slug}`)).json()).data as {
        pages: unknown[];
      };
      if (content.pages.length > 1) {
        found.push({ id: detail.id, slug: item.slug, chapterSlug: chapter.slug });
        break;
      }
    }
  }
  if (found.length < 2) throw new Error('The demo has no two comics with a free chapter of pages');
  return found;
}

const openChapter = (page: Page, comic: Comic) => openPage(page, `/SeriesView/${comic.slug}/${comic.chapterSlug}`);

test('a reader’s settings follow them to a second browser signed in to the same account', async ({ browser, request }) => {
  const [comic] = await comicsWithAFreeChapter(request);
  const run = Date.now().toString(36);
  const account = { username: `travel_${run}`, email: `travel-${run}@example.com`, password: 'settings-travel-pass-1' };

  const first = await browser.newContext();
  await registerByApi(first.request, account);
  const page = await first.newPage();
  await openChapter(page, comic!);
  await expect(page.getByTestId('strip-reader')).toBeVisible();
  await page.getByRole('button', { name: 'Reading settings' }).first().click();
  await expect(page.getByText('For this series')).toBeVisible();
  // Each change reaches the account a moment after it is made.
  const savedPaged = page.waitForResponse((r) => r.url().includes('/reader-settings') && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Page by page' }).click();
  await expect(page.getByTestId('paged-reader')).toBeVisible();
  expect((await savedPaged).ok()).toBe(true);
  const savedRtl = page.waitForResponse((r) => r.url().includes('/reader-settings') && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Right to left' }).click();
  await expect(page.getByTestId('paged-reader')).toHaveAttribute('dir', 'rtl');
  expect((await savedRtl).ok()).toBe(true);
  await first.close();

  // A fresh browser: nothing on this device, the same account.
  const second = await browser.newContext();
  await logInByApi(second.request, account);
  const elsewhere = await second.newPage();
  await openChapter(elsewhere, comic!);
  await expect(elsewhere.getByTestId('paged-reader')).toBeVisible();
  await expect(elsewhere.getByTestId('paged-reader')).toHaveAttribute('dir', 'rtl');
  await second.close();
});

test('an editor sets a series to open paged, right to left, and a new reader opens it so', async ({ browser, page, request }) => {
  const [, comic] = await comicsWithAFreeChapter(request);
  const before = (await (await request.get(`${PUB}/series/${comic!.slug}`)).json()).data.readerDefaults;
  await logInAs(page, 'editor');
  await openPage(page, `/Dashboard/Series/Series/EditSerie/${comic!.id}`);
  await page.getByLabel('Opens as').selectOption({ label: 'Page by page' });
  await page.getByLabel('Reading direction').selectOption('rtl');
  await page.getByRole('button', { name: 'Save series' }).click();
  await expect(page.getByText('Series saved')).toBeVisible();

  try {
    const fresh = await browser.newContext();
    const run = Date.now().toString(36);
    await registerByApi(fresh.request, {
      username: `newcomer_${run}`,
      email: `newcomer-${run}@example.com`,
      password: 'newcomer-pass-1',
    });
    const reader = await fresh.newPage();
    await openChapter(reader, comic!);
    await expect(reader.getByTestId('paged-reader')).toBeVisible();
    await expect(reader.getByTestId('paged-reader')).toHaveAttribute('dir', 'rtl');
    await fresh.close();
  } finally {
    // The other journeys read this series as the demo made it.
    const editor = await browser.newContext();
    await logInByApi(editor.request, TEAM.editor);
    const restored = await editor.request.patch(`${TEAM_API}/series/${comic!.id}`, { data: { readerDefaults: before } });
    expect(restored.ok(), await restored.text()).toBe(true);
    await editor.close();
  }
});
