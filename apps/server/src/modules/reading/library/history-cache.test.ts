import { seriesPatchSchema, type EndpointName } from '@inkwell/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildChapter, buildSeries, signedInUser } from '../../../../test/factories';
import {
  callEndpoint,
  createTestApp,
  type EndpointCall,
  type SecondInstance,
  startSecondInstance,
  type TestContext,
} from '../../../../test/helpers';
import type { App } from '../../../app';
import { libraryVersions, readingProgress, series as seriesTable, users } from '../../../db/schema';
import { HISTORY_CACHE_MS } from './library.service';

/*
 * A reader's history and Continue row are kept per instance under their library version
 * (decision 0031): the reader's own changes, through any path or instance, show at once; the
 * catalogue's within HISTORY_CACHE_MS.
 */

const target = inject('testDatabase');
let t: TestContext;
let other: SecondInstance | undefined;

beforeAll(async () => {
  t = await createTestApp();
  if (target.kind === 'postgres') other = await startSecondInstance(t);
}, 60_000);
afterAll(async () => {
  await other?.close();
  await t?.close();
});

/** The data of a call that must succeed, on this instance or the other. */
async function dataOf(app: App, name: EndpointName, cookie: string, options: EndpointCall = {}) {
  const answer = await callEndpoint({ app }, name, { ...options, cookie });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

async function seriesOf(n: number) {
  const series = await buildSeries(t);
  const chapters = [];
  for (let number = 1; number <= n; number += 1) chapters.push(await buildChapter(t, series.id, { number }));
  return { series, chapters };
}

const chapterIdsOf = (data: { items: { chapter: { id: string } }[] }) => data.items.map((item) => item.chapter.id);
const versionOf = async (userId: string) =>
  (await t.db.select().from(libraryVersions).where(eq(libraryVersions.userId, userId)))[0]?.version ?? 0;

describe('a reader’s kept history', () => {
  it('moves the reader’s library version with every change of their progress, whoever writes it', async () => {
    const { user, cookie } = await signedInUser(t);
    const { chapters } = await seriesOf(3);
    expect(await versionOf(user.id)).toBe(0);
    await dataOf(t.app, 'progressSave', cookie, { params: { chapterId: chapters[0]!.id }, body: { page: 1 } });
    const first = await versionOf(user.id);
    expect(first).toBeGreaterThan(0);
    // An update in place, a change made outside the service, and a delete each move it.
    await dataOf(t.app, 'progressSave', cookie, { params: { chapterId: chapters[0]!.id }, body: { page: 2 } });
    const second = await versionOf(user.id);
    expect(second).toBeGreaterThan(first);
    await t.db.update(readingProgress).set({ inHistory: false }).where(eq(readingProgress.userId, user.id));
    const third = await versionOf(user.id);
    expect(third).toBeGreaterThan(second);
    await t.db.delete(readingProgress).where(eq(readingProgress.userId, user.id));
    expect(await versionOf(user.id)).toBeGreaterThan(third);
    // A statement that changes nothing leaves it alone; another reader's changes never touch it.
    const settled = await versionOf(user.id);
    await t.db
      .update(readingProgress)
      .set({ page: 3 })
      .where(and(eq(readingProgress.userId, user.id), sql`false`));
    const { cookie: otherCookie } = await signedInUser(t);
    await dataOf(t.app, 'progressSave', otherCookie, { params: { chapterId: chapters[1]!.id }, body: { page: 1 } });
    expect(await versionOf(user.id)).toBe(settled);
  });

  it('shows the reader’s own reading at once, even a change made behind the service’s back', async () => {
    const { user, cookie } = await signedInUser(t);
    const { chapters } = await seriesOf(3);
    await dataOf(t.app, 'progressSave', cookie, { params: { chapterId: chapters[0]!.id }, body: { page: 1 } });
    expect(chapterIdsOf(await dataOf(t.app, 'history', cookie))).toEqual([chapters[0]!.id]);
    expect(chapterIdsOf(await dataOf(t.app, 'history', cookie, { query: '?by=series' }))).toEqual([chapters[0]!.id]);
    t.clock.advance(1000);
    await dataOf(t.app, 'progressSave', cookie, { params: { chapterId: chapters[1]!.id }, body: { page: 1 } });
    expect(chapterIdsOf(await dataOf(t.app, 'history', cookie))).toEqual([chapters[1]!.id, chapters[0]!.id]);
    expect(chapterIdsOf(await dataOf(t.app, 'history', cookie, { query: '?by=series' }))).toEqual([chapters[1]!.id]);
    // The clock stands still: only the version can tell the kept copy is old.
    await t.db
      .delete(readingProgress)
      .where(and(eq(readingProgress.userId, user.id), eq(readingProgress.chapterId, chapters[1]!.id)));
    expect(chapterIdsOf(await dataOf(t.app, 'history', cookie))).toEqual([chapters[0]!.id]);
  });

  it('lets a reader with reading progress be deleted (their version goes with them)', async () => {
    const { user, cookie } = await signedInUser(t);
    const { chapters } = await seriesOf(1);
    await dataOf(t.app, 'progressSave', cookie, { params: { chapterId: chapters[0]!.id }, body: { page: 1 } });
    const { user: untouched } = await signedInUser(t);
    await t.db
      .insert(readingProgress)
      .values({ userId: untouched.id, chapterId: chapters[0]!.id, seriesId: chapters[0]!.seriesId });
    // One never written since this table came: no version row to start from.
    await t.db.delete(libraryVersions).where(eq(libraryVersions.userId, untouched.id));
    await t.db.delete(users).where(inArray(users.id, [user.id, untouched.id]));
    expect(
      await t.db
        .select()
        .from(readingProgress)
        .where(inArray(readingProgress.userId, [user.id, untouched.id])),
    ).toEqual([]);
    expect(await versionOf(user.id)).toBe(0);
  });

  it('drops this instance’s copies at a team change through the app', async () => {
    const { cookie } = await signedInUser(t);
    const { series, chapters } = await seriesOf(1);
    await dataOf(t.app, 'progressSave', cookie, { params: { chapterId: chapters[0]!.id }, body: { page: 1 } });
    expect(chapterIdsOf(await dataOf(t.app, 'history', cookie))).toEqual([chapters[0]!.id]);
    await t.app.services.series.updateSeries(series.id, seriesPatchSchema.parse({ isPublished: false }));
    expect(chapterIdsOf(await dataOf(t.app, 'history', cookie))).toEqual([]);
  });

  it('shows the catalogue’s changes once its time has passed, not before (the copy is kept)', async () => {
    const { cookie } = await signedInUser(t);
    const { series, chapters } = await seriesOf(1);
    await dataOf(t.app, 'progressSave', cookie, { params: { chapterId: chapters[0]!.id }, body: { page: 1 } });
    expect(chapterIdsOf(await dataOf(t.app, 'history', cookie))).toEqual([chapters[0]!.id]);
    await t.db.update(seriesTable).set({ isPublished: false }).where(eq(seriesTable.id, series.id));
    expect(chapterIdsOf(await dataOf(t.app, 'history', cookie))).toEqual([chapters[0]!.id]);
    t.clock.advance(HISTORY_CACHE_MS);
    expect(chapterIdsOf(await dataOf(t.app, 'history', cookie))).toEqual([]);
  });

  it.skipIf(target.kind !== 'postgres')(
    'on two instances, reading saved through one shows at once through the other',
    async () => {
      const { cookie } = await signedInUser(t);
      const { chapters } = await seriesOf(2);
      await dataOf(t.app, 'progressSave', cookie, { params: { chapterId: chapters[0]!.id }, body: { page: 1 } });
      // The other instance keeps its copy…
      expect(chapterIdsOf(await dataOf(other!.app, 'history', cookie, { query: '?by=series' }))).toEqual([chapters[0]!.id]);
      // …and the reader moves on through this one a second later, well inside that copy's time.
      t.clock.advance(1000);
      await dataOf(t.app, 'progressSave', cookie, { params: { chapterId: chapters[1]!.id }, body: { page: 1 } });
      const continueRow = await dataOf(other!.app, 'history', cookie, { query: '?by=series' });
      expect(chapterIdsOf(continueRow)).toEqual([chapters[1]!.id]);
    },
  );
});
