import { ADULT_GATE_COOKIE } from '@inkwell/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { rowsOf } from '../../../db/sql';
import { buildChapter, buildSeries, buildUser, signedInUser, teamOf } from '../../../../test/factories';
import { callEndpoint, createTestApp, eventually, startSecondInstance, type TestContext } from '../../../../test/helpers';

// Issue 39 §5: "readers also read". A reader reads a series with a place in three of its chapters;
// a pair shows only when five readers share it; adult series follow the gate; a series without
// pairs gets its genres' series ("More like this"); the nightly job writes once across instances
// and every instance drops its kept answers when it does.

let t: TestContext;
const chaptersOf = new Map<string, string[]>();
let genreId: string;

async function series(overrides: Parameters<typeof buildSeries>[1] = {}) {
  const made = await buildSeries(t, { type: 'novel', genreIds: [genreId], ...overrides });
  const ids: string[] = [];
  for (let number = 1; number <= 3; number += 1) {
    ids.push((await buildChapter(t, made.id, { number, content: `<p>Chapter ${number}.</p>` })).id);
  }
  chaptersOf.set(made.id, ids);
  return made;
}

/** `readers` new readers, each with a place in the first `chapters` chapters of every one of these series. */
async function readersOf(seriesIds: string[], readers: number, chapters = 3) {
  for (let i = 0; i < readers; i += 1) {
    const user = await buildUser(t.db);
    for (const seriesId of seriesIds) {
      for (const chapterId of chaptersOf.get(seriesId)!.slice(0, chapters)) {
        await t.db.execute(
          sql`insert into reading_progress (user_id, chapter_id, series_id, position) values (${user.id}, ${chapterId}, ${seriesId}, 0.5)`,
        );
      }
    }
  }
}

/** Runs the nightly job as its schedule would (a moment later each time), and waits for it. */
async function runJob() {
  t.clock.advance(60_000);
  await t.app.services.jobs.send('recommendations.also-read', {});
  t.app.services.jobs.wake('recommendations.also-read');
  await t.app.services.jobs.drain();
}

const alsoRead = async (id: string, cookie?: string) => {
  const answer = await callEndpoint(t, 'seriesAlsoRead', { params: { id }, cookie });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return {
    basis: answer.body.data.basis as string,
    ids: (answer.body.data.items as { id: string }[]).map((item) => item.id),
    cache: answer.headers['cache-control'],
  };
};

beforeAll(async () => {
  t = await createTestApp();
  genreId = (await teamOf(t).createGenre(`Mystery ${Date.now()}`)).id;
});
afterAll(async () => {
  await t?.close();
});

