import { fillPath, ROUTES } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { type App } from '../../../app';
import { chapters as chaptersTable } from '../../../db/schema';
import { buildChapter, buildSeries, buildUser } from '../../../../test/factories';
import { buildFollowers, mailsTo, noticesOf, withPassword } from '../../../../test/followers';
import { createTestApp, loginAs, startSecondInstance, TEST_ORIGIN, type TestContext } from '../../../../test/helpers';

let t: TestContext;
let editorCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  editorCookie = await loginAs(t.app, await buildUser(t.db, { role: 'editor' }));
});
afterAll(async () => {
  await t?.close();
});

/** Novels, so a chapter has something to read when it is created published (issue 33 §5). */
const NOVEL = { type: 'novel' } as const;
const TEXT = '<p>The storm came in at night.</p>';

const iso = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs).toISOString();

/** The team's own calls, as the chapter editor makes them. */
async function createChapter(app: App, seriesId: string, body: Record<string, unknown>) {
  const response = await app.inject({
    method: 'POST',
    url: fillPath(ROUTES.teamChapterCreate.path, { id: seriesId }),
    headers: { cookie: editorCookie, origin: TEST_ORIGIN },
    payload: { content: TEXT, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; slug: string };
}
async function updateChapter(id: string, body: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'PATCH',
    url: fillPath(ROUTES.teamChapterUpdate.path, { id }),
    headers: { cookie: editorCookie, origin: TEST_ORIGIN },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Every follower has exactly one notice of the chapter, and nobody else has any. */
async function expectOneNoticeEach(chapterId: string, followers: { id: string }[]) {
  const notices = await noticesOf(t.db, chapterId);
  expect(notices.size).toBe(followers.length);
  for (const follower of followers) expect(notices.get(follower.id)).toBe(1);
}

describe('a released chapter notifies its series’ followers once (issue 9 §2)', () => {
  it('published now: each follower gets one notice linking to the chapter, nobody else', async () => {
    const series = await buildSeries(t, { ...NOVEL, title: 'The Glass Orchard' });
    const other = await buildSeries(t, NOVEL);
    const followers = await buildFollowers(t.db, series.id, 5);
    const strangers = await buildFollowers(t.db, other.id, 2);

    const chapter = await createChapter(t.app, series.id, { number: 12, title: 'The Storm', publishedAt: iso(-1000) });
    await t.app.services.jobs.drain();

    await expectOneNoticeEach(chapter.id, followers);
    const reader = followers[0]!;
    const cookie = await loginAs(t.app, await withPassword(t.db, reader.id));
    const list = await t.app.inject({
      method: 'GET',
      url: `${ROUTES.notifications.path}?limit=10&offset=0`,
      headers: { cookie },
    });
    expect(list.json().data.notifications[0]).toMatchObject({
      title: 'New chapter of The Glass Orchard',
      description: 'Chapter 12: The Storm is out now',
      link: `/SeriesView/${series.slug}/${chapter.slug}`,
      is_read: false,
    });
    for (const stranger of strangers) expect((await noticesOf(t.db, chapter.id)).has(stranger.id)).toBe(false);
  });

  it('editing a published chapter, or running its fan-out again, notifies nobody again', async () => {
    const series = await buildSeries(t, NOVEL);
    const followers = await buildFollowers(t.db, series.id, 4);
    const chapter = await createChapter(t.app, series.id, { number: 1, publishedAt: iso(-1000) });
    await t.app.services.jobs.drain();

    await updateChapter(chapter.id, { title: 'Renamed', publishedAt: iso(-500) });
    await t.app.services.publishing.publishDue();
    // A retried job (a worker that died after its commit) adds nothing.
    await t.app.services.newChapterNotices.fanOut(chapter.id);
    await t.app.services.jobs.drain();
    await expectOneNoticeEach(chapter.id, followers);
  });

  it('a draft notifies nobody; publishing it later notifies once', async () => {
    const series = await buildSeries(t, NOVEL);
    const followers = await buildFollowers(t.db, series.id, 3);
    const draft = await createChapter(t.app, series.id, { number: 2, publishedAt: null });
    await updateChapter(draft.id, { title: 'Still a draft' });
    t.clock.advance(60_000);
    await t.app.services.publishing.publishDue();
    await t.app.services.jobs.drain();
    expect((await noticesOf(t.db, draft.id)).size).toBe(0);

    await updateChapter(draft.id, { publishedAt: iso(0) });
    await t.app.services.jobs.drain();
    await expectOneNoticeEach(draft.id, followers);
  });

  it('a scheduled chapter notifies when its time comes, not before', async () => {
    const series = await buildSeries(t, NOVEL);
    const followers = await buildFollowers(t.db, series.id, 3);
    const scheduled = await createChapter(t.app, series.id, { number: 3, publishedAt: iso(5 * 60_000) });
    await t.app.services.publishing.publishDue();
    await t.app.services.jobs.drain();
    expect((await noticesOf(t.db, scheduled.id)).size).toBe(0);

    t.clock.advance(5 * 60_000 + 1000);
    await t.app.services.publishing.publishDue();
    await t.app.services.jobs.drain();
    await expectOneNoticeEach(scheduled.id, followers);
  });

  it('a big series’ followers, shared out in parts, are each notified once', async () => {
    const series = await buildSeries(t, NOVEL);
    const followers = await buildFollowers(t.db, series.id, 60);
    const chapter = await buildChapter(t, series.id, { content: TEXT, number: 1, publishedAt: null });
    await t.app.services.chapters.updateChapter(chapter.id, { publishedAt: iso(-1000) });
    await t.app.services.jobs.drain();
    expect((await noticesOf(t.db, chapter.id)).size).toBe(60); // one part: fewer than 50,000 followers

    const next = await buildChapter(t, series.id, { content: TEXT, number: 2, publishedAt: null });
    const { newChapterNotices } = t.app.services;
    // Released without its jobs (as if claimed elsewhere), then fanned out in three parts, one twice.
    await t.db
      .update(chaptersTable)
      .set({ publishedAt: t.clock.now(), announcedAt: t.clock.now() })
      .where(eq(chaptersTable.id, next.id));
    await newChapterNotices.fanOut(next.id, { part: 1, parts: 3 });
    const partial = (await noticesOf(t.db, next.id)).size;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(60);
    await Promise.all([0, 1, 2, 2].map((part) => newChapterNotices.fanOut(next.id, { part, parts: 3 })));
    await expectOneNoticeEach(next.id, followers);
  });

  it('a chapter taken back to draft before its fan-out ran, or of an unpublished series, notifies nobody', async () => {
    const hidden = await buildSeries(t, { ...NOVEL, isPublished: false });
    await buildFollowers(t.db, hidden.id, 2);
    const inHidden = await buildChapter(t, hidden.id, { content: TEXT, number: 1 });
    await t.app.services.jobs.drain();
    expect((await noticesOf(t.db, inHidden.id)).size).toBe(0);

    const series = await buildSeries(t, NOVEL);
    await buildFollowers(t.db, series.id, 2);
    const chapter = await buildChapter(t, series.id, { content: TEXT, number: 1, publishedAt: null });
    // Claimed, then taken back to draft before its job ran.
    await t.db.update(chaptersTable).set({ announcedAt: t.clock.now() }).where(eq(chaptersTable.id, chapter.id));
    await t.app.services.newChapterNotices.fanOut(chapter.id);
    expect((await noticesOf(t.db, chapter.id)).size).toBe(0);
  });
});

const target = inject('testDatabase');
describe.skipIf(target.kind !== 'postgres')('two instances on one PostgreSQL database', () => {
  let second: App;
  let closeSecond: () => Promise<void>;
  beforeAll(async () => {
    // A second app instance on the same database, with its own pool and its own job workers, as another process would be.
    const instance = await startSecondInstance(t, { jobs: { pollingIntervalSeconds: 0.5 } });
    second = instance.app;
    closeSecond = instance.close;
  });
  afterAll(async () => {
    await closeSecond?.();
  });
  const drainBoth = () => Promise.all([t.app.services.jobs.drain(), second.services.jobs.drain()]);

  it('a chapter published now, while the other instance ticks, notifies each follower once and mails each once', async () => {
    const series = await buildSeries(t, NOVEL);
    const followers = await buildFollowers(t.db, series.id, 300);
    const mailed = await buildFollowers(t.db, series.id, 20, 'instant');
    const [chapter] = await Promise.all([
      createChapter(t.app, series.id, { number: 1, publishedAt: iso(-1000) }),
      second.services.publishing.publishDue(),
      second.services.publishing.publishDue(),
    ]);
    await Promise.all([t.app.services.publishing.publishDue(), second.services.publishing.publishDue()]);
    await drainBoth();
    // Both instances run the job again, as two retries racing would.
    await Promise.all([
      t.app.services.newChapterNotices.fanOut(chapter.id),
      second.services.newChapterNotices.fanOut(chapter.id),
    ]);
    await drainBoth();

    await expectOneNoticeEach(chapter.id, [...followers, ...mailed]);
    const outbox = await mailsTo(
      t.db,
      mailed.map((reader) => reader.email),
    );
    expect(outbox).toEqual(new Map(mailed.map((reader) => [reader.email, 1])));
  });

  it('chapters whose scheduled time arrives, claimed by both instances at once, notify each follower once', async () => {
    const series = await buildSeries(t, NOVEL);
    const followers = await buildFollowers(t.db, series.id, 300);
    const chapters = [];
    for (let n = 1; n <= 4; n += 1)
      chapters.push(await createChapter(t.app, series.id, { number: n, publishedAt: iso(120_000) }));
    t.clock.advance(121_000);
    await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? t.app : second).services.publishing.publishDue()));
    await drainBoth();
    for (const chapter of chapters) await expectOneNoticeEach(chapter.id, followers);
  });
});
