import { createHash } from 'node:crypto';
import { ROUTES, type ChapterSummary } from '@inkwell/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchases, seriesTiers, subscriptions } from '../../../db/schema';
import { buildChapter, buildSeries, buildUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, loginAs, type TestContext } from '../../../../test/helpers';

// Issue 38 §1: a member of a series reads its chapters from `publishedAt − earlyAccessDays`. Here
// a 7-day tier, a chapter scheduled 3 days ahead (priced) and one 10 days ahead: the member reads
// the first on the web (series page, chapter, its pages, progress) and in the reading apps (OPDS,
// OPDS 2, the file, KOReader); a visitor and a reader who is no member see nothing of it anywhere,
// and never through a page or answer shared with the member; when the membership ends it closes.

const DAY = 86_400_000;
const INDEX = `<!doctype html><html><head><title>Inkwell</title></head><body><div id="root"></div></body></html>`;
// A stand-in for the built renderer: a chapter's page says what the chapter's answer gave its viewer.
const RENDERER = `
export function classify(url) {
  const parts = url.split('?')[0].split('/').slice(1);
  if (parts[0] === 'SeriesView' && parts.length === 3) return { path: url.split('?')[0], seriesSlug: parts[1], chapterSlug: parts[2] };
  return null;
}
const API_CHAPTER = '${ROUTES.chapter.path}';
export async function render({ url, fetch, nonce, shared }) {
  const [, slug, chapterSlug] = url.split('?')[0].split('/').slice(1);
  const answer = await fetch(API_CHAPTER.replace(':slug', slug).replace(':chapterSlug', chapterSlug), { method: 'GET' });
  const data = answer.ok ? (await answer.json()).data : null;
  const body = data ? 'canRead=' + data.canRead + ' next=' + (data.next ? data.next.slug : 'none') : 'status=' + answer.status;
  return { kind: 'page', status: 200, html: '<main>' + body + (shared ? ' shared' : '') + '</main>', title: 'Page', dataScript: '<script nonce="' + nonce + '">1</script>', ownCalls: [] };
}
export async function readerData({ nonce }) {
  return '<script nonce="' + nonce + '">window.__own=1</script>';
}
`;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

let t: TestContext;
let series: { id: string; slug: string };
let first: { id: string; slug: string };
let early: { id: string; slug: string; publishedAt: string | null };
let later: { id: string; slug: string };
let tierId: string;

type Person = { id: string; username: string; cookie: string; key: string };
let member: Person;
let stranger: Person;

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const basic = (who: Person) => `Basic ${Buffer.from(`${who.username}:${who.key}`).toString('base64')}`;

async function person(): Promise<Person> {
  const user = await buildUser(t.db);
  const cookie = await loginAs(t.app, user);
  const made = await callEndpoint(t, 'deviceKeyCreate', { cookie, body: { name: 'KOReader' } });
  return { id: user.id, username: user.username, cookie, key: made.body.data.key as string };
}

