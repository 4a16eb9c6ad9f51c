import { ADULT_GATE_COOKIE, ROUTES, seriesPatchSchema } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildChapter, buildSeries, buildUser } from '../../../../test/factories';
import {
  callEndpoint,
  createTestApp,
  loginAs,
  startSecondInstance,
  type SecondInstance,
  type TestContext,
} from '../../../../test/helpers';

// Issue 36 §4 (decision 0041) on two instances of one PostgreSQL: the shared answers and rendered
// pages are kept apart for visitors, readers who opted in and visitors who said yes at a gate; a
// series' flag, a reader's opt-in and the admin's switch, written through one instance, reach the
// other's next request. The clock stands still: only the events can clear what is kept.

const INDEX = '<!doctype html><html><head><title>Inkwell</title></head><body><div id="root"></div></body></html>';
// A stand-in for the built renderer: home lists the series' slugs, a series page its title or the gate.
const RENDERER = `
export function classify(url) {
  const path = url.split('?')[0];
  if (path === '/') return { path: '/' };
  const parts = path.split('/').slice(1);
  if (parts[0] === 'SeriesView' && parts.length === 2) return { path, seriesSlug: parts[1] };
  return null;
}
export async function render({ url, fetch, nonce }) {
  const parts = url.split('?')[0].split('/').slice(1);
  let body;
  if (parts[0] === 'SeriesView') {
    const answer = await fetch('${ROUTES.series.path}'.replace(':slug', parts[1]), { method: 'GET' });
    body = answer.status === 403 ? 'gate' : 'title=' + (await answer.json()).data.title;
  } else {
    const d = (await (await fetch('${ROUTES.seriesList.path}?perPage=50', { method: 'GET' })).json()).data;
    body = 'list=' + d.items.map((s) => s.slug).join('|');
  }
  return { kind: 'page', status: 200, html: '<main>' + body + '</main>', title: 'Page', dataScript: '<script nonce="' + nonce + '">1</script>', ownCalls: [] };
}
export async function readerData() { return ''; }
`;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const ADULT_VISITOR = `${ADULT_GATE_COOKIE}=1`;

const target = inject('testDatabase');
let t: TestContext;
let other: SecondInstance;
let adultSlug: string;
let tame: { id: string; slug: string };

beforeAll(async () => {
  if (target.kind !== 'postgres') return;
  t = await createTestApp({ indexHtml: INDEX, renderer: RENDERER });
  other = await startSecondInstance(t, { web: true });
  const adult = await buildSeries(t, { type: 'novel', title: 'Crimson Static', isAdult: true });
  adultSlug = adult.slug;
  await buildChapter(t, adult.id, { number: 1, content: '<p>Late.</p>' });
  const tameSeries = await buildSeries(t, { type: 'novel', title: 'Crimson Dawn' });
  tame = { id: tameSeries.id, slug: tameSeries.slug };
  await buildChapter(t, tame.id, { number: 1, content: '<p>Early.</p>' });
}, 60_000);
afterAll(async () => {
  await other?.close();
  await t?.close();
});

/** A page of the other instance, as a browser asks it, with these cookies. */
const page = async (url: string, cookie?: string) =>
  (await other.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER, ...(cookie ? { cookie } : {}) } })).body;
const listed = async (cookie?: string) =>
  (await other.app.inject({ method: 'GET', url: `${ROUTES.seriesList.path}?perPage=50`, headers: cookie ? { cookie } : {} }))
    .json()
    .data.items.map((item: { slug: string }) => item.slug) as string[];

/** True once the check holds, asked again every 25 ms for at most 1 s. */
async function withinOneSecond(check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + 1_000;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.skipIf(target.kind !== 'postgres')('series marked Adult on two instances (PostgreSQL, no Redis)', () => {
  it('keeps a visitor’s, a reader’s and an opted-in reader’s shared pages apart', async () => {
    const plain = await loginAs(other.app, await buildUser(t.db));
    const grown = await loginAs(other.app, await buildUser(t.db));
    // The visitor's page and list are kept first.
    expect(await page('/')).not.toContain(adultSlug);
    expect(await page('/', plain)).not.toContain(adultSlug);
    // The reader opts in through the first instance: the other forgets their session at once.
    expect((await callEndpoint(t, 'preferencesUpdate', { cookie: grown, body: { showAdult: true } })).status).toBe(200);
    expect(await withinOneSecond(async () => (await page('/', grown)).includes(adultSlug))).toBe(true);
    expect(await listed(grown)).toContain(adultSlug);
    // …and neither the visitor nor the other reader is handed the opted-in reader's copy.
    expect(await page('/')).not.toContain(adultSlug);
    expect(await page('/', plain)).not.toContain(adultSlug);
    expect(await listed()).not.toContain(adultSlug);
  });

  it('shows the series page to a visitor who said yes at the gate, and the gate still to one who did not', async () => {
    expect(await page(`/SeriesView/${adultSlug}`)).toContain('<main>gate</main>');
    // Each asked twice: the second is served from the kept page (and counts its view without failing it).
    for (const _ of [1, 2]) {
      expect(await page(`/SeriesView/${adultSlug}`, ADULT_VISITOR)).toContain('<main>title=Crimson Static</main>');
      expect(await page(`/SeriesView/${adultSlug}`)).toContain('<main>gate</main>');
    }
    // Their lists are the visitors' all the same.
    expect(await page('/', ADULT_VISITOR)).not.toContain(adultSlug);
  });

  it('takes a series the team marks Adult out of the other instance’s kept lists and pages at once', async () => {
    expect(await listed()).toContain(tame.slug);
    expect(await page('/')).toContain(tame.slug);
    await t.app.services.series.updateSeries(tame.id, seriesPatchSchema.parse({ isAdult: true }));
    expect(
      await withinOneSecond(async () => !(await listed()).includes(tame.slug) && !(await page('/')).includes(tame.slug)),
    ).toBe(true);
    expect(await page(`/SeriesView/${tame.slug}`)).toContain('<main>gate</main>');
    await t.app.services.series.updateSeries(tame.id, seriesPatchSchema.parse({ isAdult: false }));
    expect(await withinOneSecond(async () => (await listed()).includes(tame.slug))).toBe(true);
  });

  it('hides adult series from opted-in readers too once the admin turns adult content off', async () => {
    const grown = await loginAs(other.app, await buildUser(t.db));
    await callEndpoint(t, 'preferencesUpdate', { cookie: grown, body: { showAdult: true } });
    expect(await withinOneSecond(async () => (await listed(grown)).includes(adultSlug))).toBe(true);
    await t.app.services.siteConfig.update({ content: { adultContent: false } });
    try {
      expect(
        await withinOneSecond(
          async () => !(await listed(grown)).includes(adultSlug) && !(await page('/', grown)).includes(adultSlug),
        ),
      ).toBe(true);
      expect(await page(`/SeriesView/${adultSlug}`, ADULT_VISITOR)).not.toContain('title=Crimson Static');
    } finally {
      await t.app.services.siteConfig.update({ content: { adultContent: true } });
    }
    expect(await withinOneSecond(async () => (await listed(grown)).includes(adultSlug))).toBe(true);
  });
});
