import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, loginAs, type TestContext } from '../../../../test/helpers';
import { readerWithData } from '../../../../test/reader-with-data';
import { PERSONAL_DATA } from '../../../db/schema/personal-data';
import { seedDemoStore } from '../../../demo/seed-store';

// Issue 36 §3: after a deletion, no personal value of the reader remains anywhere in the database,
// and the list of personal columns kept beside the schema (db/schema/personal-data.ts) stays true.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoStore(t.db);
});
afterAll(async () => {
  await t?.close();
});

const rows = async <T>(text: string, values: unknown[] = []) => (await t.executeSql(text, values)).rows as T[];

/** Every column of every table that can hold words: text, varchar, jsonb and arrays of text, in every schema (pg-boss's too). */
async function wordColumns() {
  return rows<{ schema: string; table: string; column: string }>(
    `select c.table_schema as schema, c.table_name as "table", c.column_name as column
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where t.table_type = 'BASE TABLE'
        and c.table_schema not in ('pg_catalog', 'information_schema')
        and (c.data_type in ('text', 'character varying', 'jsonb', 'json') or c.udt_name in ('_text', '_varchar'))
      order by 1, 2, 3`,
  );
}

/** Where any of `needles` is found (any case), as `schema.table.column`. */
async function whereFound(needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const { schema, table, column } of await wordColumns()) {
    const [hit] = await rows<{ n: number }>(
      `select count(*)::int as n from "${schema}"."${table}"
        where exists (select 1 from unnest($1::text[]) as needle where position(lower(needle) in lower("${column}"::text)) > 0)`,
      [needles],
    );
    if (hit && hit.n > 0) found.push(`${schema}.${table}.${column}`);
  }
  return found;
}

describe('the personal data list (db/schema/personal-data.ts)', () => {
  it('names only tables and columns that exist', async () => {
    const columns = await rows<{ table: string; column: string }>(
      `select table_name as "table", column_name as column from information_schema.columns where table_schema = 'public'`,
    );
    const existing = new Set(columns.map((row) => `${row.table}.${row.column}`));
    const named = Object.entries(PERSONAL_DATA).flatMap(([table, list]) => list.map((entry) => `${table}.${entry.column}`));
    expect(named.length).toBeGreaterThan(40);
    expect(named.filter((name) => !existing.has(name))).toEqual([]);
  });

  it('covers every table that points at a user', async () => {
    const pointing = await rows<{ table: string }>(
      `select distinct tc.table_name as "table"
         from information_schema.table_constraints tc
         join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name
        where tc.constraint_type = 'FOREIGN KEY' and ccu.table_name = 'users' and tc.table_schema = 'public'`,
    );
    // Tables whose user column alone is the person's link, with nothing else of theirs: the id is kept.
    const idOnly = [
      'library_versions',
      'announcements',
      'series_payees',
      'revenue_allocations',
      'subscription_allocations',
      'tier_allocations',
    ];
    const missing = pointing.map((row) => row.table).filter((table) => !(table in PERSONAL_DATA) && !idOnly.includes(table));
    expect(missing).toEqual([]);
  });
});

describe('a deleted reader (issue 36 §3)', () => {
  it('leaves none of their personal values in any table, and the accounts as they were', async () => {
    const admin = await buildUser(t.db, { role: 'admin' });
    const adminCookie = await loginAs(t.app, admin);
    const reader = await readerWithData(t);
    const needles = [reader.email, reader.username, reader.bio, reader.ip, reader.userAgent, reader.deviceKeyName];
    const newAddress = (
      await rows<{ new_email: string }>('select new_email from email_changes where user_id = $1', [reader.id])
    )[0]!.new_email;
    needles.push(newAddress);
    // Before: the values are there, in many places (the test would prove nothing otherwise).
    const before = await whereFound(needles);
    expect(before).toEqual(
      expect.arrayContaining([
        'public.users.email',
        'public.users.username',
        'public.users.bio',
        'public.sessions.ip',
        'public.sessions.user_agent',
        'public.device_keys.name',
        'public.email_changes.new_email',
        'public.mail_outbox.to_address',
        'public.notifications.message_values',
        'pgboss.job.data',
      ]),
    );
    const finances = async () => (await callEndpoint(t, 'adminCoinPackages', { cookie: adminCookie })).body.data.totals;
    const moneyBefore = await finances();
    const [paidBefore] = await rows<{ n: number; cents: number }>(
      "select count(*)::int as n, coalesce(sum(amount_cents), 0)::int as cents from purchases where status = 'paid'",
    );

    const deleted = await callEndpoint(t, 'accountDelete', { cookie: reader.cookie, body: { password: reader.password } });
    expect(deleted.status).toBe(200);
    await t.app.services.jobs.drain();

    expect(await whereFound(needles)).toEqual([]);
    // The anonymous row still carries the money: the finance page's history is unchanged.
    const moneyAfter = await finances();
    expect({ ...moneyAfter, inWallets: 0 }).toEqual({ ...moneyBefore, inWallets: 0 });
    expect(moneyAfter.inWallets).toBe(moneyBefore.inWallets - reader.coinsLeft);
    const [paidAfter] = await rows<{ n: number; cents: number }>(
      "select count(*)::int as n, coalesce(sum(amount_cents), 0)::int as cents from purchases where status = 'paid'",
    );
    expect(paidAfter).toEqual(paidBefore);
    const [ledger] = await rows<{ total: number; coins: number }>(
      'select coalesce(sum(delta), 0)::int as total, (select coins from users where id = $1) as coins from coin_ledger where user_id = $1',
      [reader.id],
    );
    expect(ledger).toEqual({ total: 0, coins: 0 });
  });
});
