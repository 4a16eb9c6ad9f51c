import { ROUTES, fillPath } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, buildUser } from '../../../../test/factories';
import { createTestApp, loginAs, TEST_ORIGIN, type TestContext } from '../../../../test/helpers';
import { chapterRentals, chapterUnlocks, readingProgress } from '../../../db/schema';

/*
 * Issue 22 §3: the funnel's counts equal what the seeded progress, unlocks and rentals say.
 * Three readers of four chapters (3 and 4 for sale), all on one day.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-05-20T12:00:00Z'));
});
afterAll(async () => {
  await t?.close();
});

describe('a series funnel', () => {
  it('counts per chapter who started, finished, paid how and first, and who did not go on', async () => {
    const series = await buildSeries(t);
    const chapters: { id: string }[] = [];
    for (let number = 1; number <= 4; number += 1)
      chapters.push(await buildChapter(t, series.id, { number, price: number >= 3 ? 30 : 0 }));
    const [r1, r2, r3] = [await buildUser(t.db), await buildUser(t.db), await buildUser(t.db)];
    const now = t.clock.now();
    const place = (userId: string, n: number, completed: boolean) => ({
      userId,
      seriesId: series.id,
      chapterId: chapters[n - 1]!.id,
      page: 1,
      completed,
      readAt: now,
    });
    await t.db
      .insert(readingProgress)
      .values([
        place(r1.id, 1, true),
        place(r1.id, 2, true),
        place(r1.id, 3, true),
        place(r1.id, 4, false),
        place(r2.id, 1, true),
        place(r2.id, 2, false),
        place(r3.id, 1, false),
      ]);
    await t.db.insert(chapterUnlocks).values([
      { userId: r1.id, chapterId: chapters[2]!.id, coins: 30, createdAt: now },
      { userId: r1.id, chapterId: chapters[3]!.id, coins: 30, createdAt: new Date(now.getTime() + 1000) },
      { userId: r2.id, chapterId: chapters[3]!.id, coins: 30, createdAt: now },
    ]);
    await t.db.insert(chapterRentals).values({
      userId: r3.id,
      chapterId: chapters[2]!.id,
      seriesId: series.id,
      method: 'wait_pass',
      startsAt: now,
      endsAt: new Date(now.getTime() + 3_600_000),
    });

    const editor = await loginAs(t.app, await buildUser(t.db, { role: 'editor' }));
    const response = await t.app.inject({
      method: 'GET',
      url: `${fillPath(ROUTES.teamSeriesFunnel.path, { id: series.id })}?from=2026-05-20&to=2026-05-20`,
      headers: { origin: TEST_ORIGIN, cookie: editor },
    });
    expect(response.statusCode).toBe(200);
    const rows = response.json().data.rows;
    expect(rows.map((row: Record<string, unknown>) => ({ ...row, chapterId: undefined }))).toEqual([
      {
        chapterId: undefined,
        number: 1,
        started: 3,
        finished: 2,
        unlocksByMethod: { coins: 0, wait_pass: 0, daily_free: 0 },
        firstPaid: 0,
        dropOff: 0.333,
      },
      {
        chapterId: undefined,
        number: 2,
        started: 2,
        finished: 1,
        unlocksByMethod: { coins: 0, wait_pass: 0, daily_free: 0 },
        firstPaid: 0,
        dropOff: 0.5,
      },
      {
        chapterId: undefined,
        number: 3,
        started: 1,
        finished: 1,
        unlocksByMethod: { coins: 1, wait_pass: 1, daily_free: 0 },
        firstPaid: 1,
        dropOff: 0,
      },
      {
        chapterId: undefined,
        number: 4,
        started: 1,
        finished: 0,
        unlocksByMethod: { coins: 2, wait_pass: 0, daily_free: 0 },
        firstPaid: 1,
        dropOff: null,
      },
    ]);

    // Another day holds none of it.
    const other = await t.app.inject({
      method: 'GET',
      url: `${fillPath(ROUTES.teamSeriesFunnel.path, { id: series.id })}?from=2026-05-21&to=2026-05-21`,
      headers: { origin: TEST_ORIGIN, cookie: editor },
    });
    expect(
      other.json().data.rows.every((row: { started: number; firstPaid: number }) => row.started === 0 && row.firstPaid === 0),
    ).toBe(true);

    // A far range is told what is wrong with it (it was a server error: its end's next day is year 10000).
    const funnel = (query: string) =>
      t.app.inject({
        method: 'GET',
        url: `${fillPath(ROUTES.teamSeriesFunnel.path, { id: series.id })}${query}`,
        headers: { origin: TEST_ORIGIN, cookie: editor },
      });
    const far = await funnel('?from=9999-12-31&to=9999-12-31');
    expect(far.statusCode).toBe(400);
    expect(far.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { to: 'To must be between 2000-01-01 and 9998-12-31' },
    });
    expect((await funnel('?from=2026-05-21&to=2026-05-20')).json().error.fields).toEqual({
      from: 'From must be on or before To',
    });
    expect((await funnel('?from=9998-12-31&to=9998-12-31')).statusCode).toBe(200);
  });
});
