import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildChapter, buildSeries, buildUser, signedInUser } from '../../../../test/factories';
import { noticesOf } from '../../../../test/followers';
import { callEndpoint, createTestApp, loginAs, startSecondInstance, type TestContext } from '../../../../test/helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;
const iso = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs).toISOString();

/** An early-access chapter: out, 30 coins, free in `freeInMs`. */
async function earlyAccessChapter(freeInMs = 2 * HOUR, overrides: { isPublished?: boolean } = {}) {
  const series = await buildSeries(t, { title: 'Ashen Tides', ...overrides });
  const chapter = await buildChapter(t, series.id, { number: 7, title: 'Low Water', price: 30, freeAt: iso(freeInMs) });
  return { series, chapter };
}

describe('notify me when free (issue 9 §2)', () => {
  it('a reader asks on an early-access chapter and gets one notice when it turns free', async () => {
    const { series, chapter } = await earlyAccessChapter();
    const { user, cookie } = await signedInUser(t);
    const bystander = await signedInUser(t);

    expect((await callEndpoint(t, 'notifyWhenFree', { params: { chapterId: chapter.id }, cookie })).body.data).toEqual({
      chapterId: chapter.id,
      notify: false,
    });
    const asked = await callEndpoint(t, 'notifyWhenFreeAdd', { params: { chapterId: chapter.id }, cookie });
    expect(asked.status).toBe(200);
    expect(asked.body.data).toEqual({ chapterId: chapter.id, notify: true });
    expect((await callEndpoint(t, 'notifyWhenFreeAdd', { params: { chapterId: chapter.id }, cookie })).status).toBe(200); // idempotent
    expect((await callEndpoint(t, 'notifyWhenFree', { params: { chapterId: chapter.id }, cookie })).body.data.notify).toBe(true);
    expect(
      (await callEndpoint(t, 'notifyWhenFree', { params: { chapterId: chapter.id }, cookie: bystander.cookie })).body.data.notify,
    ).toBe(false);

    t.clock.advance(HOUR);
    await t.app.services.freeAlerts.notifyFreed();
    expect((await noticesOf(t.db, chapter.id, 'chapter_free')).size).toBe(0);
    t.clock.advance(HOUR + 1000);
    await t.app.services.freeAlerts.notifyFreed();
    await t.app.services.freeAlerts.notifyFreed();

    expect(await noticesOf(t.db, chapter.id, 'chapter_free')).toEqual(new Map([[user.id, 1]]));
    const list = await callEndpoint(t, 'notifications', { cookie, query: '?limit=10&offset=0' });
    expect(list.body.data.notifications[0]).toMatchObject({
      title: 'Free now: Ashen Tides',
      description: 'Chapter 7: Low Water is free to read',
      link: `/SeriesView/${series.slug}/${chapter.slug}`,
    });
    // Once notified, the alert is done.
    expect((await callEndpoint(t, 'notifyWhenFree', { params: { chapterId: chapter.id }, cookie })).body.data.notify).toBe(false);
  });

  it('a reader who changed their mind gets nothing', async () => {
    const { chapter } = await earlyAccessChapter(HOUR);
    const { cookie } = await signedInUser(t);
    await callEndpoint(t, 'notifyWhenFreeAdd', { params: { chapterId: chapter.id }, cookie });
    const removed = await callEndpoint(t, 'notifyWhenFreeRemove', { params: { chapterId: chapter.id }, cookie });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ chapterId: chapter.id, notify: false });
    expect((await callEndpoint(t, 'notifyWhenFreeRemove', { params: { chapterId: chapter.id }, cookie })).status).toBe(200); // idempotent
    t.clock.advance(HOUR + 1000);
    await t.app.services.freeAlerts.notifyFreed();
    expect((await noticesOf(t.db, chapter.id, 'chapter_free')).size).toBe(0);
  });

  it('the team making the chapter free early (price 0) notifies too', async () => {
    const { chapter } = await earlyAccessChapter(24 * HOUR);
    const { user, cookie } = await signedInUser(t);
    await callEndpoint(t, 'notifyWhenFreeAdd', { params: { chapterId: chapter.id }, cookie });
    await t.app.services.chapters.updateChapter(chapter.id, { price: 0, freeAt: null });
    await t.app.services.freeAlerts.notifyFreed();
    expect(await noticesOf(t.db, chapter.id, 'chapter_free')).toEqual(new Map([[user.id, 1]]));
  });

  it('refuses chapters that are not in early access, unseen chapters, bad ids and visitors', async () => {
    const { cookie } = await signedInUser(t);
    const series = await buildSeries(t);
    const free = await buildChapter(t, series.id, { number: 1 });
    const premium = await buildChapter(t, series.id, { number: 2, price: 10 });
    const draft = await buildChapter(t, series.id, { number: 3, price: 10, freeAt: iso(HOUR), publishedAt: null });
    const scheduled = await buildChapter(t, series.id, { number: 4, price: 10, freeAt: iso(2 * HOUR), publishedAt: iso(HOUR) });
    const { chapter: inHiddenSeries } = await earlyAccessChapter(HOUR, { isPublished: false });

    for (const [chapter, message] of [
      [free, 'already free'],
      [premium, 'not in early access'],
    ] as const) {
      const response = await callEndpoint(t, 'notifyWhenFreeAdd', { params: { chapterId: chapter.id }, cookie });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('validation_failed');
      expect(response.body.message).toContain(message);
    }
    for (const chapter of [draft, scheduled, inHiddenSeries, { id: '00000000-0000-4000-8000-000000000000' }]) {
      const response = await callEndpoint(t, 'notifyWhenFreeAdd', { params: { chapterId: chapter.id }, cookie });
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('chapter_not_found');
    }
    expect((await callEndpoint(t, 'notifyWhenFreeAdd', { params: { chapterId: 'not-a-uuid' }, cookie })).status).toBe(400);
    expect((await callEndpoint(t, 'notifyWhenFreeAdd', { params: { chapterId: free.id } })).status).toBe(401);
    expect((await callEndpoint(t, 'notifyWhenFreeRemove', { params: { chapterId: free.id } })).status).toBe(401);
    expect((await callEndpoint(t, 'notifyWhenFree', { params: { chapterId: free.id } })).status).toBe(401);
  });

  it('editors and admins may ask as readers do', async () => {
    const { chapter } = await earlyAccessChapter(HOUR);
    for (const role of ['editor', 'admin'] as const) {
      const cookie = await loginAs(t.app, await buildUser(t.db, { role }));
      expect((await callEndpoint(t, 'notifyWhenFreeAdd', { params: { chapterId: chapter.id }, cookie })).status).toBe(200);
    }
  });
});

const target = inject('testDatabase');
describe.skipIf(target.kind !== 'postgres')('two instances on one PostgreSQL database', () => {
  it('notify each reader once when both instances run the schedule at once', async () => {
    const { chapter } = await earlyAccessChapter(HOUR);
    const readers = await Promise.all(Array.from({ length: 6 }, () => signedInUser(t)));
    for (const { cookie } of readers) await callEndpoint(t, 'notifyWhenFreeAdd', { params: { chapterId: chapter.id }, cookie });
    t.clock.advance(HOUR + 1000);

    const { app: second, close } = await startSecondInstance(t);
    try {
      await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? t.app : second).services.freeAlerts.notifyFreed()));
      expect(await noticesOf(t.db, chapter.id, 'chapter_free')).toEqual(new Map(readers.map(({ user }) => [user.id, 1])));
    } finally {
      await close();
    }
  });
});
