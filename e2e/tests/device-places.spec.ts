import { createHash } from 'node:crypto';
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { logIn, register } from '../support/auth';
import { openPage } from '../support/navigation';
import { BASE_URL } from '../support/server';

// Issue 39 §1: two browsers of one reader and KOReader disagree about a page of a chapter; the
// browser that was elsewhere opens at its own page and is offered KOReader's newer one, and
// "Continue there" moves it.

const COMIC = { slug: 'the-lantern-keeper', chapter: 'chapter-3' };
const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const reader = { email: `places.${id}@example.com`, username: `places_${id}`, password: 'amber-lantern-71' };
const PAGED = () => localStorage.setItem('inkwell.reader.comic', JSON.stringify({ mode: 'paged' }));

/** The chapter's id, from its entry in its series' OPDS feed. */
async function chapterIdOf(app: APIRequestContext): Promise<string> {
  const feed = await (await app.get(`/opds/v1.2/series/${COMIC.slug}`)).text();
  const entry = feed.split('<entry>').find((part) => part.includes(`/SeriesView/${COMIC.slug}/${COMIC.chapter}"`))!;
  return /<id>urn:uuid:([0-9a-f-]+)<\/id>/.exec(entry)![1]!;
}

test('two browsers and KOReader disagree about a page: the prompt names KOReader and its page, and Continue there goes', async ({
  page,
  browser,
}) => {
  await page.addInitScript(PAGED);
  await register(page, reader);
  const made = await page.request.post('/api/omegascans/secure/me/device-keys', {
    data: { name: 'Kobo Clara' },
    headers: { origin: BASE_URL },
  });
  expect(made.status()).toBe(201);
  const { key } = (await made.json()).data as { key: string };
  const app = await playwrightRequest.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: { authorization: `Basic ${Buffer.from(`${reader.username}:${key}`).toString('base64')}` },
  });
  const chapterId = await chapterIdOf(app);
  const placesOf = async () =>
    ((await (await page.request.get(`/api/omegascans/secure/me/chapters/${chapterId}/places`)).json()).data?.items ?? []) as {
      deviceName: string;
      app: string;
      page: number | null;
    }[];

  // The first browser reads to page 3.
  await openPage(page, `/SeriesView/${COMIC.slug}/${COMIC.chapter}`);
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 1 / 4');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 3 / 4');
  await expect.poll(async () => (await placesOf()).map((place) => place.page), { message: 'page 3 saved' }).toEqual([3]);

  // A second browser of the same reader opens there (it has no place of its own) and goes back to page 2.
  const second = await browser.newContext();
  const other = await second.newPage();
  await other.addInitScript(PAGED);
  await logIn(other, reader.username, reader.password);
  await openPage(other, `/SeriesView/${COMIC.slug}/${COMIC.chapter}`);
  await expect(other.getByTestId('page-indicator')).toHaveText('Page 3 / 4');
  await other.keyboard.press('ArrowLeft');
  await expect(other.getByTestId('page-indicator')).toHaveText('Page 2 / 4');
  await expect.poll(async () => (await placesOf()).map((place) => place.page), { message: 'page 2 saved' }).toEqual([2, 3]);
  await second.close();

  // KOReader syncs page 1 of the chapter's CBZ, as it sends it.
  const file = await app.get(`/download/chapters/${chapterId}.cbz`);
  const document = file.headers()['x-koreader-document']!;
  const koreader = await playwrightRequest.newContext({
    baseURL: `${BASE_URL}/koreader/`,
    extraHTTPHeaders: {
      accept: 'application/vnd.koreader.v1+json',
      'x-auth-user': reader.username,
      'x-auth-key': createHash('md5').update(key).digest('hex'),
    },
  });
  const pushed = await koreader.put('syncs/progress', {
    data: { document, progress: '1', percentage: 0.25, device: 'Kobo Clara', device_id: 'KOBO1' },
  });
  expect(pushed.status()).toBe(200);
  await koreader.dispose();
  await app.dispose();
  expect((await placesOf()).map((place) => [place.app, place.page])).toEqual([
    ['koreader', 1],
    ['web', 2],
    ['web', 3],
  ]);

  // The first browser opens the chapter again: at its own page, with KOReader's newer one offered.
  await openPage(page, `/SeriesView/${COMIC.slug}`);
  await openPage(page, `/SeriesView/${COMIC.slug}/${COMIC.chapter}`);
  const prompt = page.getByTestId('place-prompt');
  await expect(prompt).toContainText('Continue at page 1 from KOReader · Kobo Clara');
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 3 / 4');
  await page.screenshot({ path: test.info().outputPath('place-prompt.png') });
  await prompt.getByRole('button', { name: 'Continue there' }).click();
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 1 / 4');
  await expect(prompt).toHaveCount(0);
});
