import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchases, seriesTiers, subscriptions } from '../../../db/schema';
import { buildChapter, buildSeries, buildUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, loginAs, type TestContext } from '../../../../test/helpers';
import { seedDemoStore } from '../../../demo/seed-store';
import { NEW_CHAPTERS_WINDOW_DAYS } from './opds.repository';

// Issue 39 §3: `/opds/v1.2/me/new` and `/opds/v2/me/new`, a key's reader's chapters of the series
// they follow that they may read now, the latest to open first, each with its file. A chapter is
// there the moment it opens (its time comes, it turns free, it is unlocked, a member's early
// window opens), never before, and never for someone else.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ACQUISITION = 'http://opds-spec.org/acquisition';

let t: TestContext;
type Person = { id: string; username: string; cookie: string; key: string };
let reader: Person;
let member: Person;
let stranger: Person;
let comic: { id: string; slug: string; title: string };
let novel: { id: string; slug: string; title: string };
let unfollowed: { id: string };
let members: { id: string };
const ids = {
  comicFree: '',
  comicLocked: '',
  comicScheduled: '',
  novelFree: '',
  novelTurnsFree: '',
  elsewhere: '',
  early: '',
};

async function person(): Promise<Person> {
  const user = await buildUser(t.db);
  const cookie = await loginAs(t.app, user);
  const made = await callEndpoint(t, 'deviceKeyCreate', { cookie, body: { name: 'KOReader' } });
  return { id: user.id, username: user.username, cookie, key: made.body.data.key as string };
}
const follow = (who: Person, seriesId: string) => callEndpoint(t, 'bookmarkAdd', { cookie: who.cookie, params: { seriesId } });
const basic = (username: string, key: string) => `Basic ${Buffer.from(`${username}:${key}`).toString('base64')}`;
const get = (url: string, who?: { username: string; key: string }) =>
  t.app.inject({ method: 'GET', url, headers: who ? { authorization: basic(who.username, who.key) } : {} });

/** The v1.2 feed's entries as an app reads them: id, title, and the first acquisition link. */
async function newFeed(who: Person) {
  const answer = await get('/opds/v1.2/me/new', who);
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toBe('application/atom+xml;profile=opds-catalog;kind=acquisition;charset=utf-8');
  const document = new JSDOM(answer.body, { contentType: 'application/xml' }).window.document;
  return [...document.getElementsByTagName('entry')].map((entry) => {
    const acquisition = [...entry.getElementsByTagName('link')].find((link) => link.getAttribute('rel')?.startsWith(ACQUISITION));
    return {
      id: entry.getElementsByTagName('id')[0]!.textContent!,
      title: entry.getElementsByTagName('title')[0]!.textContent!,
      href: acquisition?.getAttribute('href'),
      type: acquisition?.getAttribute('type'),
    };
  });
}
const chapterIds = async (who: Person) => (await newFeed(who)).map((entry) => entry.id.replace('urn:uuid:', ''));
/** The v2 feed's publications' identifiers, in order. */
async function newFeed2(who: Person) {
  const answer = await get('/opds/v2/me/new', who);
  expect(answer.statusCode).toBe(200);
  const feed = answer.json() as {
    publications?: { metadata: { identifier: string; title: string }; links: { rel?: string; href: string; type?: string }[] }[];
  };
  return feed.publications ?? [];
}

