import { ROUTES, seriesPatchSchema } from '@inkwell/contract';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildChapter, buildSeries, buildUser } from '../../test/factories';
import { createTestApp, loginAs, type TestContext } from '../../test/helpers';
import { SITE_CONFIG_CACHE_MS, updateSiteSettings } from '../modules/team/site-config';
import { RENDER_CONCURRENCY, RENDER_QUEUE_MAX } from './page-renderer';
import {
  APP_START_AFTER_LOAD_MS,
  APP_START_WAIT_MS,
  appStarter,
  renderedPageShell,
  withRenderedPage,
} from './rendered-page-shell';

// The server's half of server rendering (issue 11 §1): which pages are rendered, with whose
// session, which are shared between visitors and which never are. The web app's own renderer is
// checked in the browser journeys (e2e/tests/server-rendering.spec.ts); here a stand-in renderer
// draws who asked and which render it was, through the same in-process API.

const INDEX = `<!doctype html><html><head><title>Inkwell</title><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>`;

const RENDERER = `
let renders = 0;
export async function render({ url, fetch, nonce, shared, locale }) {
  if (url.startsWith('/elsewhere')) return { kind: 'redirect', status: 302, location: '/errorPage?error=series_not_found' };
  if (url.startsWith('/broken')) throw new Error('the renderer broke');
  if (url.startsWith('/browser-only')) return { kind: 'shell' };
  if (url.startsWith('/slow')) await new Promise((resolve) => setTimeout(resolve, 150));
  const session = await (await fetch('${ROUTES.verify.path}', { method: 'GET' })).json();
  const who = session.user ? (session.user.username || 'a ' + session.user.role + ' of the class') : 'a visitor';
  // A page that shows something of the reader's own (their wallet, here).
  const own = url.startsWith('/own') ? (await fetch('${ROUTES.wallet.path}', { method: 'GET' })).status : '';
  let title = 'Home';
  const series = url.match(/^\\/SeriesView\\/([^/?]+)/);
  if (series) title = (await (await fetch('${ROUTES.series.path.replace(':slug', '')}' + series[1], { method: 'GET' })).json()).data.title;
  renders += 1;
  return {
    kind: 'page',
    status: 200,
    html: '<main>' + title + ' for ' + who + own + ', render ' + renders + (shared ? ' (shared)' : '') + '</main>',
    title,
    dataScript: '<script nonce="' + nonce + '">window.__data = 1</script><meta name="drawn-in" content="' + locale + '">',
  };
}
// As the router names pages: a series page by its slug, any other path as itself (this stand-in has no catch-all).
export function classify(url) {
  const path = url.split('?')[0];
  const series = path.match(/^\\/SeriesView\\/([^/]+)$/);
  return series ? { path, seriesSlug: decodeURIComponent(series[1]) } : { path };
}
export function readerData({ nonce, user }) {
  return '<script nonce="' + nonce + '">window.__reader = "' + user.username + '"</script>';
}
`;

let t: TestContext;
let slug: string;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

beforeAll(async () => {
  t = await createTestApp({ indexHtml: INDEX, renderer: RENDERER });
  slug = (await buildSeries(t, { title: 'The Lantern Keeper' })).slug;
});
afterAll(async () => {
  await t?.close();
});

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER, ...headers } });
const rootOf = (html: string) => /<div id="root">(.*?)<\/div>/s.exec(html)?.[1] ?? '';
const renderNumber = (html: string) => Number(/render (\d+)/.exec(html)?.[1]);

const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0];
const drawnIn = (html: string) => /<meta name="drawn-in" content="([^"]*)">/.exec(html)?.[1];