/** A membership as the tier's checkout leaves it: a paid purchase of kind tier and its running subscription. */
async function join(userId: string, until: Date) {
  const now = t.clock.now();
  const [purchase] = await t.db
    .insert(purchases)
    .values({
      userId,
      kind: 'tier',
      status: 'paid',
      tierId,
      amountCents: 500,
      currency: 'usd',
      itemName: 'Early readers',
      provider: 'test',
      paidAt: now,
    })
    .returning();
  const [row] = await t.db
    .insert(subscriptions)
    .values({
      userId,
      tierId,
      seriesId: series.id,
      purchaseId: purchase!.id,
      provider: 'test',
      currentPeriodStart: new Date(now.getTime() - DAY),
      currentPeriodEnd: until,
    })
    .returning();
  // What a membership's change tells every instance (payments' fulfilment does the same).
  t.app.services.events.publish({ type: 'user.changed', userId });
  return row!;
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const seriesOf = (cookie?: string) => callEndpoint(t, 'series', { params: { slug: series.slug }, cookie });
const chapterOf = (slug: string, cookie?: string) =>
  callEndpoint(t, 'chapter', { params: { slug: series.slug, chapterSlug: slug }, cookie });
const chaptersOf = (cookie?: string) =>
  callEndpoint(t, 'seriesChapters', { params: { slug: series.slug }, query: '?order=asc&limit=50', cookie });
const slugs = (items: ChapterSummary[]) => items.map((chapter) => chapter.slug);

beforeAll(async () => {
  t = await createTestApp({ indexHtml: INDEX, renderer: RENDERER });
  series = await buildSeries(t, { title: 'Lantern Members' });
  const inDays = (days: number) => new Date(t.clock.now().getTime() + days * DAY).toISOString();
  first = await buildChapter(t, series.id, { number: 1, slug: 'one', pages: 2 });
  early = await buildChapter(t, series.id, { number: 2, slug: 'two', price: 40, pages: 2, publishedAt: inDays(3) });
  later = await buildChapter(t, series.id, { number: 3, slug: 'three', pages: 2, publishedAt: inDays(10) });
  const [tier] = await t.db
    .insert(seriesTiers)
    .values({
      seriesId: series.id,
      name: 'Early readers',
      priceCents: 500,
      currency: 'usd',
      interval: 'month',
      earlyAccessDays: 7,
    })
    .returning();
  tierId = tier!.id;
  [member, stranger] = await Promise.all([person(), person()]);
  await join(member.id, new Date(t.clock.now().getTime() + 2 * DAY));
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("a member's early access on the web", () => {
  it('lists the chapter 3 days ahead on the series page with its mark, never the one 10 days ahead', async () => {
    const answer = await seriesOf(member.cookie);
    expect(answer.status).toBe(200);
    const chapters = answer.body.data.chapters as ChapterSummary[];
    expect(slugs(chapters)).toEqual(['two', 'one']);
    const two = chapters[0]!;
    expect(two).toMatchObject({ access: 'unlocked', price: 40, earlyAccess: { publicAt: early.publishedAt } });
    expect(chapters[1]!.earlyAccess ?? null).toBeNull();
    expect(answer.body.data.chapterCount).toBe(2);
    expect(answer.body.data.forSaleCount).toBe(0);
    expect(slugs((await chaptersOf(member.cookie)).body.data.items)).toEqual(['one', 'two']);
  });

  it('opens the chapter whole, without coins, with its neighbours, its pages and its progress', async () => {
    const answer = await chapterOf('two', member.cookie);
    expect(answer.status).toBe(200);
    const data = answer.body.data;
    expect(data.canRead).toBe(true);
    expect(data.isPreview).toBe(false);
    expect(data.chapter.earlyAccess).toEqual({ publicAt: early.publishedAt });
    expect(data.offers).toEqual([]);
    expect(data.previous).toMatchObject({ slug: 'one' });
    expect(data.next).toBeNull();
    expect(data.pages).toHaveLength(2);
    const image = await get(
      new URL(data.pages[0].url, 'http://localhost').pathname + new URL(data.pages[0].url, 'http://localhost').search,
    );
    expect(image.statusCode).toBe(200);
    expect((await chapterOf('one', member.cookie)).body.data.next).toMatchObject({ slug: 'two' });
    const saved = await callEndpoint(t, 'progressSave', {
      cookie: member.cookie,
      params: { chapterId: early.id },
      body: { page: 1 },
    });
    expect(saved.status).toBe(200);
    // The one 10 days ahead is not theirs yet.
    expect((await chapterOf('three', member.cookie)).status).toBe(404);
  });

  it('shows a visitor and a reader who is no member nothing of it, as before', async () => {
    for (const cookie of [undefined, stranger.cookie]) {
      const page = await seriesOf(cookie);
      expect(slugs(page.body.data.chapters)).toEqual(['one']);
      expect(page.body.data.chapterCount).toBe(1);
      expect(slugs((await chaptersOf(cookie)).body.data.items)).toEqual(['one']);
      expect((await chapterOf('two', cookie)).status).toBe(404);
      expect((await chapterOf('one', cookie)).body.data.next).toBeNull();
      if (cookie) {
        const progress = await callEndpoint(t, 'progressSave', { cookie, params: { chapterId: early.id }, body: { page: 1 } });
        expect(progress.status).toBe(404);
      }
    }
  });

  it('never shares a cached answer between a member and a visitor or another reader, in either order', async () => {
    // Within the shared answers' life: each asks right after the other.
    const order: (string | undefined)[] = [undefined, member.cookie, undefined, stranger.cookie, member.cookie, stranger.cookie];
    for (const cookie of order) {
      const shown = slugs((await seriesOf(cookie)).body.data.chapters);
      expect(shown, cookie === member.cookie ? 'member' : 'other').toEqual(cookie === member.cookie ? ['two', 'one'] : ['one']);
      const answer = await chapterOf('two', cookie);
      expect(answer.status).toBe(cookie === member.cookie ? 200 : 404);
    }
  });

  it('never hands a member’s rendered page to another reader, nor theirs to the member', async () => {
    const open = (cookie: string, chapter = 'two') =>
      t.app.inject({ method: 'GET', url: `/SeriesView/${series.slug}/${chapter}`, headers: { 'user-agent': BROWSER, cookie } });
    // Chapter 1's page, drawn for a class: the member's leads on to chapter 2, anyone else's ends there.
    for (const cookie of [member.cookie, stranger.cookie, member.cookie, stranger.cookie]) {
      const page = await open(cookie, 'one');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`<main>canRead=true next=${cookie === member.cookie ? 'two' : 'none'} shared</main>`);
    }
    // The member's page is drawn for their class; anyone else's is the not-found page a visitor gets.
    for (const cookie of [member.cookie, stranger.cookie, member.cookie, stranger.cookie]) {
      const page = await open(cookie);
      const who = cookie === member.cookie ? 'member' : 'stranger';
      expect(page.statusCode, who).toBe(cookie === member.cookie ? 200 : 404);
      if (cookie === member.cookie) expect(page.body).toContain('<main>canRead=true next=none shared</main>');
      else expect(page.body).not.toContain('canRead=');
      expect(page.body.includes('noindex'), who).toBe(cookie === member.cookie);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: `/SeriesView/${series.slug}/two`, headers: { 'user-agent': BROWSER } }))
        .statusCode,
    ).toBe(404);
  });

  it('leaves it out of every public list: home, feeds, the sitemap', async () => {
    const home = await callEndpoint(t, 'home', { cookie: member.cookie });
    expect(JSON.stringify(home.body)).not.toContain(early.id);
    for (const url of [
      '/feeds/latest.json',
      `/feeds/series/${series.slug}.json`,
      '/feeds/latest.rss',
      `/feeds/series/${series.slug}.atom`,
    ]) {
      const feed = await get(url);
      expect(feed.statusCode, url).toBe(200);
      expect(feed.body, url).toContain(`/SeriesView/${series.slug}/one`);
      expect(feed.body, url).not.toContain(`/SeriesView/${series.slug}/two`);
    }
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.body).toContain(`/${series.slug}/one`);
    expect(sitemap.body).not.toContain(`/${series.slug}/two`);
  });
});

