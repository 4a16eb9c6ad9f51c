import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, buildUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, loginAs, type TestContext } from '../../../../test/helpers';
import { chapterFiles } from '../../../db/schema';
import { seedDemoStore } from '../../../demo/seed-store';
import { pagesOfChapter } from '../../catalogue/chapters';
import { chapterPrefix } from '../../platform/media';

/*
 * Issue 32 §2: every byte of a paid chapter behind the same lock. The built files and the reading
 * apps' page copies are kept under the chapter's private prefix and reach a reader only through
 * the routes that check access on each request; a rental's end or a refund closes them at once.
 */
let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoStore(t.db);
  admin = await loginAs(t.app, await buildUser(t.db, { role: 'admin' }));
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;
const basic = (who: Reader) => `Basic ${Buffer.from(`${who.username}:${who.key}`).toString('base64')}`;
const get = (url: string, who?: Reader) =>
  t.app.inject({ method: 'GET', url, headers: who ? { authorization: basic(who) } : {} });

type Reader = Awaited<ReturnType<typeof readerWithKey>>;
async function readerWithKey() {
  const user = await buildUser(t.db);
  const cookie = await loginAs(t.app, user);
  const made = (await callEndpoint(t, 'deviceKeyCreate', { cookie, body: { name: 'KOReader' } })).body.data;
  return { username: user.username, cookie, key: made.key as string };
}

async function pay(cookie: string, body: { kind: 'coins'; packageId: string } | { kind: 'plan'; planId: string }) {
  const started = await callEndpoint(t, 'checkout', { cookie, body });
  await callEndpoint(t, 'testCheckoutComplete', { cookie, params: { purchaseId: started.body.data.purchaseId } });
  return started.body.data.purchaseId as string;
}

/** What a reading app fetches of a comic chapter: its file and a page by each OPDS stream. */
const comicRoutes = (chapterId: string) => [
  `/download/chapters/${chapterId}.cbz`,
  `/opds/v1.2/chapters/${chapterId}/pages/0?maxWidth=60`,
  `/opds/v2/chapters/${chapterId}/pages/0`,
];

