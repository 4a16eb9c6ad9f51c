import { fillPath, ROUTES } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildChapter, buildSeries, buildUser } from '../../../test/factories';
import { noticesOf } from '../../../test/followers';
import { createTestApp, loginAs, startSecondInstance, TEST_ORIGIN, type TestContext } from '../../../test/helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;
const iso = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs).toISOString();
const path = (chapterId: string) => fillPath(ROUTES.notifyWhenFreeAdd.path, { chapterId });

async function call(method: 'GET' | 'PUT' | 'DELETE', chapterId: string, cookie?: string) {
  return t.app.inject({ method, url: path(chapterId), headers: { ...(cookie ? { cookie } : {}), origin: TEST_ORIGIN } });
}

/** An early-access chapter: out, 30 coins, free in `freeInMs`. */
async function earlyAccessChapter(freeInMs = 2 * HOUR, overrides: { isPublished?: boolean } = {}) {
  const series = await buildSeries(t, { title: 'Ashen Tides', ...overrides });
  const chapter = await buildChapter(t, series.id, { number: 7, title: 'Low Water', price: 30, freeAt: iso(freeInMs) });
  return { series, chapter };
}

async function reader() {
  const user = await buildUser(t.db);
  return { user, cookie: await loginAs(t.app, user) };
}

describe('notify me when free (issue 9 §2)', () => {
  it('a reader asks on an early-access chapter and gets one notice when it turns free', async () => {
    const { series, chapter } = await earlyAccessChapter();
    const { user, cookie } = await reader();
    const bystander = await reader();

    expect((await call('GET', chapter.id, cookie)).json().data).toEqual({ chapterId: chapter.id, notify: false });
    const asked = await call('PUT', chapter.id, cookie);
    expect(asked.statusCode).toBe(200);
    expect(asked.json().data).toEqual({ chapterId: chapter.id, notify: true });
    expect((await call('PUT', chapter.id, cookie)).statusCode).toBe(200); // idempotent
    expect((await call('GET', chapter.id, cookie)).json().data.notify).toBe(true);
    expect((await call('GET', chapter.id, bystander.cookie)).json().data.notify).toBe(false);

    t.clock.advance(HOUR);
    await t.app.services.freeAlerts.notifyFreed();
    expect((await noticesOf(t.db, chapter.id, 'chapter_free')).size).toBe(0);
    t.clock.advance(HOUR + 1000);
    await t.app.services.freeAlerts.notifyFreed();
    await t.app.services.freeAlerts.notifyFreed();

    expect(await noticesOf(t.db, chapter.id, 'chapter_free')).toEqual(new Map([[user.id, 1]]));
    const list = await t.app.inject({
      method: 'GET',
      url: `${ROUTES.notifications.path}?limit=10&offset=0`,
      headers: { cookie },
    });
    expect(list.json().data.notifications[0]).toMatchObject({
      title: 'Free now: Ashen Tides',
      description: 'Chapter 7: Low Water is free to read',
      link: `/SeriesView/${series.slug}/${chapter.slug}`,
    });
    // Once notified, the alert is done.
    expect((await call('GET', chapter.id, cookie)).json().data.notify).toBe(false);
  });

  it('a reader who changed their mind gets nothing', async () => {
    const { chapter } = await earlyAccessChapter(HOUR);
    const { cookie } = await reader();
    await call('PUT', chapter.id, cookie);
    const removed = await call('DELETE', chapter.id, cookie);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toEqual({ chapterId: chapter.id, notify: false });
    expect((await call('DELETE', chapter.id, cookie)).statusCode).toBe(200); // idempotent
    t.clock.advance(HOUR + 1000);
    await t.app.services.freeAlerts.notifyFreed();
    expect((await noticesOf(t.db, chapter.id, 'chapter_free')).size).toBe(0);
  });

  it('the team making the chapter free early (price 0) notifies too', async () => {
    const { chapter } = await earlyAccessChapter(24 * HOUR);
    const { user, cookie } = await reader();
    await call('PUT', chapter.id, cookie);
    await t.app.services.chapters.updateChapter(chapter.id, { price: 0, freeAt: null });
    await t.app.services.freeAlerts.notifyFreed();
    expect(await noticesOf(t.db, chapter.id, 'chapter_free')).toEqual(new Map([[user.id, 1]]));
  });

  it('refuses chapters that are not in early access, unseen chapters, bad ids and visitors', async () => {
    const { cookie } = await reader();
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
      const response = await call('PUT', chapter.id, cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
      expect(response.json().message).toContain(message);
    }
    for (const chapter of [draft, scheduled, inHiddenSeries, { id: '00000000-0000-4000-8000-000000000000' }]) {
      const response = await call('PUT', chapter.id, cookie);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('chapter_not_found');
    }
    expect((await call('PUT', 'not-a-uuid', cookie)).statusCode).toBe(400);
    expect((await call('PUT', free.id)).statusCode).toBe(401);
    expect((await call('DELETE', free.id)).statusCode).toBe(401);
    expect((await call('GET', free.id)).statusCode).toBe(401);
  });

  it('editors and admins may ask as readers do', async () => {
    const { chapter } = await earlyAccessChapter(HOUR);
    for (const role of ['editor', 'admin'] as const) {
      const cookie = await loginAs(t.app, await buildUser(t.db, { role }));
      expect((await call('PUT', chapter.id, cookie)).statusCode).toBe(200);
    }
  });
});

const target = inject('testDatabase');
describe.skipIf(target.kind !== 'postgres')('two instances on one PostgreSQL database', () => {
  it('notify each reader once when both instances run the schedule at once', async () => {
    const { chapter } = await earlyAccessChapter(HOUR);
    const readers = await Promise.all(Array.from({ length: 6 }, () => reader()));
    for (const { cookie } of readers) await call('PUT', chapter.id, cookie);
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