describe("a member's early access in the reading apps", () => {
  it('lists and serves the chapter to the member’s key in OPDS, OPDS 2 and as a file, and KOReader keeps their place in it', async () => {
    const feed = await get(`/opds/v1.2/series/${series.slug}`, { authorization: basic(member) });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain(`urn:uuid:${early.id}`);
    expect(feed.body).toContain(`/download/chapters/${early.id}.cbz`);
    expect(feed.body).not.toContain(later.id);
    const page = await get(`/opds/v1.2/chapters/${early.id}/pages/0`, { authorization: basic(member) });
    expect(page.statusCode).toBe(200);
    const publication = await get(`/opds/v2/publications/${early.id}`, { authorization: basic(member) });
    expect(publication.statusCode).toBe(200);
    // Their OPDS 2 shelf holds it, as it holds what a plan reads; never the one 10 days ahead.
    const shelf = await get('/opds/v2/shelf', { authorization: basic(member) });
    expect(shelf.statusCode).toBe(200);
    expect(shelf.body).toContain(early.id);
    expect(shelf.body).not.toContain(later.id);

    const file = await get(`/download/chapters/${early.id}.cbz`, { authorization: basic(member) });
    expect(file.statusCode).toBe(200);
    const document = file.headers['x-koreader-document'] as string;
    // A minute after the web reader's page 1: KOReader's place is the newer one.
    t.clock.advance(60_000);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/koreader/syncs/progress',
      headers: {
        accept: 'application/vnd.koreader.v1+json',
        'content-type': 'application/json',
        'x-auth-user': member.username,
        'x-auth-key': md5(member.key),
      },
      payload: JSON.stringify({ document, progress: '2', percentage: 1, device: 'Kobo', device_id: 'K1' }),
    });
    expect(put.statusCode).toBe(200);
    const place = await callEndpoint(t, 'seriesProgress', { cookie: member.cookie, params: { seriesId: series.id } });
    expect(place.body.data.chapters[early.id]).toMatchObject({ page: 2 });
  });

  it('gives anyone else nothing of it: no entry, no page, no file', async () => {
    for (const headers of [{}, { authorization: basic(stranger) }] as Record<string, string>[]) {
      const feed = await get(`/opds/v1.2/series/${series.slug}`, headers);
      expect(feed.statusCode).toBe(200);
      expect(feed.body).toContain(first.id);
      expect(feed.body).not.toContain(early.id);
      expect((await get(`/download/chapters/${early.id}.cbz`, headers)).statusCode).toBe(404);
    }
    expect((await get(`/opds/v1.2/chapters/${early.id}/pages/0`, { authorization: basic(stranger) })).statusCode).toBe(404);
    expect((await get(`/opds/v2/publications/${early.id}`, { authorization: basic(stranger) })).statusCode).toBe(404);
    expect((await get('/opds/v2/shelf', { authorization: basic(stranger) })).body).not.toContain(early.id);
  });
});

