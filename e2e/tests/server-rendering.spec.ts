import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { registerByApi } from '../support/auth';
import { BASE_URL, TEAM } from '../support/server';
import { openPage } from '../support/navigation';

// Issue 11 §4: public pages arrive rendered by the server, are never someone else's, hold nothing a
// lock hides, hydrate without a React warning, and can be read with JavaScript off.

/** The demo catalogue (SEED_DEMO is on for the journeys). */
const COMIC = { slug: 'the-lantern-keeper', title: 'The Lantern Keeper' };
const NOVEL = { slug: 'murder-at-willowmere', title: 'Murder at Willowmere' };
/** Premium series: their last four chapters cost 50 coins and show a preview (two pages, or a fifth of the text). */
const LOCKED_COMIC = { slug: 'solo-leveling-up-the-stairs', chapter: 'chapter-37', price: 50 };
const LOCKED_NOVEL = { slug: 'second-life-as-a-village-doctor', chapter: 'chapter-43', price: 50 };

const PUB = '/api/public/omegascans/public';
const TEAM_API = '/api/omegascans/secure/team';

const stamp = Date.now().toString(36);
const ANNOUNCEMENT = {
  title: `Lantern night ${stamp}`,
  slug: `lantern-night-${stamp}`,
  body: `<p>Every lantern in the city is lit <strong>tonight</strong> for the readers of ${stamp}.</p>`,
};
/** A novel of the journey's own whose only chapter is locked with no preview at all. */
const SECRET_NOVEL = {
  title: `Sealed Letters ${stamp}`,
  price: 40,
  sentences: [`The vault opened on the ninth bell ${stamp}.`, `Nobody outside the guild ever read this line ${stamp}.`],
};

/** The paywall's price line: "Unlock for N coins", or beside a free way ready now "Or keep it for good: N coins". */
const lockPrice = (price: number) => new RegExp(`(Unlock for|Or keep it for good:) ${price} coins`);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function account(prefix: string) {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return { email: `${prefix}.${id}@example.com`, username: `${prefix}_${id}`, password: 'amber-lantern-71' };
}

/** A fresh API client with no cookies: a visitor, or whoever signs in with it. */
const client = () => playwrightRequest.newContext({ baseURL: BASE_URL });

async function signInTeam(): Promise<APIRequestContext> {
  const team = await client();
  const login = await team.post('/api/proxy/public/login', {
    data: { username: TEAM.editor.username, password: TEAM.editor.password },
  });
  expect(login.ok()).toBe(true);
  return team;
}

async function registerReader(prefix: string): Promise<{ api: APIRequestContext; user: ReturnType<typeof account> }> {
  const api = await client();
  const user = account(prefix);
  await registerByApi(api, user);
  return { api, user };
}

async function getJson(api: APIRequestContext, path: string): Promise<Json> {
  const answer = await api.get(path);
  expect(answer.ok(), `${path} answered ${answer.status()}`).toBe(true);
  return (await answer.json()) as Json;
}

/** A page's HTML as the server sends it, without running anything. */
async function html(api: APIRequestContext, path: string): Promise<string> {
  const answer = await api.get(path, { maxRedirects: 0 });
  expect(answer.status(), `${path} answered ${answer.status()}`).toBe(200);
  expect(answer.headers()['content-type']).toContain('text/html');
  return answer.text();
}

/** What the server rendered inside `<div id="root">`, up to the data script. */
function rootOf(page: string): string {
  const start = page.indexOf('<div id="root">');
  expect(start, 'the page has a root').toBeGreaterThanOrEqual(0);
  const end = page.indexOf('<script', start);
  const root = page.slice(start + '<div id="root">'.length, end < 0 ? undefined : end);
  expect(root.length, 'the root holds a rendered page, not the empty shell').toBeGreaterThan(500);
  return root;
}

