import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers';
import { countKeys, listCountQuery } from './list-counts';
import { rowsOf } from './sql';

/*
 * list_counts stays exact: after users sign up, change role, are banned and go, and purchases,
 * comments and series come, change and go (one by one and several in a statement), each list's count
 * under every key is what counting the rows says.
 */
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** Each key's count, from list_counts and from the rows themselves. */
async function counts() {
  const kept = rowsOf<{ list: string; key: string; n: number }>(
    await t.db.execute(sql`select list, key, sum(n)::int as n from list_counts group by 1, 2 having sum(n) <> 0 order by 1, 2`),
  );
  const counted = rowsOf<{ list: string; key: string; n: number }>(
    await t.db.execute(sql`
      select * from (
        select 'comments' as list, '' as key, count(*)::int as n from comments having count(*) > 0
        union all select 'purchases', status || ':' || kind, count(*)::int from purchases group by 2
        union all select 'series', '', count(*)::int from series having count(*) > 0
        union all select 'users', role || ':' || is_banned::text, count(*)::int from users where deleted_at is null group by 2
      ) c order by 1, 2`),
  );
  return { kept, counted };
}

describe('list counts', () => {
  it('follow every insert, change and delete of users, purchases, comments and series', async () => {
    await t.db.execute(sql`
      insert into users (email, username, password_hash)
      select 'count' || i || '@example.com', 'count_' || i, 'x' from generate_series(1, 40) i`);
    await t.db.execute(sql`update users set role = 'editor' where username in ('count_1', 'count_2')`);
    await t.db.execute(sql`update users set is_banned = true where username like 'count_1%'`);
    // A change of something the lists do not filter on moves no count.
    await t.db.execute(sql`update users set coins = coins + 1 where username like 'count_%'`);
    await t.db.execute(sql`insert into coin_packages (name, coins, price_cents) values ('Count', 10, 99)`);
    await t.db.execute(sql`
      insert into purchases (user_id, kind, status, package_id, amount_cents, currency, coins, item_name, provider)
      select u.id, 'coins', 'pending', p.id, 99, 'usd', 10, 'Count', 'test'
      from users u, coin_packages p where u.username like 'count_%' and p.name = 'Count'`);
    await t.db.execute(sql`update purchases set status = 'paid' where item_name = 'Count' and user_id in
      (select id from users where username like 'count_2%')`);
    await t.db.execute(sql`
      insert into series (type, slug, title, is_published) values ('comic', 'counted', 'Counted', true)`);
    await t.db.execute(sql`
      insert into comments (user_id, series_id, body)
      select u.id, s.id, 'hello' from users u, series s where u.username like 'count_%' and s.slug = 'counted'`);
    expect((await counts()).kept).toEqual((await counts()).counted);

    // Going: a series' comments with it, a user with their comments and purchases.
    await t.db.execute(sql`delete from comments where user_id in (select id from users where username like 'count_3%')`);
    await t.db.execute(sql`delete from purchases where user_id in (select id from users where username = 'count_4')`);
    await t.db.execute(sql`delete from users where username = 'count_4'`);
    // A deleted account stays a row (for the accounts) but leaves the admin's list (issue 36 §3).
    await t.db.execute(sql`update users set deleted_at = now() where username in ('count_5', 'count_10')`);
    await t.db.execute(sql`update users set is_banned = false where username = 'count_10'`);
    await t.db.execute(sql`delete from series where slug = 'counted'`);
    const { kept, counted } = await counts();
    expect(kept).toEqual(counted);
    expect(kept.find((row) => row.list === 'comments')).toBeUndefined();
  });

  it("reads a list's keys as the lists ask for them", async () => {
    expect(countKeys(['reader', 'editor'], ['false'])).toEqual(['reader:false', 'editor:false']);
    const [users] = await listCountQuery(t.db, 'users', countKeys(['reader', 'editor', 'admin'], ['false', 'true']));
    const [counted] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from users where deleted_at is null`),
    );
    expect(users!.n).toBe(counted!.n);
  });
});