/** Every key media storage (on disk) holds, as a path under its root. */
function storedKeys(): string[] {
  const root = join(t.dataDir, 'media');
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

describe('paid chapter files and app page copies (issue 32 §2)', () => {
  it('are kept under the chapter, answered privately to the buyer, and never served by /media', async () => {
    const comic = await buildSeries(t);
    const novel = await buildSeries(t, { type: 'novel' });
    const comicChapter = await buildChapter(t, comic.id, { number: 2, price: 30, pages: 2 });
    const novelChapter = await buildChapter(t, novel.id, { number: 2, price: 20, content: '<p>Paid words.</p>' });
    const buyer = await readerWithKey();
    const packages = (await callEndpoint(t, 'coinPackages')).body.data.items as { id: string }[];
    await pay(buyer.cookie, { kind: 'coins', packageId: packages[0]!.id });
    for (const chapterId of [comicChapter.id, novelChapter.id]) {
      expect((await callEndpoint(t, 'unlockChapter', { cookie: buyer.cookie, params: { chapterId } })).status).toBe(200);
    }

    for (const url of [...comicRoutes(comicChapter.id), `/download/chapters/${novelChapter.id}.epub`]) {
      const answer = await get(url, buyer);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toMatch(/^private/);
      expect((await get(url)).statusCode, url).toBe(402);
    }

    // Every byte kept of the two chapters is under the chapter's own prefix, and /media gives none of it.
    const chapterIds = [comicChapter.id, novelChapter.id];
    const kept = storedKeys().filter((key) => chapterIds.some((id) => key.includes(id)));
    expect(kept.some((key) => key.endsWith('.cbz'))).toBe(true);
    expect(kept.some((key) => key.endsWith('.epub'))).toBe(true);
    expect(kept.some((key) => key.endsWith('/w60.jpg'))).toBe(true);
    for (const key of kept) {
      expect(
        chapterIds.some((id) => key.startsWith(chapterPrefix(id))),
        key,
      ).toBe(true);
      const answer = await get(`/media/${key}`);
      expect([403, 404], key).toContain(answer.statusCode);
      expect(answer.headers['cache-control'] ?? '').not.toContain('public');
    }

    // The old public addresses answer nothing, even for bytes still stored there from before.
    const [file] = await t.db.select().from(chapterFiles).where(eq(chapterFiles.chapterId, comicChapter.id));
    const [page] = await pagesOfChapter(t.db, comicChapter.id);
    const retired = [
      `downloads/${comicChapter.id}/${file!.version}.cbz`,
      `app-images/${page!.imageKey.replace(/\.webp$/, '')}/w60.jpg`,
    ];
    for (const key of retired) {
      await t.app.services.storage.put(key, Buffer.from('a copy from before'), 'application/octet-stream');
      const answer = await get(`/media/${key}`);
      expect(answer.statusCode, key).toBe(404);
      expect(answer.body).not.toContain('a copy from before');
    }
  });

  it('close the moment a rental ends: the file and the pages answer 402, with no byte of the chapter', async () => {
    const series = await buildSeries(t, { waitPassIntervalHours: 24, rentalHours: 72, waitPassExcludesNewest: 0 });
    await buildChapter(t, series.id, { number: 1, publishedAt: new Date(t.clock.now().getTime() - 2 * HOUR).toISOString() });
    const rented = await buildChapter(t, series.id, {
      number: 2,
      price: 30,
      pages: 1,
      publishedAt: new Date(t.clock.now().getTime() - HOUR).toISOString(),
    });
    const renter = await readerWithKey();
    const opened = await callEndpoint(t, 'unlockChapter', {
      cookie: renter.cookie,
      params: { chapterId: rented.id },
      body: { method: 'wait_pass' },
    });
    expect(opened.status).toBe(200);
    for (const url of comicRoutes(rented.id)) expect((await get(url, renter)).statusCode, url).toBe(200);

    t.clock.advance(72 * HOUR - 1000);
    for (const url of comicRoutes(rented.id)) expect((await get(url, renter)).statusCode, url).toBe(200);
    t.clock.advance(2000);
    for (const url of comicRoutes(rented.id)) {
      const answer = await get(url, renter);
      expect(answer.statusCode, url).toBe(402);
      expect(answer.json().error.code).toBe('chapter_locked');
    }
  });

  it('go with their chapter: deleting a chapter or its series leaves no byte of it in storage', async () => {
    const series = await buildSeries(t);
    const [one, two] = [await buildChapter(t, series.id, { pages: 1 }), await buildChapter(t, series.id, { pages: 1 })];
    for (const chapter of [one!, two!]) {
      for (const url of comicRoutes(chapter.id)) expect((await get(url)).statusCode, url).toBe(200);
      expect(storedKeys().filter((key) => key.includes(chapter.id)).length).toBeGreaterThan(2);
    }
    await t.app.services.chapters.deleteChapter(one!.id);
    expect(storedKeys().filter((key) => key.includes(one!.id))).toEqual([]);
    await t.app.services.series.deleteSeries(series.id);
    expect(storedKeys().filter((key) => key.includes(two!.id))).toEqual([]);
  });

  it('close the moment the plan that opened them is refunded', async () => {
    const series = await buildSeries(t);
    const premium = await buildChapter(t, series.id, { number: 2, price: 40, pages: 1 });
    const subscriber = await readerWithKey();
    const plan = ((await callEndpoint(t, 'plans')).body.data.items as { id: string }[])[0]!;
    const purchaseId = await pay(subscriber.cookie, { kind: 'plan', planId: plan.id });
    for (const url of comicRoutes(premium.id)) expect((await get(url, subscriber)).statusCode, url).toBe(200);

    expect((await callEndpoint(t, 'adminPurchaseRefund', { cookie: admin, params: { id: purchaseId } })).status).toBe(200);
    for (const url of comicRoutes(premium.id)) expect((await get(url, subscriber)).statusCode, url).toBe(402);
  });
});