/** The text a reader sees in some markup: no tags, React's text separators or entities. */
function textOf(markup: string): string {
  return markup
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ');
}

/** A chapter's page images by their stored key (the signed query differs per answer). */
const mediaKey = (url: string) => url.split('?')[0]!;

/** Sentences of some novel text, without markup. */
function sentencesOf(content: string): string[] {
  return content
    .split(/<\/?(?:p|h\d)\b[^>]*>/)
    .map(textOf)
    .flatMap((block) => block.split(/(?<=[.!?”])\s+/))
    .map((s) => s.trim())
    .filter((s) => s.length > 25 && /^[\w ,.;:'’-]+$/.test(s));
}

let team: APIRequestContext;
let secretNovelSlug: string;

test.beforeAll(async () => {
  team = await signInTeam();
  // A published announcement, as the team writes it.
  const made = await team.post(`${TEAM_API}/announcements`, {
    data: {
      title: ANNOUNCEMENT.title,
      slug: ANNOUNCEMENT.slug,
      body: ANNOUNCEMENT.body,
      publishedAt: new Date(Date.now() - 1000).toISOString(),
    },
  });
  expect(made.status()).toBe(201);

  // A published novel whose one chapter is for sale, with no preview.
  const series = await team.post(`${TEAM_API}/series`, {
    data: { type: 'novel', title: SECRET_NOVEL.title, description: 'Letters nobody may read for free.', isPublished: true },
  });
  expect(series.status()).toBe(201);
  const seriesData = ((await series.json()) as Json).data as Json;
  secretNovelSlug = seriesData.slug as string;
  const chapter = await team.post(`${TEAM_API}/series/${seriesData.id as string}/chapters`, {
    data: {
      number: 1,
      title: 'The Vault',
      publishedAt: new Date(Date.now() - 1000).toISOString(),
      price: SECRET_NOVEL.price,
      content: SECRET_NOVEL.sentences.map((s) => `<p>${s}</p>`).join(''),
      previewPercent: 0,
    },
  });
  expect(chapter.status()).toBe(201);
});

test.afterAll(async () => {
  await team.dispose();
});

test('each public page arrives with its content in the HTML, before any script runs', async ({ request }) => {
  // Home: the rows the API answers with. Not fixed demo titles: the journeys before this one add
  // series and move the clock, and a row holds the newest.
  const homeData = (await getJson(request, `${PUB}/home`)).data as Json;
  const latest = (homeData.latest as Json[]).map((s) => s.title as string);
  expect(latest.length).toBeGreaterThan(3);
  const home = textOf(rootOf(await html(request, '/')));
  expect(home).toContain('Latest updates');
  for (const title of latest) expect(home, `a latest update: ${title}`).toContain(textOf(title));

  // A series page: its title and every chapter as a link.
  const series = (await getJson(request, `${PUB}/series/${COMIC.slug}`)).data as Json;
  const seriesRoot = rootOf(await html(request, `/SeriesView/${COMIC.slug}`));
  expect(seriesRoot).toMatch(new RegExp(`<h1[^>]*>${COMIC.title}</h1>`));
  expect(textOf(seriesRoot)).toContain('Chapter 1: Beginnings');
  const chapters = series.chapters as Json[];
  expect(chapters.length).toBeGreaterThan(10);
  for (const chapter of chapters) {
    expect(seriesRoot, `a link to ${chapter.slug as string}`).toContain(
      `href="/SeriesView/${COMIC.slug}/${chapter.slug as string}"`,
    );
  }

  // A free comic chapter: its pages as sized images, the first one in full.
  const comicChapter = (await getJson(request, `${PUB}/series/${COMIC.slug}/chapters/chapter-1`)).data as Json;
  const comicRoot = rootOf(await html(request, `/SeriesView/${COMIC.slug}/chapter-1`));
  const pageImages = [...comicRoot.matchAll(/<img\b[^>]*\bsrc="(\/media\/pages\/[^"]+)"[^>]*>/g)];
  expect(pageImages).toHaveLength((comicChapter.pages as Json[]).length);
  const [firstTag, firstSrc] = pageImages[0]!;
  const firstPage = (comicChapter.pages as Json[])[0]!;
  expect(mediaKey(firstSrc!.replace(/&amp;/g, '&'))).toBe(mediaKey(firstPage.url as string));
  expect(firstTag).toContain(`width="${firstPage.width as number}"`);
  expect(firstTag).toContain(`height="${firstPage.height as number}"`);
  expect(firstTag).toContain('alt="Page 1 of 4"');

  // A novel chapter: its text.
  const novelChapter = (await getJson(request, `${PUB}/series/${NOVEL.slug}/chapters/chapter-1`)).data as Json;
  const novelText = textOf(rootOf(await html(request, `/SeriesView/${NOVEL.slug}/chapter-1`)));
  const sentences = sentencesOf(novelChapter.content as string);
  expect(sentences.length).toBeGreaterThan(5);
  expect(novelText).toContain(sentences[0]);
  expect(novelText).toContain(sentences.at(-1));

  // An announcement: its title and body.
  const announcementRoot = rootOf(await html(request, `/announcements/${ANNOUNCEMENT.slug}`));
  expect(announcementRoot).toMatch(new RegExp(`<h1[^>]*>${ANNOUNCEMENT.title}</h1>`));
  expect(announcementRoot).toContain('<strong>tonight</strong>');
  expect(textOf(announcementRoot)).toContain(`Every lantern in the city is lit tonight for the readers of ${stamp}.`);

  // The comics list: its heading and the comics of its first page, as the API lists them; no novels.
  const comicList = ((await getJson(request, `${PUB}/series?type=comic`)).data as Json).items as Json[];
  expect(comicList.length).toBeGreaterThan(3);
  const comics = rootOf(await html(request, '/comics'));
  expect(comics).toMatch(/<h1[^>]*>Comics<\/h1>/);
  for (const comic of comicList) expect(comics).toContain(`href="/SeriesView/${comic.slug as string}"`);
  expect(textOf(comics)).not.toContain(NOVEL.title);

  // The coin store: the demo's packages with their prices.
  const store = textOf(rootOf(await html(request, '/buy/coins')));
  expect(store).toContain('Coin store');
  expect(store).toMatch(/Pouch 300 coins \+30 bonus coins \$4\.99/);
  expect(store).toContain('Log in to buy');
});

test("a signed-in reader's page is theirs alone: never served to a visitor or another reader", async () => {
  const a = await registerReader('ssr_a');
  const b = await registerReader('ssr_b');
  const visitor = await client();
  const secrets = (page: string) => [a.user.username, a.user.email].filter((secret) => page.includes(secret));

  for (const path of ['/', `/SeriesView/${COMIC.slug}`]) {
    // A first: their page names them.
    const pageOfA = await html(a.api, path);
    expect(pageOfA, `${path} for reader A`).toContain(a.user.username);
    expect(pageOfA).toContain(a.user.email);
    // At once, while a visitor's page of that address may be shared, a visitor and reader B.
    const [forVisitor, forB] = await Promise.all([html(visitor, path), html(b.api, path)]);
    expect(secrets(forVisitor), `${path} for a visitor`).toEqual([]);
    expect(secrets(forB), `${path} for reader B`).toEqual([]);
    expect(forB, `${path} for reader B`).toContain(b.user.username);
    expect(rootOf(forVisitor).length).toBeGreaterThan(500);
  }

  // The other order: a visitor's shared page is not what A gets.
  for (const path of ['/', `/SeriesView/${NOVEL.slug}`]) {
    const forVisitor = await html(visitor, path);
    expect(secrets(forVisitor)).toEqual([]);
    const pageOfA = await html(a.api, path);
    expect(pageOfA, `${path} for reader A after a visitor`).toContain(a.user.username);
    const again = await html(visitor, path);
    expect(secrets(again)).toEqual([]);
  }
  // Home greets A by name in the page itself, not only in its data.
  expect(textOf(rootOf(await html(a.api, '/')))).toContain(`Welcome back, ${a.user.username}.`);

  // Issue 18 §1: readers of one class share one drawing of a series page (nobody's name in it),
  // each with their own part after it.
  const [seriesOfA, seriesOfB] = [await html(a.api, `/SeriesView/${COMIC.slug}`), await html(b.api, `/SeriesView/${COMIC.slug}`)];
  expect(rootOf(seriesOfA)).toBe(rootOf(seriesOfB));
  expect(rootOf(seriesOfA)).not.toContain(a.user.username);
  expect(seriesOfA).toContain(`"username":"${a.user.username}"`);
  expect(seriesOfB).toContain(`"username":"${b.user.username}"`);

  // What the shared page left out is loaded for each reader: A's place in the series (their
  // Continue button) comes in A's own part, and in nobody else's.
  const series = (await getJson(visitor, `${PUB}/series/${COMIC.slug}`)).data;
  const chapter = series.chapters.find((entry: Json) => entry.number === 2) ?? series.chapters.at(-1);
  const saved = await a.api.put(`/api/omegascans/secure/me/progress/${chapter.id}`, { data: { page: 3 } });
  expect(saved.ok(), `progress answered ${saved.status()}`).toBe(true);
  const readerPart = (page: string) => /window\.__INKWELL_READER__=(.*?)<\/script>/s.exec(page)?.[1] ?? '';
  const [withProgress, withoutProgress] = [
    await html(a.api, `/SeriesView/${COMIC.slug}`),
    await html(b.api, `/SeriesView/${COMIC.slug}`),
  ];
  expect(rootOf(withProgress)).toBe(rootOf(withoutProgress));
  expect(readerPart(withProgress)).toContain(`"chapterSlug":"${chapter.slug}"`);
  expect(readerPart(withProgress)).toContain(chapter.id);
  expect(readerPart(withoutProgress)).not.toContain(chapter.id);

  await Promise.all([a.api.dispose(), b.api.dispose(), visitor.dispose()]);
});

test("a reader's place in a series comes with its page: Continue shows with their progress never answered again", async ({
  browser,
}) => {
  // Issue 40: the shared page's reader part is answered by the server as the page is sent, and the
  // browser applies it while hydrating. (It may ask again once the answer is two seconds old.)
  const context = await browser.newContext({ baseURL: BASE_URL });
  await registerByApi(context.request, account('ssr_place'));
  const series = (await getJson(context.request, `${PUB}/series/${COMIC.slug}`)).data;
  const chapter = series.chapters.find((entry: Json) => entry.number === 2);
  const saved = await context.request.put(`/api/omegascans/secure/me/progress/${chapter.id}`, { data: { page: 3 } });
  expect(saved.ok(), `progress answered ${saved.status()}`).toBe(true);

  const page = await context.newPage();
  // Asked of the server, the progress never comes: the Continue button can only be the page's own.
  await page.route(`**/api/omegascans/secure/me/series/${series.id}/progress`, () => undefined);
  await openPage(page, `/SeriesView/${COMIC.slug}`);
  await expect(page.getByRole('link', { name: 'Continue chapter 2' })).toBeVisible();
  await context.close();
});

test("a locked chapter's HTML holds its price and preview, never the pages or text the lock hides", async ({ request }) => {
  // A premium comic chapter: the team sees its four pages; a visitor only the two of the preview.
  const comic = (await getJson(request, `${PUB}/series/${LOCKED_COMIC.slug}/chapters/${LOCKED_COMIC.chapter}`)).data as Json;
  expect(comic.canRead).toBe(false);
  const comicId = (comic.chapter as Json).id as string;
  const comicForTeam = (await getJson(team, `${TEAM_API}/chapters/${comicId}`)).data as Json;
  const allPages = (comicForTeam.pages as Json[]).map((p) => mediaKey(p.url as string));
  const previewCount = comicForTeam.previewPages as number;
  expect(allPages.length).toBeGreaterThan(previewCount);
  const hidden = allPages.slice(previewCount);

  const comicPage = await html(request, `/SeriesView/${LOCKED_COMIC.slug}/${LOCKED_COMIC.chapter}`);
  for (const key of hidden) expect(comicPage, `a locked page ${key}`).not.toContain(key);
  for (const pageId of (comicForTeam.pages as Json[]).slice(previewCount).map((p) => p.id as string)) {
    expect(comicPage).not.toContain(pageId);
  }
  const shown = new Set([...comicPage.matchAll(new RegExp(`/media/pages/${comicId}/[^"?&\\\\]+`, 'g'))].map((m) => m[0]));
  expect([...shown].sort()).toEqual(allPages.slice(0, previewCount).sort());
  const comicText = textOf(rootOf(comicPage));
  expect(comicText).toContain('Premium chapter');
  expect(comicText).toMatch(lockPrice(LOCKED_COMIC.price));
  expect(comicText).toContain(`Preview — ${previewCount} of ${allPages.length} pages`);

  // A premium novel chapter: the beginning as a preview, nothing after it.
  const novel = (await getJson(request, `${PUB}/series/${LOCKED_NOVEL.slug}/chapters/${LOCKED_NOVEL.chapter}`)).data as Json;
  expect(novel.canRead).toBe(false);
  const novelForTeam = (await getJson(team, `${TEAM_API}/chapters/${(novel.chapter as Json).id as string}`)).data as Json;
  const fullText = sentencesOf(novelForTeam.content as string);
  const previewText = new Set(sentencesOf(novel.content as string));
  const hiddenText = fullText.filter((s) => !previewText.has(s));
  expect(hiddenText.length).toBeGreaterThan(5);
  const novelPage = await html(request, `/SeriesView/${LOCKED_NOVEL.slug}/${LOCKED_NOVEL.chapter}`);
  const novelPageText = textOf(novelPage);
  for (const sentence of hiddenText) expect(novelPageText, 'a locked sentence').not.toContain(sentence);
  expect(textOf(rootOf(novelPage))).toContain([...previewText][0]);
  expect(textOf(rootOf(novelPage))).toMatch(lockPrice(LOCKED_NOVEL.price));

  // A locked novel chapter with no preview: none of its text at all.
  const sealed = await html(request, `/SeriesView/${secretNovelSlug}/chapter-1`);
  for (const sentence of SECRET_NOVEL.sentences) expect(sealed).not.toContain(sentence);
  expect(sealed).not.toContain(`ninth bell ${stamp}`);
  const sealedText = textOf(rootOf(sealed));
  expect(sealedText).toMatch(lockPrice(SECRET_NOVEL.price));
  expect(sealedText).toContain('Premium chapter');
});

/** What React or the page said while a page loaded and hydrated. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()} (${message.location().url}:${message.location().lineNumber})`);
    }
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** The pages of §4.4, each with a link whose click the hydrated app handles itself. */
const hydratedPages = () => [
  { path: '/', link: { name: 'Store', exact: true } },
  { path: '/comics', link: { name: COMIC.title } },
  { path: '/novels', link: { name: NOVEL.title } },
  { path: '/premium', link: { name: COMIC.title } },
  { path: '/browse', link: { name: COMIC.title } },
  { path: '/search?q=lantern', link: { name: COMIC.title } },
  { path: `/SeriesView/${COMIC.slug}`, link: { name: 'First chapter' } },
  { path: `/SeriesView/${COMIC.slug}/chapter-1`, link: { name: COMIC.title, exact: true } },
  { path: `/SeriesView/${NOVEL.slug}/chapter-1`, link: { name: NOVEL.title, exact: true } },
  { path: `/announcements/${ANNOUNCEMENT.slug}`, link: { name: 'Home', exact: true } },
  { path: '/buy/coins', link: { name: 'Subscriptions', exact: true } },
  { path: '/buy/subscriptions', link: { name: 'Coins', exact: true } },
];

/** Loads a server-rendered page, waits for React to take it over, and follows a link in the app. */
async function expectHydrated(page: Page, path: string, link: { name: string; exact?: boolean }): Promise<string[]> {
  const problems = watchConsole(page);
  const answer = await openPage(page, path);
  expect(answer?.status(), path).toBe(200);
  // The page's own loads settle first, so a late hydration warning is heard; bounded, since an ad
  // frame's request can stay pending without ever reporting its end (as below), and CI met one.
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  // The server rendered it (not the app's empty shell), and React hydrated it (openPage waited for the mark).
  expect(
    await page.evaluate(
      () => (window as unknown as { __staticRouterHydrationData?: unknown }).__staticRouterHydrationData !== undefined,
    ),
    path,
  ).toBe(true);

  // A link is followed by the router: the document (and this marker on it) stays.
  await page.evaluate(() => ((window as unknown as { __sameDocument?: boolean }).__sameDocument = true));
  const before = page.url();
  const target = page.getByRole('link', link).first();
  await target.click({ timeout: 10_000 });
  await expect(page, `${path}: the link ${link.name} leads on`).not.toHaveURL(before);
  // Not networkidle: an ad frame torn down mid-load by the route change can leave a request that
  // never reports its end, and the question here is only whether the document stayed.
  await page.waitForLoadState('domcontentloaded');
  expect(
    await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    `${path}: no full reload`,
  ).toBe(true);
  return problems;
}

async function expectCleanHydration(
  browser: Browser,
  signIn: boolean,
  paths: ReturnType<typeof hydratedPages>,
  options: BrowserContextOptions = {},
) {
  const context = await browser.newContext({ ...options, baseURL: BASE_URL });
  if (signIn) {
    const reader = account('ssr_h');
    await registerByApi(context.request, reader);
  }
  const report: string[] = [];
  for (const { path, link } of paths) {
    const page = await context.newPage();
    const problems = await expectHydrated(page, path, link);
    report.push(...problems.map((problem) => `${path}: ${problem}`));
    await page.close();
  }
  await context.close();
  expect(report, `console of ${signIn ? 'a signed-in reader' : 'a visitor'}`).toEqual([]);
}

test("every spelling of a page's address leads to the router's own, and a team member's page never reaches a reader", async () => {
  // Issue 32 §1: the router matches any case and encoding; the server sends each to one spelling
  // and keys what it shares by it, so a page drawn for one reader is never another's.
  const canonical = `/SeriesView/${LOCKED_COMIC.slug}/${LOCKED_COMIC.chapter}`;
  const team = await signInTeam();
  const { api: reader } = await registerReader('ssr_spell');
  for (const spelling of [
    `/seriesview/${LOCKED_COMIC.slug}/${LOCKED_COMIC.chapter}`,
    `/SERIESVIEW/${LOCKED_COMIC.slug}/${LOCKED_COMIC.chapter}/`,
    `/%53eriesView/${LOCKED_COMIC.slug}/${LOCKED_COMIC.chapter}?utm_source=mail`,
  ]) {
    for (const api of [team, reader]) {
      const answer = await api.get(spelling, { maxRedirects: 0 });
      expect(answer.status(), spelling).toBe(301);
      expect(answer.headers().location, spelling).toBe(canonical + (spelling.includes('?') ? '?utm_source=mail' : ''));
    }
  }
  // The team member first, then the reader within the shared page's life: each their own access.
  expect(await html(team, canonical)).toContain('"canRead":true');
  const readers = await html(reader, canonical);
  expect(readers).toContain('"canRead":false');
  expect(readers).not.toContain('"canRead":true');
  await Promise.all([team.dispose(), reader.dispose()]);
});

test('every public page hydrates without a React warning or error, for a visitor', async ({ browser }) => {
  test.setTimeout(180_000);
  await expectCleanHydration(browser, false, hydratedPages());
});

test('home, a series page and chapters hydrate without a React warning or error, for a signed-in reader', async ({ browser }) => {
  test.setTimeout(120_000);
  const wanted = new Set([
    '/',
    `/SeriesView/${COMIC.slug}`,
    `/SeriesView/${COMIC.slug}/chapter-1`,
    `/SeriesView/${NOVEL.slug}/chapter-1`,
  ]);
  await expectCleanHydration(
    browser,
    true,
    hydratedPages().filter((p) => wanted.has(p.path)),
  );
});

test('pages hydrate cleanly for a reader far from the server, in another time zone and language', async ({ browser }) => {
  test.setTimeout(120_000);
  // The server draws dates in UTC and English; a browser on the other side of the date line must draw the same.
  const wanted = new Set([
    '/',
    '/comics',
    `/SeriesView/${COMIC.slug}`,
    `/SeriesView/${NOVEL.slug}/chapter-1`,
    `/announcements/${ANNOUNCEMENT.slug}`,
  ]);
  await expectCleanHydration(
    browser,
    false,
    hydratedPages().filter((p) => wanted.has(p.path)),
    { timezoneId: 'Pacific/Kiritimati', locale: 'de-DE' },
  );
});

test('with JavaScript off a visitor reads a series page, its chapters and an announcement', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: false });
  const page = await context.newPage();

  // A comic: the series page, then its first chapter's pages through a plain link.
  await page.goto(`/SeriesView/${COMIC.slug}`);
  await expect(page.getByRole('heading', { name: COMIC.title, level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /Chapter 1: Beginnings/ })).toHaveAttribute(
    'href',
    `/SeriesView/${COMIC.slug}/chapter-1`,
  );
  await expect(page.getByRole('link', { name: /^Chapter 2(?!\d)/ })).toBeVisible();
  await page.getByRole('link', { name: 'First chapter' }).click();
  await expect(page).toHaveURL(`/SeriesView/${COMIC.slug}/chapter-1`);
  const pages = page.getByTestId('strip-reader').getByRole('img');
  await expect(pages).toHaveCount(4);
  await expect(pages.first()).toBeVisible();
  await expect(pages.first()).toHaveAttribute('src', /^\/media\/pages\//);
  await expect(pages.first()).toHaveJSProperty('complete', true);
  expect(await pages.first().evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(800);

  // A novel: from its series page to the text of its first chapter.
  await page.goto(`/SeriesView/${NOVEL.slug}`);
  await expect(page.getByRole('heading', { name: NOVEL.title, level: 1 })).toBeVisible();
  await page.getByRole('link', { name: /Chapter 1: Beginnings/ }).click();
  await expect(page).toHaveURL(`/SeriesView/${NOVEL.slug}/chapter-1`);
  const text = page.getByTestId('novel-text');
  await expect(text).toBeVisible();
  await expect(text).toContainText('Chapter 1');
  const novelChapter = (await getJson(context.request, `${PUB}/series/${NOVEL.slug}/chapters/chapter-1`)).data as Json;
  await expect(text).toContainText(sentencesOf(novelChapter.content as string)[0]!);

  // An announcement.
  await page.goto(`/announcements/${ANNOUNCEMENT.slug}`);
  await expect(page.getByRole('heading', { name: ANNOUNCEMENT.title, level: 1 })).toBeVisible();
  await expect(page.locator('article strong')).toHaveText('tonight');
  await expect(page.locator('article')).toContainText(`Every lantern in the city is lit tonight for the readers of ${stamp}.`);
  await context.close();
});
