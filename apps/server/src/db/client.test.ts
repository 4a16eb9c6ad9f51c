import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { startTcpProxy } from '../../test/tcp-proxy';
import { openPostgres } from './client';

/*
 * A connection that drops between a transaction's checkout and its `begin` (PostgreSQL going away
 * under a burst of writes) must go back to the pool: one kept checked out makes `close()` — a
 * deploy's drain — wait for ever.
 */
const testDatabase = inject('testDatabase');
const onPostgres = testDatabase.kind === 'postgres';

/** Settles with `value`, or with 'still waiting' after `ms`. */
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), ms))]);

describe.skipIf(!onPostgres)('the PostgreSQL pool', () => {
  it('gives back a transaction’s connection that dropped before its begin, so closing does not wait for it', async () => {
    const target = new URL(testDatabase.kind === 'postgres' ? testDatabase.adminUrl : '');
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const url = new URL(target);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    const database = openPostgres(url.toString(), { max: 2 });
    try {
      // One idle connection in the pool, then PostgreSQL goes away in the same tick as a
      // transaction takes that connection: its begin fails.
      await database.db.execute(sql`select 1`);
      proxy.cut();
      await expect(database.db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
      proxy.restore();
      await expect(
        within(
          database.db.transaction(async (tx) => tx.execute(sql`select 1`)),
          5_000,
        ),
      ).resolves.not.toBe('still waiting');
    } finally {
      const closed = await within(
        database.close().then(() => 'closed'),
        5_000,
      );
      await proxy.close();
      expect(closed).toBe('closed');
    }
  });
});
