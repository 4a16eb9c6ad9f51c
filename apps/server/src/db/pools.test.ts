import { ROUTES } from '@inkwell/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildUser } from '../../test/factories';
import {
  createTestApp,
  loginAs,
  startSecondInstance,
  TEST_PASSWORD,
  type SecondInstance,
  type TestContext,
} from '../../test/helpers';

/*
 * Issue 18 §3: no request can hold the pool. On PostgreSQL every statement of the readers' pool
 * runs under a time-out, and the team's reports read on a pool of their own. A table locked by
 * another session stands in for a slow query: waiting on a lock counts toward the time-out.
 */
const onPostgres = inject('testDatabase').kind === 'postgres';
let t: TestContext;
let instance: SecondInstance;
let adminCookie: string;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
  // Two readers' connections, each statement cut after 2 s.
  instance = await startSecondInstance(t, { poolSize: 2, statementTimeoutMs: 2_000 });
  const admin = await buildUser(t.db, { role: 'admin' });
  adminCookie = await loginAs(instance.app, { username: admin.username, password: TEST_PASSWORD });
});
afterAll(async () => {
  await instance?.close();
  await t?.close();
});

/** Holds an exclusive lock on `table` until the returned function is called. */
async function lockTable(table: string) {
  const session = new pg.Client({ connectionString: t.databaseUrl! });
  await session.connect();
  await session.query('begin');
  await session.query(`lock table ${table} in access exclusive mode`);
  return async () => {
    await session.query('commit');
    await session.end();
  };
}

describe.skipIf(!onPostgres)('database pools under a slow query', () => {
  it('answers 503 with Retry-After when a reader’s statement runs out of time, and serves again once it is over', async () => {
    const unlock = await lockTable('series');
    try {
      const started = Date.now();
      const response = await instance.app.inject({ method: 'GET', url: `${ROUTES.seriesList.path}?sort=title` });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toMatchObject({ success: false, error: { code: 'service_unavailable' } });
      // Cut by the time-out, not by the lock's end.
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await unlock();
    }
    const again = await instance.app.inject({ method: 'GET', url: `${ROUTES.seriesList.path}?sort=title` });
    expect(again.statusCode).toBe(200);
  });

  it('keeps the admin’s reports answering while every reader connection waits', async () => {
    const audit = () => instance.app.inject({ method: 'GET', url: ROUTES.adminAuditLog.path, headers: { cookie: adminCookie } });
    // The admin's session is known before the readers' connections are taken (the viewer cache).
    expect((await audit()).statusCode).toBe(200);
    const unlock = await lockTable('series');
    try {
      // Both readers' connections wait on the lock …
      let settled = false;
      const waiting = Promise.all(
        [1, 2].map((page) => instance.app.inject({ method: 'GET', url: `${ROUTES.seriesList.path}?sort=popular&page=${page}` })),
      ).finally(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 100));
      // … and the audit log, read on the reports' pool, answers before they give up.
      expect((await audit()).statusCode).toBe(200);
      expect(settled).toBe(false);
      expect((await waiting).map((response) => response.statusCode)).toEqual([503, 503]);
    } finally {
      await unlock();
    }
  });
});