describe('readers also read (issue 39 §5)', () => {
  it('shows a pair five readers share, never one four share, and counts only readers of three chapters', async () => {
    const first = await series();
    const shared = await series();
    const fewReaders = await series();
    const fewChapters = await series();
    await readersOf([first.id, shared.id], 5);
    await readersOf([first.id, fewReaders.id], 4);
    // Six readers, but of two chapters of the other series: none of them reads it.
    for (let i = 0; i < 6; i += 1) {
      const user = await buildUser(t.db);
      for (const [seriesId, count] of [
        [first.id, 3],
        [fewChapters.id, 2],
      ] as const) {
        for (const chapterId of chaptersOf.get(seriesId)!.slice(0, count)) {
          await t.db.execute(
            sql`insert into reading_progress (user_id, chapter_id, series_id) values (${user.id}, ${chapterId}, ${seriesId})`,
          );
        }
      }
    }
    await runJob();

    expect(await alsoRead(first.id)).toMatchObject({ basis: 'readers', ids: [shared.id], cache: 'public, max-age=60' });
    expect(await alsoRead(shared.id)).toMatchObject({ basis: 'readers', ids: [first.id] });
    const stored = rowsOf<{ readers: number }>(
      await t.db.execute(sql`select readers from series_also_read where series_id = ${first.id}`),
    );
    expect(stored).toEqual([{ readers: 5 }]);
    // The pair four readers share is nowhere, in either direction.
    const [{ count }] = rowsOf<{ count: number }>(
      await t.db.execute(
        sql`select count(*)::int as count from series_also_read where ${fewReaders.id} in (series_id, other_series_id) or ${fewChapters.id} in (series_id, other_series_id)`,
      ),
    ) as [{ count: number }];
    expect(count).toBe(0);
  });

  it('ranks by readers and hides adult series from a viewer who has not passed the gate', async () => {
    const first = await series();
    const most = await series();
    const adult = await series({ isAdult: true });
    await readersOf([first.id, most.id], 7);
    await readersOf([first.id, adult.id], 6);
    await runJob();
    const optedIn = (await signedInUser(t)).cookie;
    expect((await callEndpoint(t, 'preferencesUpdate', { cookie: optedIn, body: { showAdult: true } })).status).toBe(200);
    const reader = (await signedInUser(t)).cookie;

    expect((await alsoRead(first.id)).ids).toEqual([most.id]);
    expect((await alsoRead(first.id, reader)).ids).toEqual([most.id]);
    const adultReader = await alsoRead(first.id, optedIn);
    expect(adultReader).toMatchObject({ ids: [most.id, adult.id], cache: 'private, no-cache' });
    expect((await alsoRead(first.id, `${ADULT_GATE_COOKIE}=1`)).ids).toEqual([most.id, adult.id]);
    // The adult series' own list is behind its gate.
    expect((await callEndpoint(t, 'seriesAlsoRead', { params: { id: adult.id } })).status).toBe(403);
    expect((await alsoRead(adult.id, optedIn)).ids).toEqual([first.id]);
  });

  it('falls back to published series of the same genres, most viewed first, on a cold start', async () => {
    const genre = (await teamOf(t).createGenre(`Cold ${Date.now()}`)).id;
    const fresh = await series({ genreIds: [genre] });
    const popular = await series({ genreIds: [genre, genreId] });
    const quiet = await series({ genreIds: [genre] });
    const hidden = await series({ genreIds: [genre], isPublished: false });
    const adult = await series({ genreIds: [genre], isAdult: true });
    const elsewhere = await series({ genreIds: [] });
    await t.db.execute(sql`update series set views = 900 where id = ${popular.id}`);
    await t.db.execute(sql`update series set views = 5 where id = ${quiet.id}`);
    t.app.services.catalogue.invalidate();

    const answer = await alsoRead(fresh.id);
    expect(answer).toMatchObject({ basis: 'genres', ids: [popular.id, quiet.id] });
    for (const left of [hidden.id, adult.id, elsewhere.id]) expect(answer.ids).not.toContain(left);
    expect((await callEndpoint(t, 'seriesAlsoRead', { params: { id: hidden.id } })).status).toBe(404);
    expect((await callEndpoint(t, 'seriesAlsoRead', { params: { id: '00000000-0000-4000-8000-000000000000' } })).status).toBe(
      404,
    );
    expect((await callEndpoint(t, 'seriesAlsoRead', { params: { id: 'nope' } })).status).toBe(400);
  });

  it('drops its kept answers when the job writes, and when a series is unpublished', async () => {
    const first = await series();
    const other = await series();
    expect((await alsoRead(first.id)).basis).toBe('genres');
    await readersOf([first.id, other.id], 5);
    // Kept: the readers came after the answer, and the job has not run.
    expect((await alsoRead(first.id)).basis).toBe('genres');
    const heard: string[] = [];
    t.app.services.events.subscribe('also-read.computed', (event) => heard.push(event.type));
    await runJob();
    expect(heard).toEqual(['also-read.computed']);
    expect(await alsoRead(first.id)).toMatchObject({ basis: 'readers', ids: [other.id] });

    const unpublished = await callEndpoint(t, 'teamSeriesUpdate', {
      cookie: (await signedInUser(t, { role: 'editor' })).cookie,
      params: { id: other.id },
      body: { isPublished: false },
    });
    expect(unpublished.status, JSON.stringify(unpublished.body)).toBe(200);
    expect((await alsoRead(first.id)).ids).not.toContain(other.id);
  });
});

describe.skipIf(inject('testDatabase').kind !== 'postgres')('the also-read job on two instances', () => {
  it('writes one result when both run at once, and both drop their kept answers', async () => {
    const first = await series();
    const other = await series();
    await readersOf([first.id, other.id], 5);
    t.clock.advance(60_000);
    const second = await startSecondInstance(t);
    const basisOnSecond = async () =>
      (await callEndpoint({ app: second.app }, 'seriesAlsoRead', { params: { id: first.id } })).body.data.basis as string;
    try {
      // The other instance keeps its cold-start answer until the job's event reaches it.
      expect(await basisOnSecond()).toBe('genres');
      const runs = await Promise.all([
        t.app.services.recommendations.computeAlsoRead(),
        second.app.services.recommendations.computeAlsoRead(),
      ]);
      // One wrote; the other waited for it and found the table written since it started.
      expect(runs.filter((run) => run === null)).toHaveLength(1);
      const [{ pairs, runsWritten }] = rowsOf<{ pairs: number; runsWritten: number }>(
        await t.db.execute(
          sql`select count(*)::int as pairs, count(distinct computed_at)::int as "runsWritten" from series_also_read`,
        ),
      ) as [{ pairs: number; runsWritten: number }];
      expect(runsWritten).toBe(1);
      expect(pairs).toBe(runs.find((run) => run !== null));
      expect((await alsoRead(first.id)).ids).toEqual([other.id]);
      expect(await eventually(async () => (await basisOnSecond()) === 'readers', 5_000)).toBe(true);
    } finally {
      await second.close();
    }
  });
});
