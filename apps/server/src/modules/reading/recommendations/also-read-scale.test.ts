import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/sql';
import { buildSeries } from '../../../../test/factories';
import { createTestApp, type TestContext } from '../../../../test/helpers';

// Issue 39 §5: the nightly job on a catalogue's worth of reading, 2,000 readers × 50 series, each
// reader in about ten of them (three to five chapters, some only two): how long one run takes.

const READERS = 2000;
const SERIES = 50;
const CHAPTERS = 5;

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  const made: string[] = [];
  for (let i = 0; i < SERIES; i += 1) made.push((await buildSeries(t, { type: 'novel', title: `Scale ${i} ${Date.now()}` })).id);
  await t.db.execute(sql`
    insert into chapters (series_id, number, slug, title, published_at)
    select s.id, n, 'chapter-' || n, 'Chapter ' || n, now() - interval '1 day'
    from unnest(${sql.raw(`array[${made.map((id) => `'${id}'::uuid`).join(',')}]`)}) as s(id), generate_series(1, ${CHAPTERS}) n`);
  await t.db.execute(sql`
    insert into users (email, username, password_hash)
    select 'scale' || i || '@example.com', 'scale_' || i, 'x' from generate_series(1, ${READERS}) i`);
  // Reader i reads series j when a hash of the two says so (one in five: about ten series each), in 1 to 5 chapters.
  await t.db.execute(sql`
    insert into reading_progress (user_id, chapter_id, series_id)
    select u.id, c.id, c.series_id
    from (select id, row_number() over (order by id) as i from users where email like 'scale%') u
    join (select id, row_number() over (order by id) as j from series where title like 'Scale %') s on mod(abs(hashtext(u.i || ':' || s.j)::bigint), 5) = 0
    join chapters c on c.series_id = s.id and c.number <= 1 + mod(abs(hashtext(s.j || ':' || u.i)::bigint), 5)`);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the also-read job at scale', () => {
  it('computes 2,000 readers × 50 series in a few seconds at most', async () => {
    const [{ progress }] = rowsOf<{ progress: number }>(
      await t.db.execute(sql`select count(*)::int as progress from reading_progress`),
    ) as [{ progress: number }];
    const started = performance.now();
    const pairs = await t.app.services.recommendations.computeAlsoRead();
    const ms = Math.round(performance.now() - started);
    console.info(`also-read: ${READERS} readers × ${SERIES} series, ${progress} places → ${pairs} pairs in ${ms} ms`);
    expect(pairs).toBeGreaterThan(0);
    expect(ms).toBeLessThan(30_000);
  }, 60_000);
});