describe('the page’s language (issue 35 §1)', () => {
  it('is ?lang=, then the cookie, then Accept-Language, then English, on <html> and in the render', async () => {
    const english = await page('/?lang-test=1');
    expect(htmlTag(english.body)).toBe('<html lang="en" dir="ltr">');
    expect(drawnIn(english.body)).toBe('en');
    expect(english.headers['content-language']).toBe('en');
    expect(String(english.headers.vary)).toMatch(/cookie.*accept-language|accept-language.*cookie/);

    const browser = await page('/?lang-test=1', { 'accept-language': 'fr;q=0.9, pt;q=0.8, en;q=0.1' });
    expect(htmlTag(browser.body)).toBe('<html lang="pt-BR" dir="ltr">');
    expect(drawnIn(browser.body)).toBe('pt-BR');

    const cookie = await page('/?lang-test=1', { 'accept-language': 'pt-BR', cookie: 'inkwell_lang=es' });
    expect(drawnIn(cookie.body)).toBe('es');
    const query = await page('/?lang-test=1&lang=pt-BR', { cookie: 'inkwell_lang=es' });
    expect(drawnIn(query.body)).toBe('pt-BR');
    // A value naming none of ours is passed over; the pseudo-locale is offered outside production.
    expect(drawnIn((await page('/?lang-test=1&lang=tlh', { cookie: 'inkwell_lang=es' })).body)).toBe('es');
    expect(drawnIn((await page('/?lang-test=1&lang=en-XA')).body)).toBe('en-XA');
  });

  it('keeps a shared page per language: a visitor never gets another language’s page', async () => {
    const english = renderNumber((await page('/?lang-shared=1')).body);
    const spanish = await page('/?lang-shared=1', { 'accept-language': 'es' });
    expect(drawnIn(spanish.body)).toBe('es');
    expect(renderNumber(spanish.body)).toBeGreaterThan(english);
    expect(renderNumber((await page('/?lang-shared=1', { cookie: 'inkwell_lang=es' })).body)).toBe(renderNumber(spanish.body));
    expect(renderNumber((await page('/?lang-shared=1')).body)).toBe(english);
  });

  it('falls back to the language an admin chose for the site, for a browser that names none of ours', async () => {
    await updateSiteSettings(t.db, { defaultLocale: 'es' });
    t.clock.advance(SITE_CONFIG_CACHE_MS + 1);
    try {
      expect(drawnIn((await page('/?lang-default=1', { 'accept-language': 'ko, fr' })).body)).toBe('es');
      expect(drawnIn((await page('/?lang-default=1', { 'accept-language': 'ko, en' })).body)).toBe('en');
    } finally {
      await updateSiteSettings(t.db, { defaultLocale: 'en' });
      t.clock.advance(SITE_CONFIG_CACHE_MS + 1);
    }
  });

  it('answers the app’s shell in the language too (a page drawn in the browser)', async () => {
    const shell = await page('/browser-only', { 'accept-language': 'es-MX' });
    expect(htmlTag(shell.body)).toBe('<html lang="es" dir="ltr">');
  });
});