/** A membership as the tier's checkout leaves it (as early-access.test.ts makes one). */
async function join(userId: string, tierId: string, seriesId: string) {
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
      itemName: 'Early',
      provider: 'test',
      paidAt: now,
    })
    .returning();
  await t.db.insert(subscriptions).values({
    userId,
    tierId,
    seriesId,
    purchaseId: purchase!.id,
    provider: 'test',
    currentPeriodStart: new Date(now.getTime() - DAY),
    currentPeriodEnd: new Date(now.getTime() + 30 * DAY),
  });
  t.app.services.events.publish({ type: 'user.changed', userId });
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoStore(t.db);
  const ago = (ms: number) => new Date(t.clock.now().getTime() - ms).toISOString();
  const ahead = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
  comic = await buildSeries(t, { title: 'New Feed Lanterns', author: 'Ada Quill' });
  novel = await buildSeries(t, { type: 'novel', title: 'New Feed Letters', author: 'Ada Quill' });
  unfollowed = await buildSeries(t, { title: 'New Feed Elsewhere' });
  members = await buildSeries(t, { title: 'New Feed Members' });
  // Out before the feed's window: readable, but not new (an e-reader's sync would download the whole back catalogue).
  await buildChapter(t, comic.id, { number: 0, pages: 1, publishedAt: ago((NEW_CHAPTERS_WINDOW_DAYS + 1) * DAY) });
  ids.comicFree = (await buildChapter(t, comic.id, { number: 1, pages: 2, publishedAt: ago(3 * DAY) })).id;
  ids.comicLocked = (await buildChapter(t, comic.id, { number: 2, price: 30, pages: 2, publishedAt: ago(2 * DAY) })).id;
  ids.comicScheduled = (await buildChapter(t, comic.id, { number: 3, pages: 2, publishedAt: ahead(HOUR) })).id;
  ids.novelFree = (await buildChapter(t, novel.id, { number: 1, content: '<p>One.</p>', publishedAt: ago(DAY) })).id;
  ids.novelTurnsFree = (
    await buildChapter(t, novel.id, {
      number: 2,
      price: 20,
      freeAt: ahead(2 * HOUR),
      content: '<p>Two.</p>',
      publishedAt: ago(HOUR),
    })
  ).id;
  ids.elsewhere = (await buildChapter(t, unfollowed.id, { number: 1, pages: 1, publishedAt: ago(HOUR) })).id;
  ids.early = (await buildChapter(t, members.id, { number: 1, pages: 1, publishedAt: ahead(3 * DAY) })).id;
  const [tier] = await t.db
    .insert(seriesTiers)
    .values({ seriesId: members.id, name: 'Early', priceCents: 500, currency: 'usd', interval: 'month', earlyAccessDays: 7 })
    .returning();
  [reader, member, stranger] = await Promise.all([person(), person(), person()]);
  for (const seriesId of [comic.id, novel.id, members.id]) await follow(reader, seriesId);
  await follow(member, members.id);
  await join(member.id, tier!.id, members.id);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('new chapters for e-readers (issue 39 §3)', () => {
  it('lists the readable chapters of the followed series, latest first, each with its file and a title naming the series', async () => {
    const feed = await newFeed(reader);
    // Not the locked, the scheduled, the one not yet free, the member's early one, an unfollowed series',
    // nor the one out before the window.
    expect(feed.map((entry) => entry.id)).toEqual([`urn:uuid:${ids.novelFree}`, `urn:uuid:${ids.comicFree}`]);
    expect(feed[0]).toMatchObject({
      title: `${novel.title} · Chapter 1`,
      href: `/download/chapters/${ids.novelFree}.epub`,
      type: 'application/epub+zip',
    });
    expect(feed[1]).toMatchObject({ href: `/download/chapters/${ids.comicFree}.cbz`, type: 'application/vnd.comicbook+zip' });
    // It downloads with the same key, no browsing.
    const file = await get(feed[1]!.href!, reader);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/vnd.comicbook+zip');
  });

  it('is found from the root of each version, needs a key, and is the key’s own reader’s', async () => {
    const root = await get('/opds/v1.2/catalog', reader);
    expect(root.body).toContain('href="/opds/v1.2/me/new"');
    expect((await get('/opds/v1.2/catalog')).body).not.toContain('/me/new');
    const root2 = (await get('/opds/v2/catalog', reader)).json() as { navigation: { href: string }[] };
    expect(root2.navigation.map((link) => link.href)).toContain('/opds/v2/me/new');

    for (const url of ['/opds/v1.2/me/new', '/opds/v2/me/new']) {
      expect((await get(url)).statusCode, url).toBe(401);
      // The reader's name with someone else's key.
      expect((await get(url, { username: reader.username, key: stranger.key })).statusCode, url).toBe(401);
    }
    // Another reader's key sees their own follows: none of these.
    expect(await chapterIds(stranger)).toEqual([]);
    expect(await newFeed2(stranger)).toEqual([]);
  });

  it('shows a member the chapter of their early window, and no one else', async () => {
    expect(await chapterIds(member)).toEqual([ids.early]);
    expect(await chapterIds(reader)).not.toContain(ids.early);
    expect((await get(`/download/chapters/${ids.early}.cbz`, member)).statusCode).toBe(200);
  });

  it('lists a scheduled chapter right after its time, a chapter the moment it turns free, and one the moment it is unlocked', async () => {
    t.clock.advance(HOUR - 1000);
    expect(await chapterIds(reader)).not.toContain(ids.comicScheduled);
    t.clock.advance(1000);
    // Its time has come: at the top, and its file answers.
    expect((await chapterIds(reader))[0]).toBe(ids.comicScheduled);
    expect((await get(`/download/chapters/${ids.comicScheduled}.cbz`, reader)).statusCode).toBe(200);

    expect(await chapterIds(reader)).not.toContain(ids.novelTurnsFree);
    t.clock.advance(HOUR);
    expect((await chapterIds(reader))[0]).toBe(ids.novelTurnsFree);

    expect(await chapterIds(reader)).not.toContain(ids.comicLocked);
    const packages = (await callEndpoint(t, 'coinPackages')).body.data.items as { id: string }[];
    const started = await callEndpoint(t, 'checkout', {
      cookie: reader.cookie,
      body: { kind: 'coins', packageId: packages[0]!.id },
    });
    await callEndpoint(t, 'testCheckoutComplete', {
      cookie: reader.cookie,
      params: { purchaseId: started.body.data.purchaseId },
    });
    const unlocked = await callEndpoint(t, 'unlockChapter', { cookie: reader.cookie, params: { chapterId: ids.comicLocked } });
    expect(unlocked.status).toBe(200);
    const after = await chapterIds(reader);
    expect(after).toContain(ids.comicLocked);
    // Readable since its unlock, so above the chapters that opened days ago.
    expect(after.indexOf(ids.comicLocked)).toBeLessThan(after.indexOf(ids.comicFree));
    expect(after).not.toContain(ids.elsewhere);
    expect(after).not.toContain(ids.early);
  });

  it('gives the same chapters in the same order in OPDS 2, each a publication with its file', async () => {
    const entries = await newFeed(reader);
    const publications = await newFeed2(reader);
    expect(publications.map((publication) => publication.metadata.identifier)).toEqual(entries.map((entry) => entry.id));
    const first = publications.find((publication) => publication.metadata.identifier === `urn:uuid:${ids.comicScheduled}`)!;
    expect(first.metadata.title).toBe(`${comic.title} · Chapter 3`);
    expect(first.links).toContainEqual({
      rel: ACQUISITION,
      href: `/download/chapters/${ids.comicScheduled}.cbz`,
      type: 'application/vnd.comicbook+zip',
    });
    const answer = await get('/opds/v2/me/new?page=1', reader);
    expect(answer.headers['content-type']).toBe('application/opds+json');
    expect(answer.json().metadata).toMatchObject({ numberOfItems: entries.length, itemsPerPage: 50, currentPage: 1 });
  });
  it('gives a reader whose plan reads priced chapters the priced ones too', async () => {
    const patron = await person();
    await follow(patron, comic.id);
    expect(await chapterIds(patron)).not.toContain(ids.comicLocked);
    const plan = ((await callEndpoint(t, 'plans')).body.data.items as { id: string; name: string }[]).find(
      (item) => item.name === 'Patron',
    )!;
    const started = await callEndpoint(t, 'checkout', { cookie: patron.cookie, body: { kind: 'plan', planId: plan.id } });
    await callEndpoint(t, 'testCheckoutComplete', {
      cookie: patron.cookie,
      params: { purchaseId: started.body.data.purchaseId },
    });
    const listed = await chapterIds(patron);
    expect(listed).toContain(ids.comicLocked);
    expect(listed).not.toContain(ids.novelFree);
    expect((await get(`/download/chapters/${ids.comicLocked}.cbz`, patron)).statusCode).toBe(200);
  });
});
