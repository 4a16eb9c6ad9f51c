import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { databaseUrlWithName } from '../../test/database-url';
import { openPostgres } from './client';

const target = inject('testDatabase');

describe.skipIf(target.kind !== 'postgres')('migrating PostgreSQL', () => {
  it('lets two instances that start at once on an empty database both come up, migrating once', async () => {
    if (target.kind !== 'postgres') return;
    const name = `inkwell_migrate_${process.pid}`;
    const admin = new pg.Client({ connectionString: target.adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${name}"`);
    await admin.query(`create database "${name}"`);
    const url = databaseUrlWithName(target.adminUrl, name);
    const instances = [openPostgres(url, { max: 2 }), openPostgres(url, { max: 2 })];
    try {
      await Promise.all(instances.map((instance) => instance.migrate()));
      const check = new pg.Client({ connectionString: url });
      await check.connect();
      const [row] = (await check.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')).rows;
      const [tables] = (
        await check.query<{ n: number }>(
          `select count(*)::int as n from information_schema.tables where table_name = 'mail_outbox'`,
        )
      ).rows;
      await check.end();
      expect(row!.n).toBeGreaterThan(0);
      expect(tables!.n).toBe(1);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  }, 60_000);
});