describe('server-rendered pages', () => {
  it('arrive with the page in the root, its title, and its data script under the answer’s own nonce', async () => {
    const response = await page(`/SeriesView/${slug}?fresh=1`);
    expect(response.statusCode).toBe(200);
    expect(rootOf(response.body)).toMatch(/^<main>The Lantern Keeper for a visitor, render \d+<\/main>$/);
    expect(response.body).toContain('<title>The Lantern Keeper · Inkwell</title>');
    const nonce = /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    expect(response.body).toContain(`<script nonce="${nonce}">window.__data = 1</script>`);
    expect(response.body).not.toContain('__INKWELL_CSP_NONCE__');
    expect(response.headers['cache-control']).toBe('private, no-cache');
  });

  it('share a visitor’s page with other visitors for 2 s, then draw it again', async () => {
    const first = renderNumber((await page('/?shared=1')).body);
    expect(renderNumber((await page('/?shared=1', { 'user-agent': `${BROWSER} other` })).body)).toBe(first);
    t.clock.advance(2_001);
    expect(renderNumber((await page('/?shared=1')).body)).toBeGreaterThan(first);
  });

  it('share a signed-in reader’s page with the readers of their class, each with their own part and no one else’s', async () => {
    const readerA = await buildUser(t.db);
    const readerB = await buildUser(t.db);
    const cookieA = await loginAs(t.app, readerA);
    const cookieB = await loginAs(t.app, readerB);

    const visitorFirst = (await page('/?who=1')).body;
    expect(rootOf(visitorFirst)).toContain('for a visitor');
    const pageA = (await page('/?who=1', { cookie: cookieA })).body;
    const pageB = (await page('/?who=1', { cookie: cookieB })).body;
    // One drawing for both, with a stand-in session: nobody's name in the shared markup.
    expect(rootOf(pageA)).toMatch(/^<main>Home for a reader of the class, render \d+ \(shared\)<\/main>$/);
    expect(renderNumber(pageB)).toBe(renderNumber(pageA));
    expect(rootOf(pageB)).toBe(rootOf(pageA));
    // Each reader's own part follows the page, under the answer's nonce, to them alone.
    const nonceB = /<script nonce="([^"]+)">window.__data/.exec(pageB)?.[1];
    expect(pageB).toContain(`<script nonce="${nonceB}">window.__reader = "${readerB.username}"</script></body>`);
    expect(pageA).toContain(`window.__reader = "${readerA.username}"`);
    expect(pageB).not.toContain(readerA.username);
    expect(pageA).not.toContain(readerB.username);

    // Neither the class's page nor a reader's part reaches a visitor.
    const visitorAfter = (await page('/?who=1')).body;
    expect(renderNumber(visitorAfter)).toBe(renderNumber(visitorFirst));
    expect(visitorAfter).not.toContain('__reader');

    // Another class (the team) has a page of its own.
    const editor = await loginAs(t.app, await buildUser(t.db, { role: 'editor' }));
    const editorPage = (await page('/?who=1', { cookie: editor })).body;
    expect(rootOf(editorPage)).toContain('for a editor of the class');
    expect(renderNumber(editorPage)).not.toBe(renderNumber(pageA));
  });

  it('share a series’ pages only between readers with the same unlocks in it', async () => {
    const series = await buildSeries(t, { title: 'Unlocked Ways' });
    const chapter = await buildChapter(t, series.id, {
      number: 1,
      price: 10,
      publishedAt: new Date(t.clock.now().getTime() - 1000).toISOString(),
    });
    const [plain, alsoPlain, buyer] = await Promise.all([buildUser(t.db), buildUser(t.db), buildUser(t.db)]);
    await t.db.execute(sql`insert into chapter_unlocks (user_id, chapter_id, coins) values (${buyer.id}, ${chapter.id}, 10)`);
    const url = `/SeriesView/${series.slug}`;
    const drawnFor = async (user: { username: string; password: string }) =>
      renderNumber((await page(url, { cookie: await loginAs(t.app, user) })).body);
    const first = await drawnFor(plain);
    expect(await drawnFor(alsoPlain)).toBe(first);
    expect(await drawnFor(buyer)).not.toBe(first);
  });

  it('draw a page that shows a reader’s own data for them alone, and never keep it', async () => {
    const reader = await buildUser(t.db);
    const cookie = await loginAs(t.app, reader);
    const first = (await page('/own?x=1', { cookie })).body;
    expect(rootOf(first)).toContain(`for ${reader.username}200`);
    expect(rootOf(first)).not.toContain('(shared)');
    const again = (await page('/own?x=1', { cookie })).body;
    expect(renderNumber(again)).toBeGreaterThan(renderNumber(first));
    expect(again).not.toContain('__reader');
  });

  it('count each visitor’s view of a shared page, as the API they did not call would have', async () => {
    const viewsOf = async () => {
      await t.app.services.views.flush();
      t.app.services.catalogue.invalidate();
      return (await t.app.inject({ method: 'GET', url: ROUTES.series.path.replace(':slug', slug) })).json().data.views as number;
    };
    const before = await viewsOf();
    const url = `/SeriesView/${slug}?views=1`;
    const first = renderNumber((await page(url, { 'user-agent': `${BROWSER} one` })).body);
    expect(renderNumber((await page(url, { 'user-agent': `${BROWSER} two` })).body)).toBe(first);
    expect((await viewsOf()) - before).toBe(2);
  });

  it('show the team’s change at once: an edit drops the visitors’ shared pages', async () => {
    const url = `/SeriesView/${slug}?edit=1`;
    expect(rootOf((await page(url)).body)).toContain('The Lantern Keeper for');
    const id = (await t.app.inject({ method: 'GET', url: ROUTES.series.path.replace(':slug', slug) })).json().data.id as string;
    await t.app.services.series.updateSeries(id, seriesPatchSchema.parse({ title: 'The Lantern Keeper Returns' }));
    expect(rootOf((await page(url)).body)).toContain('The Lantern Keeper Returns for');
  });

  it('draw a link shared with tracking parameters as the page without them, and keep the parameters that matter', async () => {
    const first = renderNumber((await page('/?list=1')).body);
    for (const url of [
      '/?list=1&utm_source=newsletter&utm_medium=email',
      '/?fbclid=IwAR0abc&list=1',
      '/?list=1&gclid=Cj0K&_ga=2.1',
    ]) {
      expect(renderNumber((await page(url, { 'user-agent': `${BROWSER} ${url}` })).body), url).toBe(first);
    }
    expect(renderNumber((await page('/?list=2&utm_campaign=x')).body)).toBeGreaterThan(first);
  });

  it('send the app’s shell at once, not a wait, when every render slot is taken and the queue is full', async () => {
    const busy = RENDER_CONCURRENCY + RENDER_QUEUE_MAX;
    const responses = await Promise.all(Array.from({ length: busy + 3 }, (_, i) => page(`/slow?n=${i}`)));
    const drawn = responses.filter((response) => rootOf(response.body).startsWith('<main>'));
    const shells = responses.filter((response) => response.body.includes('<div id="root"></div>'));
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    expect(drawn).toHaveLength(busy);
    expect(shells).toHaveLength(3);
    // Once the slots are free again, pages are drawn as before.
    expect(rootOf((await page('/slow?n=after')).body)).toMatch(/^<main>/);
  });

  it('send a loader’s redirect as one, and the plain app when a page is drawn in the browser or the renderer fails', async () => {
    const redirect = await page('/elsewhere');
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('/errorPage?error=series_not_found');
    for (const url of ['/browser-only', '/broken']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.body, url).toContain('<script nonce=');
    }
  });

  it('leave ad-free pages (sign-in, Reader’s Area, dashboard) to the browser', async () => {
    for (const url of ['/login', '/profile/me', '/Dashboard']) {
      const response = await page(url);
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.body, url).not.toContain('<main>');
    }
  });

  it('come compressed for a browser that takes gzip, each answer with its own nonce and part, and plain for one that does not', async () => {
    const unpack = (html: string) => html.replace(/nonce-[^']+|nonce="[^"]+"/g, 'nonce');
    const plain = await page('/?compressed=1');
    expect(plain.headers['content-encoding']).toBeUndefined();
    // A shared page is compressed once; each answer only adds its nonce (gzip, which allows that).
    const first = await page('/?compressed=1', { 'accept-encoding': 'gzip, deflate, br' });
    const second = await page('/?compressed=1', { 'accept-encoding': 'gzip, deflate, br' });
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.headers.vary).toContain('accept-encoding');
    const [one, two] = [gunzipSync(first.rawPayload).toString('utf8'), gunzipSync(second.rawPayload).toString('utf8')];
    expect(unpack(one)).toBe(unpack(plain.body));
    const nonceOf = (response: typeof first) => /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];
    expect(nonceOf(first)).not.toBe(nonceOf(second));
    expect(one).toContain(`<script nonce="${nonceOf(first)}">window.__data = 1</script>`);
    expect(two).toContain(`<script nonce="${nonceOf(second)}">window.__data = 1</script>`);

    // A signed-in reader's: the class's page and their own part.
    const reader = await buildUser(t.db);
    const mine = await page('/?compressed=1', { 'accept-encoding': 'gzip', cookie: await loginAs(t.app, reader) });
    expect(mine.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(mine.rawPayload).toString('utf8')).toContain(`window.__reader = "${reader.username}"</script></body>`);

    // The app's shell (a page drawn in the browser) goes as brotli.
    const shell = await page('/browser-only', { 'accept-encoding': 'gzip, deflate, br' });
    expect(shell.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(shell.rawPayload).toString('utf8')).toContain('<div id="root"></div>');
  });
});

