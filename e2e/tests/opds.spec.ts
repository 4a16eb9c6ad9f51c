import { createHash } from 'node:crypto';
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { register } from '../support/auth';
import { openPage } from '../support/navigation';
import { BASE_URL } from '../support/server';

// Issue 19: a reader makes a key for a reading app in the Reader's Area, the app reads a chapter's
// pages through OPDS page streaming with it, and the web reader resumes where the app stopped;
// KOReader, syncing on the chapter's downloaded CBZ, moves that same place; a revoked key signs the
// app out.

const COMIC = { slug: 'the-lantern-keeper', chapter: 'chapter-3' };
const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** The chapter's entry in its series' OPDS feed, as the app sees it. */
async function chapterEntryOf(app: APIRequestContext): Promise<string> {
  const feed = await (await app.get(`/opds/v1.2/series/${COMIC.slug}`)).text();
  return feed.split('<entry>').find((part) => part.includes(`/SeriesView/${COMIC.slug}/${COMIC.chapter}"`))!;
}
const chapterIdOf = async (app: APIRequestContext) => /<id>urn:uuid:([0-9a-f-]+)<\/id>/.exec(await chapterEntryOf(app))![1]!;

const reader = { email: `opds.${id}@example.com`, username: `opds_${id}`, password: 'amber-lantern-71' };

test('a key made in Apps and devices reads a chapter in an OPDS app, and the web reader resumes there', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('inkwell.reader.comic', JSON.stringify({ mode: 'paged' })));
  await register(page, reader);
  await openPage(page, '/profile/me');
  await page.getByRole('link', { name: 'Apps and devices' }).click();
  await expect(page.getByRole('heading', { name: 'Apps and devices' })).toBeVisible();

  await page.getByLabel('Name the app or device').fill('Panels on my iPad');
  await page.getByRole('button', { name: 'Make a key' }).click();
  const shown = page.getByRole('region', { name: 'Your new key' });
  await expect(shown).toBeVisible();
  const [username, key, catalog, asking, catalog2, asking2, sync] = await shown.locator('code').allTextContents();
  expect(catalog).toBe(`${BASE_URL}/opds/v1.2/catalog`);
  // Beside each catalogue, its address that always asks for the key (issue 39).
  expect(asking).toBe(`${BASE_URL}/opds/v1.2/auth/catalog`);
  expect(catalog2).toBe(`${BASE_URL}/opds/v2/catalog`);
  expect(asking2).toBe(`${BASE_URL}/opds/v2/auth/catalog`);
  expect(sync).toBe(`${BASE_URL}/koreader`);
  expect(username).toBe(reader.username);
  expect(key).toMatch(/^iwk_/);
  // The key's QR code, drawn by the server as an SVG data: URL (no request carries the key).
  const qr = shown.getByRole('img', { name: 'QR code of the catalogue address with your username and key' });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
  expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  await expect(shown.getByText('Panels (iPhone, iPad)', { exact: false })).toBeVisible();
  await expect(page.getByText('Mihon', { exact: false })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('new-key.png') });
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(page.getByText(key!)).toHaveCount(0);
  await expect(qr).toHaveCount(0);
  // Without the key a key's app gets the challenge there, never the visitor's catalogue.
  const anonymous = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const challenged = await anonymous.get(asking!);
  expect(challenged.status()).toBe(401);
  expect(challenged.headers()['www-authenticate']).toMatch(/^Basic realm="Inkwell"/);
  await anonymous.dispose();

  // The app: HTTP Basic with the username and the key.
  const app = await playwrightRequest.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: { authorization: `Basic ${Buffer.from(`${username}:${key}`).toString('base64')}` },
  });
  const root = await app.get(catalog!);
  expect(root.status()).toBe(200);
  expect(await root.text()).toContain('<title>My bookmarks</title>');
  // The asking address, with the key: the reader's own catalogue, its links kept on that address.
  const askingRoot = await app.get(asking!);
  expect(askingRoot.status()).toBe(200);
  expect(await askingRoot.text()).toContain('<title>My bookmarks</title>');
  expect(await askingRoot.text()).toMatch(/href="(https?:\/\/[^"/]+)?\/opds\/v1\.2\/auth\//);
  const feed = await (await app.get(`/opds/v1.2/series/${COMIC.slug}`)).text();
  const entry = feed.split('<entry>').find((part) => part.includes(`/SeriesView/${COMIC.slug}/${COMIC.chapter}"`))!;
  const stream = /rel="http:\/\/vaemendis\.net\/opds-pse\/stream" type="image\/jpeg" href="([^"]+)" pse:count="(\d+)"/.exec(
    entry,
  );
  expect(stream, 'the chapter streams its pages').not.toBeNull();
  expect(stream![2]).toBe('4');
  for (const n of [0, 1, 2]) {
    const image = await app.get(stream![1]!.replace('{pageNumber}', String(n)).replace('{maxWidth}', '600'));
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/jpeg');
  }

  // On the site, the series offers to continue that chapter, and the reader opens at its third page.
  await openPage(page, `/SeriesView/${COMIC.slug}`);
  await expect
    .poll(async () => /pse:lastRead="(\d+)"/.exec(await chapterEntryOf(app))?.[1], { message: 'the site saved page 3' })
    .toBe('3');
  await page.getByRole('link', { name: 'Continue chapter 3' }).click();
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 3 / 4');

  // The reader downloads the chapter as a CBZ; KOReader syncs its place on that file (its partial
  // MD5 is the document), and the web reader opens where KOReader left it.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download this chapter (CBZ)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${COMIC.slug}-3.cbz`);
  // Leaving the reader saves its place (page 3) before KOReader writes a later one.
  await openPage(page, `/SeriesView/${COMIC.slug}`);
  await expect
    .poll(async () => /pse:lastRead="(\d+)"/.exec(await chapterEntryOf(app))?.[1], { message: 'the site saved page 3' })
    .toBe('3');
  const file = await app.get(`/download/chapters/${await chapterIdOf(app)}.cbz`);
  const document = file.headers()['x-koreader-document']!;
  const koreader = await playwrightRequest.newContext({
    baseURL: `${sync}/`,
    extraHTTPHeaders: {
      accept: 'application/vnd.koreader.v1+json',
      'x-auth-user': username!,
      'x-auth-key': createHash('md5').update(key!).digest('hex'),
    },
  });
  expect((await koreader.get('users/auth')).status()).toBe(200);
  const pushed = await koreader.put('syncs/progress', {
    data: { document, progress: '2', percentage: 0.5, device: 'Kobo Clara', device_id: 'KOBO1' },
  });
  expect(pushed.status()).toBe(200);
  await page.getByRole('link', { name: 'Continue chapter 3' }).click();
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 2 / 4');
  // The site opened it since: KOReader is told that place, the same page, in its own terms.
  expect(await (await koreader.get(`syncs/progress/${document}`)).json()).toMatchObject({
    document,
    progress: '2',
    percentage: 0.5,
  });
  await koreader.dispose();

  // Revoked, the key signs the app out.
  await openPage(page, '/profile/devices');
  await page.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('No keys yet.', { exact: false })).toBeVisible();
  const refused = await app.get(catalog!);
  expect(refused.status()).toBe(401);
  expect(refused.headers()['www-authenticate']).toContain('Basic');
  await app.dispose();
});
