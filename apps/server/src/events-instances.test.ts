import { fillPath, ROUTES } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildChapter, buildSeries, buildUser } from '../test/factories';
import {
  callEndpoint,
  createTestApp,
  loginAs,
  startSecondInstance,
  type SecondInstance,
  type TestContext,
} from '../test/helpers';

// Decision 0033 on two instances of one PostgreSQL: a write through one is seen on the other's
// next request, its API answers and its shared rendered pages alike. The clock stands still, so no
// cache runs out by itself: only the events, over LISTEN/NOTIFY (no Redis here), can clear them.

const INDEX = '<!doctype html><html><head><title>Inkwell</title></head><body><div id="root"></div></body></html>';
// A stand-in for the built renderer: home lists the announcements' titles, a series page its title
// and chapter numbers, as read through the API the real pages read.
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
    const d = (await (await fetch('${ROUTES.series.path}'.replace(':slug', parts[1]), { method: 'GET' })).json()).data;
    body = 'title=' + d.title + ' chapters=' + d.chapters.map((c) => c.number).join(',');
  } else {
    const d = (await (await fetch('${ROUTES.announcements.path}', { method: 'GET' })).json()).data;
    body = 'news=' + d.items.map((a) => a.title).join('|');
  }
  return { kind: 'page', status: 200, html: '<main>' + body + '</main>', title: 'Page', dataScript: '<script nonce="' + nonce + '">1</script>', ownCalls: [] };
}
export async function readerData() { return ''; }
`;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

const target = inject('testDatabase');
let t: TestContext;
let other: SecondInstance;
let editor: string;
let admin: string;

beforeAll(async () => {
  if (target.kind !== 'postgres') return;
  t = await createTestApp({ indexHtml: INDEX, renderer: RENDERER });
  other = await startSecondInstance(t, { web: true });
  editor = await loginAs(t.app, await buildUser(t.db, { role: 'editor' }));
  admin = await loginAs(t.app, await buildUser(t.db, { role: 'admin' }));
}, 60_000);
afterAll(async () => {
  await other?.close();
  await t?.close();
});

/** A page or answer of the other instance, as a visitor's browser asks it. */
const page = async (url: string) => (await other.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER } })).body;
const api = async (url: string) => (await other.app.inject({ method: 'GET', url })).json();

/** True once the check holds, asked again every 25 ms for at most 1 s. */
async function withinOneSecond(check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + 1_000;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.skipIf(target.kind !== 'postgres')('a write through one instance, on the other (PostgreSQL, no Redis)', () => {
  it('shows a published announcement in its list and on its rendered home page', async () => {
    // The other instance keeps both before the change.
    expect((await api(ROUTES.announcements.path)).data.items).toEqual([]);
    expect(await page('/')).toContain('news=</main>');

    const created = await callEndpoint(t, 'teamAnnouncementCreate', {
      cookie: editor,
      body: { title: 'Lanterns lit', body: '<p>News</p>', publishedAt: new Date(t.clock.now().getTime() - 60_000).toISOString() },
    });
    expect(created.status).toBe(201);
    expect(
      await withinOneSecond(async () => {
        const titles = (await api(ROUTES.announcements.path)).data.items.map((item: { title: string }) => item.title);
        return titles.includes('Lanterns lit') && (await page('/')).includes('news=Lanterns lit');
      }),
    ).toBe(true);
  });

  it('shows a renamed series and a released chapter in its answers and on its rendered page', async () => {
    const series = await buildSeries(t, { title: 'Before the rename' });
    await buildChapter(t, series.id, { number: 1, pages: 1 });
    const scheduled = await buildChapter(t, series.id, {
      number: 2,
      pages: 1,
      publishedAt: new Date(t.clock.now().getTime() + 500).toISOString(),
    });
    const seriesUrl = fillPath(ROUTES.series.path, { slug: series.slug });
    const pageUrl = `/SeriesView/${series.slug}`;
    expect((await api(seriesUrl)).data.title).toBe('Before the rename');
    expect(await page(pageUrl)).toContain('title=Before the rename chapters=1<');

    const renamed = await callEndpoint(t, 'teamSeriesUpdate', {
      cookie: editor,
      params: { id: series.id },
      body: { title: 'After the rename' },
    });
    expect(renamed.status).toBe(200);
    expect(
      await withinOneSecond(
        async () =>
          (await api(seriesUrl)).data.title === 'After the rename' && (await page(pageUrl)).includes('title=After the rename'),
      ),
    ).toBe(true);

    // Its time comes (within every cache's life) and the release job runs on the first instance.
    t.clock.advance(1_000);
    expect((await t.app.services.publishing.publishDue()).map((release) => release.id)).toEqual([scheduled.id]);
    expect(
      await withinOneSecond(async () => {
        const numbers = (await api(seriesUrl)).data.chapters.map((chapter: { number: number }) => chapter.number);
        return numbers.includes(2) && (await page(pageUrl)).includes('chapters=2,1<');
      }),
    ).toBe(true);
  });

  it('refuses a banned reader’s session at its next request', async () => {
    const reader = await buildUser(t.db);
    const cookie = await loginAs(t.app, reader);
    const wallet = () => other.app.inject({ method: 'GET', url: ROUTES.wallet.path, headers: { cookie } });
    // The other instance keeps the session a few seconds (the clock stands still: for good).
    expect((await wallet()).statusCode).toBe(200);

    const banned = await callEndpoint(t, 'adminUserUpdate', { cookie: admin, params: { id: reader.id }, body: { banned: true } });
    expect(banned.status).toBe(200);
    expect(await withinOneSecond(async () => (await wallet()).statusCode === 401)).toBe(true);
  });

  it('refuses a deleted reader’s sessions on the other instance at their next request (issue 36 §3)', async () => {
    const reader = await buildUser(t.db);
    const [here, there] = [await loginAs(t.app, reader), await loginAs(t.app, reader)];
    const wallet = () => other.app.inject({ method: 'GET', url: ROUTES.wallet.path, headers: { cookie: there } });
    // The other instance keeps the session a few seconds (the clock stands still: for good).
    expect((await wallet()).statusCode).toBe(200);

    const deleted = await callEndpoint(t, 'accountDelete', { cookie: here, body: { password: reader.password } });
    expect(deleted.status).toBe(200);
    expect(await withinOneSecond(async () => (await wallet()).statusCode === 401)).toBe(true);
  });

  it('refuses a session the reader ended from another browser, and every other one they signed out (issue 36 §2)', async () => {
    const reader = await buildUser(t.db);
    const [here, phone, tablet] = [await loginAs(t.app, reader), await loginAs(t.app, reader), await loginAs(t.app, reader)];
    const walletWith = (cookie: string) => other.app.inject({ method: 'GET', url: ROUTES.wallet.path, headers: { cookie } });
    // The other instance keeps each session a few seconds (the clock stands still: for good).
    for (const cookie of [here, phone, tablet]) expect((await walletWith(cookie)).statusCode).toBe(200);

    const listed = await callEndpoint(t, 'sessions', { cookie: here });
    const phoneSession = (listed.body.data.items as Array<{ id: string; isCurrent: boolean }>).find((item) => !item.isCurrent)!;
    expect((await callEndpoint(t, 'sessionRevoke', { cookie: here, params: { id: phoneSession.id } })).status).toBe(200);
    // One of the two others (the one ended) is refused there at once; the other still works.
    expect(
      await withinOneSecond(async () => {
        const statuses = await Promise.all([phone, tablet].map(async (cookie) => (await walletWith(cookie)).statusCode));
        return statuses.sort().join() === '200,401';
      }),
    ).toBe(true);

    expect((await callEndpoint(t, 'sessionsRevokeOthers', { cookie: here })).status).toBe(200);
    expect(
      await withinOneSecond(async () => {
        const statuses = await Promise.all([phone, tablet].map(async (cookie) => (await walletWith(cookie)).statusCode));
        return statuses.every((status) => status === 401);
      }),
    ).toBe(true);
    expect((await walletWith(here)).statusCode).toBe(200);
  });
});