describe('the shell of a rendered page', () => {
  it('writes the stylesheet in, leaves the scripts to the starter, and asks for the page’s images first', () => {
    const dist = mkdtempSync(join(tmpdir(), 'inkwell-web-'));
    try {
      mkdirSync(join(dist, 'assets'));
      writeFileSync(join(dist, 'assets', 'index-abc.css'), 'body{color:red}');
      const index = [
        '<html><head><title>Inkwell</title>',
        '    <script nonce="N" type="module" crossorigin src="/assets/index-abc.js"></script>',
        '    <link nonce="N" rel="modulepreload" crossorigin href="/assets/framework-abc.js">',
        '    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">',
        '</head><body><div id="root"></div></body></html>',
      ].join('\n');
      const shell = renderedPageShell(index, dist);
      expect(shell).toContain('<style>body{color:red}</style>');
      expect(shell).not.toContain('rel="stylesheet"');
      // The app's entry is no script tag: the starter (below) fetches the app's code (the entry and
      // what the build preloads with it) once the first image is drawn, and runs it.
      expect(shell).not.toContain('src="/assets/index-abc.js"');
      expect(shell).toContain(
        `<script nonce="N" type="module">${appStarter('/assets/index-abc.js', ['/assets/framework-abc.js'])}</script>`,
      );
      expect(shell).not.toMatch(/<link[^>]*modulepreload/);

      const hint = '<link rel="preload" as="image" href="/media/pages/1.webp" fetchPriority="high"/>';
      const page = withRenderedPage(shell, `${hint}<main>Page 1</main>`, '<script nonce="N">data</script>', 'Chapter 1');
      expect(page.indexOf(hint)).toBeLessThan(page.indexOf('<script'));
      expect(page).toContain('<div id="root"><main>Page 1</main></div>');
      expect(page).toContain('<title>Chapter 1 · Inkwell</title>');
      // A stylesheet that cannot be read stays a link.
      expect(renderedPageShell(index, join(dist, 'nowhere'))).toContain('rel="stylesheet"');
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

/**
 * The starter run against a stand-in page: the image it finds, the events it listens to, its frames
 * and timers run when a test says, the largest paints the browser reports (when `reportsPaints`),
 * and the entry's import recorded rather than made.
 */
function runStarter(image: { complete: boolean } | null, { reportsPaints = false } = {}) {
  const listeners = new Map<string, () => void>();
  const imageListeners = new Map<string, () => void>();
  const timers: { ms: number; run: () => void }[] = [];
  const frames: (() => void)[] = [];
  const imported: string[] = [];
  const fetched: string[] = [];
  const observers: ((list: { getEntries: () => { element: unknown }[] }) => void)[] = [];
  const element = image && { ...image, addEventListener: (type: string, run: () => void) => imageListeners.set(type, run) };
  class PerformanceObserver {
    static supportedEntryTypes = reportsPaints ? ['largest-contentful-paint'] : [];
    constructor(callback: (typeof observers)[number]) {
      observers.push(callback);
    }
    observe(options: object) {
      expect(options).toEqual({ type: 'largest-contentful-paint', buffered: true });
    }
  }
  const formatters: unknown[][] = [];
  const Intl = {
    DateTimeFormat: class {
      constructor(...options: unknown[]) {
        formatters.push(options);
      }
      format = () => '';
    },
  };
  const page = {
    Intl,
    document: {
      documentElement: { lang: 'es' },
      querySelector: (selector: string) => {
        expect(selector).toBe('#root img[fetchpriority="high"]');
        return element;
      },
      createElement: (tag: string) => ({ tag }),
      head: {
        append: (link: { tag: string; rel: string; crossOrigin: string; href: string }) => {
          expect(link).toMatchObject({ tag: 'link', rel: 'modulepreload', crossOrigin: '' });
          fetched.push(link.href);
        },
      },
    },
    addEventListener: (type: string, run: () => void) => listeners.set(type, run),
    requestAnimationFrame: (run: () => void) => frames.push(run),
    setTimeout: (run: () => void, ms = 0) => timers.push({ ms, run }),
    PerformanceObserver,
    load: (entry: string) => imported.push(entry),
  };
  const code = appStarter('/assets/index-abc.js', ['/assets/framework-abc.js']).replace('import(', 'load(');
  new Function(...Object.keys(page), code)(...Object.values(page));
  /** Runs the timers due `ms` after they were set (the others stay). */
  const runTimers = (ms: number) => {
    const due = timers.filter((timer) => timer.ms <= ms);
    timers.splice(0, timers.length, ...timers.filter((timer) => timer.ms > ms));
    for (const timer of due) timer.run();
  };
  const runFrames = () => {
    for (const frame of frames.splice(0)) frame();
  };
  /** The browser reports a largest paint: the image's, or another element's. */
  const paint = (painted: unknown) => observers.forEach((observer) => observer({ getEntries: () => [{ element: painted }] }));
  return { imported, fetched, listeners, imageListeners, runTimers, runFrames, paint, element, formatters };
}

const ENTRY = ['/assets/index-abc.js'];
const CODE = ['/assets/index-abc.js', '/assets/framework-abc.js'];

describe("a rendered page's app starts once its first image is on screen (issue 40)", () => {
  it('without making an Intl formatter: the page’s dates need none (plain-format.ts), and its first costs a phone a long task', () => {
    const starter = runStarter({ complete: true });
    starter.runFrames();
    starter.runFrames();
    starter.runTimers(APP_START_WAIT_MS);
    expect(starter.imported).toEqual(ENTRY);
    expect(starter.formatters).toEqual([]);
  });

  it('at once on a page without an image drawn at high priority', () => {
    const starter = runStarter(null);
    expect(starter.fetched).toEqual(CODE);
    expect(starter.imported).toEqual(ENTRY);
  });

  it('fetching its code only once the image is drawn (two frames after it loads), so the image has the connection to itself', () => {
    const starter = runStarter({ complete: false }, { reportsPaints: true });
    starter.runTimers(0);
    starter.runFrames();
    expect(starter.fetched).toEqual([]);
    starter.imageListeners.get('load')?.();
    starter.runFrames();
    expect(starter.fetched).toEqual([]);
    starter.runFrames();
    expect(starter.fetched).toEqual(CODE);
    expect(starter.imported).toEqual([]);
    starter.paint(starter.element);
    starter.runTimers(0);
    expect(starter.imported).toEqual(ENTRY);
    expect(starter.fetched).toEqual(CODE);
    const drawn = runStarter({ complete: true });
    drawn.runFrames();
    drawn.runFrames();
    expect(drawn.fetched).toEqual(CODE);
    // The largest paint reported before those frames starts the app, and fetches its code, at once.
    const reported = runStarter({ complete: false }, { reportsPaints: true });
    reported.paint(reported.element);
    reported.runTimers(0);
    expect(reported.fetched).toEqual(CODE);
    // Started early (a touch), it fetches the code then.
    const touched = runStarter({ complete: false });
    touched.listeners.get('pointerdown')?.();
    expect(touched.fetched).toEqual(CODE);
  });

  it('when the browser reports the image as the largest paint, once', () => {
    const starter = runStarter({ complete: false }, { reportsPaints: true });
    starter.paint({ other: true });
    starter.runTimers(0);
    expect(starter.imported).toEqual([]);
    starter.paint(starter.element);
    starter.runTimers(0);
    expect(starter.imported).toEqual(ENTRY);
    starter.imageListeners.get('load')?.();
    starter.listeners.get('pointerdown')?.();
    starter.runTimers(APP_START_WAIT_MS);
    expect(starter.imported).toEqual(ENTRY);
  });

  it('an image that is not the largest paint: APP_START_AFTER_LOAD_MS after it loads', () => {
    const starter = runStarter({ complete: false }, { reportsPaints: true });
    starter.imageListeners.get('load')?.();
    starter.runFrames();
    starter.runTimers(APP_START_AFTER_LOAD_MS - 1);
    expect(starter.imported).toEqual([]);
    starter.runTimers(APP_START_AFTER_LOAD_MS);
    expect(starter.imported).toEqual(ENTRY);
  });

  it('in a browser that reports no largest paint: two frames after the image loads, or is there already', () => {
    for (const complete of [false, true]) {
      const starter = runStarter({ complete });
      if (!complete) starter.imageListeners.get('load')?.();
      starter.runFrames();
      starter.runTimers(0);
      expect(starter.imported).toEqual([]);
      starter.runFrames();
      starter.runTimers(0);
      expect(starter.imported, `complete: ${complete}`).toEqual(ENTRY);
    }
  });

  it('at once when the reader touches or types, or when the image fails', () => {
    for (const event of ['pointerdown', 'keydown']) {
      const starter = runStarter({ complete: false }, { reportsPaints: true });
      starter.listeners.get(event)?.();
      expect(starter.imported, event).toEqual(ENTRY);
    }
    const failed = runStarter({ complete: false });
    failed.imageListeners.get('error')?.();
    expect(failed.imported).toEqual(ENTRY);
  });

  it('after APP_START_WAIT_MS whatever the image does', () => {
    const starter = runStarter({ complete: false }, { reportsPaints: true });
    starter.runTimers(APP_START_WAIT_MS - 1);
    expect(starter.imported).toEqual([]);
    starter.runTimers(APP_START_WAIT_MS);
    expect(starter.imported).toEqual(ENTRY);
  });
});