describe('when the membership ends', () => {
  it('closes with its period, and at once when it is ended', async () => {
    const other = await person();
    const row = await join(other.id, new Date(t.clock.now().getTime() + 30 * DAY));
    expect((await chapterOf('two', other.cookie)).status).toBe(200);
    // Ended (a refund): the change is heard and the chapter is scheduled again for them.
    await t.db.update(subscriptions).set({ status: 'ended', endedAt: t.clock.now() }).where(eq(subscriptions.id, row.id));
    t.app.services.events.publish({ type: 'user.changed', userId: other.id });
    expect((await chapterOf('two', other.cookie)).status).toBe(404);
    expect(slugs((await seriesOf(other.cookie)).body.data.chapters)).toEqual(['one']);
    expect((await get(`/download/chapters/${early.id}.cbz`, { authorization: basic(other) })).statusCode).toBe(404);

    // The first member's period ends in 2 days, a day before the chapter is public.
    t.clock.advance(2 * DAY + 60_000);
    try {
      expect((await chapterOf('two', member.cookie)).status).toBe(404);
      expect(slugs((await seriesOf(member.cookie)).body.data.chapters)).toEqual(['one']);
      expect((await get(`/opds/v1.2/chapters/${early.id}/pages/0`, { authorization: basic(member) })).statusCode).toBe(404);
      // Public at its time: then priced, as for everyone (the early window gave it without coins).
      t.clock.advance(DAY);
      const out = await chapterOf('two', member.cookie);
      expect(out.body.data.chapter).toMatchObject({ access: 'locked' });
      expect(out.body.data.chapter.earlyAccess ?? null).toBeNull();
      expect(out.body.data.canRead).toBe(false);
    } finally {
      t.clock.advance(-(3 * DAY + 60_000));
    }
    const still = await t.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, member.id), eq(subscriptions.status, 'active')));
    expect(still).toHaveLength(1);
  });
});
