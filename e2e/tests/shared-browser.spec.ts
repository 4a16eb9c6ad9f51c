import { expect, test, type APIRequestContext, type Browser, type Page, type Response } from '@playwright/test';
import { logIn, logInByApi, logOut, registerByApi, type Account } from '../support/auth';
import { isAtEnd, openPage, pressEndUntil } from '../support/navigation';
import { BASE_URL } from '../support/server';

// Issue 32 §3: a browser belongs to whoever is signed in. Several people use one browser in turn:
// what one reader read or kept there never reaches the next one, in the browser or in their
// account; what a visitor read joins the account that signs in after them.

const COMIC = { slug: 'the-lantern-keeper', kept: 'chapter-3' };
const NOVEL = { slug: 'murder-at-willowmere' };

let count = 0;
function newReader(name: string): Account {
  count += 1;
  const id = `${Date.now().toString(36)}${count}${Math.floor(Math.random() * 1e4)}`;
  return { email: `${name}.${id}@example.com`, username: `${name}_${id}`, password: 'shared-browser-61' };
}

/** Creates the account elsewhere: the shared browser is not signed in by it. */
async function createAccount(browser: Browser, account: Account): Promise<void> {
  const elsewhere = await browser.newContext({ baseURL: BASE_URL });
  await registerByApi(elsewhere.request, account);
  await elsewhere.close();
}

/** The chapter slugs in an account's history, asked of the server (`api` signed in as it). */
async function historyOf(api: APIRequestContext): Promise<string[]> {
  const answer = await api.get('/api/omegascans/secure/me/history?perPage=20');
  expect(answer.ok()).toBe(true);
  const body = (await answer.json()) as { data: { items: { chapter?: { slug: string } }[] } };
  return body.data.items.map((item) => item.chapter?.slug ?? '');
}

/** The chapter slugs in `account`'s history, asked from a browser of their own. */
async function historyOfAccount(browser: Browser, account: Account): Promise<string[]> {
  const own = await browser.newContext({ baseURL: BASE_URL });
  await logInByApi(own.request, account);
  const slugs = await historyOf(own.request);
  await own.close();
  return slugs;
}

/** Everything this browser's page can read in localStorage, as one text. */
const localStorageText = (page: Page) => page.evaluate(() => JSON.stringify({ ...localStorage }));

/** Every address held in Cache Storage, in any cache. */
const cachedAddresses = (page: Page) =>
  page.evaluate(async () => {
    const addresses: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) addresses.push(new URL(request.url).pathname);
    }
    return addresses;
  });

/** The progress save that marks a chapter read. */
const isCompletion = (response: Response) =>
  response.request().method() === 'PUT' &&
  response.url().includes('/api/omegascans/secure/me/progress/') &&
  (response.request().postDataJSON() as { completed?: boolean } | null)?.completed === true;

/** Opens a novel chapter and reads it to its end. */
async function readNovelChapter(page: Page, chapter: string): Promise<void> {
  await openPage(page, `/SeriesView/${NOVEL.slug}/${chapter}`);
  await expect(page.getByTestId('novel-text')).toBeVisible();
  await pressEndUntil(page, isAtEnd(page));
}

test("a reader reads and logs out; the next reader's history and this browser hold none of their places", async ({
  page,
  browser,
}) => {
  const ann = newReader('ann');
  const ben = newReader('ben');
  await createAccount(browser, ben);
  await registerByApi(page.request, ann);

  // Ann reads a chapter to its end, and logs out from the chapter itself.
  const completion = page.waitForResponse(isCompletion);
  await readNovelChapter(page, 'chapter-1');
  expect((await completion).ok()).toBe(true);
  expect(await historyOf(page.request)).toEqual(['chapter-1']);
  // The browser is Ann's while she is signed in.
  expect(await page.evaluate(() => localStorage.getItem('inkwell.owner'))).not.toBeNull();
  await logOut(page);
  const afterLogout = await localStorageText(page);
  expect(afterLogout).not.toContain('inkwell.progress');
  expect(afterLogout).not.toContain('inkwell.owner');

  // Ben signs in on the same browser: none of Ann's reading becomes his.
  await logIn(page, ben.username, ben.password);
  await openPage(page, `/SeriesView/${NOVEL.slug}`);
  await expect(page.getByRole('link', { name: 'First chapter' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue chapter 2' })).toHaveCount(0);
  expect(await historyOf(page.request)).toEqual([]);
  const stored = await localStorageText(page);
  expect(stored).not.toContain('inkwell.progress');
  expect(stored).not.toContain(ann.username);
});

test('a reader keeps a chapter for offline reading and logs out: the chapter and every byte of it are gone', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const ann = newReader('keeper');
  const ben = newReader('next');
  await createAccount(browser, ben);
  await registerByApi(page.request, ann);

  const chapterPath = `/SeriesView/${COMIC.slug}/${COMIC.kept}`;
  await openPage(page, chapterPath);
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await openPage(page, chapterPath);
  await page.getByRole('button', { name: 'Keep this chapter for offline reading' }).click();
  await expect(page.getByRole('link', { name: 'Kept on this device for offline reading' })).toBeVisible({ timeout: 20_000 });
  const kept = await page.evaluate(async () =>
    (await (await caches.open('inkwell-offline-v1')).keys()).map((request) => new URL(request.url).pathname),
  );
  // The chapter's text and its pages.
  expect(kept.length).toBeGreaterThan(1);

  await logOut(page);
  await expect.poll(async () => (await cachedAddresses(page)).filter((address) => kept.includes(address))).toEqual([]);
  expect(await localStorageText(page)).not.toContain('inkwell.downloads');

  // Ben, on the same browser, finds nothing kept.
  await logIn(page, ben.username, ben.password);
  await openPage(page, '/profile/downloads');
  await expect(page.getByTestId('downloads-empty')).toBeVisible();
  await expect(page.getByTestId('download-row')).toHaveCount(0);
  // And offline, the chapter does not open from this browser.
  await page.context().setOffline(true);
  await page.goto(chapterPath);
  await expect(page.getByTestId('offline-notice')).toContainText('You are offline');
  await page.context().setOffline(false);
});

test("a visitor's reading joins the account that signs in after them, and not the last reader's", async ({ page, browser }) => {
  const earlier = newReader('earlier');
  const ann = newReader('visitor');
  await createAccount(browser, ann);
  await registerByApi(page.request, earlier);

  // A reader reads and logs out; then a visitor reads another chapter on the same browser.
  const completion = page.waitForResponse(isCompletion);
  await readNovelChapter(page, 'chapter-1');
  expect((await completion).ok()).toBe(true);
  await logOut(page);
  await readNovelChapter(page, 'chapter-2');
  await expect
    .poll(() => page.evaluate(() => JSON.stringify(JSON.parse(localStorage.getItem('inkwell.progress') ?? '{}'))))
    .toContain('"completed":true');

  // The visitor signs in: their reading is theirs, and only theirs.
  const merged = page.waitForResponse((response) => response.url().endsWith('/api/omegascans/secure/me/progress/merge'));
  await logIn(page, ann.username, ann.password);
  expect((await merged).ok()).toBe(true);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('inkwell.progress'))).toBeNull();
  expect(await historyOf(page.request)).toEqual(['chapter-2']);
  expect(await historyOfAccount(browser, earlier)).toEqual(['chapter-1']);
});
