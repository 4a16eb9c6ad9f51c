import { ROUTES } from '@inkwell/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type App } from '../app';
import { users } from '../db/schema';
import { buildUser } from '../../test/factories';
import {
  callEndpoint,
  createTestApp,
  loginAs,
  type SecondInstance,
  startSecondInstance,
  type TestContext,
} from '../../test/helpers';
import { runUserCli } from './user-cli';
import type { UserCommand } from './user-commands';

/**
 * Issue 17 §5: `npm run user` on PostgreSQL while two instances run, with no Redis. Each instance
 * keeps a session's user a few seconds (access/viewer-cache.ts) and here their clock stands still,
 * so only the change bus (PostgreSQL's LISTEN/NOTIFY) can make them drop it.
 */
const target = inject('testDatabase');
let t: TestContext;
let other: SecondInstance | undefined;
let instances: App[] = [];

beforeAll(async () => {
  if (target.kind !== 'postgres') return;
  // No REDIS_URL for either instance (createTestApp reads only the env it is given).
  t = await createTestApp();
  other = await startSecondInstance(t);
  instances = [t.app, other.app];
}, 60_000);

afterAll(async () => {
  await other?.close();
  await t?.close();
});

/** What `npm run user -- <command> …` runs, with the servers' environment (their database, no Redis). */
async function npmRunUser(command: UserCommand): Promise<string[]> {
  const printed: string[] = [];
  const env = { NODE_ENV: 'test', DATA_DIR: t.dataDir, DATABASE_URL: t.databaseUrl! };
  await runUserCli({ env, command, print: (line) => printed.push(line), warn: (line) => printed.push(`warning: ${line}`) });
  return printed;
}

/**
 * Waits until the instance hears this user's change (by then its cache has dropped
 * them): true, or false after 2 s, well within the 5 s a cached session would otherwise live.
 */
function heardBy(app: App, userId: string): Promise<boolean> {
  return new Promise((resolve) => {
    const deadline = setTimeout(() => resolve(false), 2_000);
    app.services.events.subscribe(['user.changed', 'user.role-changed'], (changed) => {
      if (changed.userId !== userId) return;
      clearTimeout(deadline);
      resolve(true);
    });
  });
}

const wallet = (app: App, cookie: string) => app.inject({ method: 'GET', url: ROUTES.wallet.path, headers: { cookie } });
const verify = async (app: App, cookie: string) => (await callEndpoint({ app }, 'verify', { cookie })).body;

describe.skipIf(target.kind !== 'postgres')(
  'npm run user while two instances run on PostgreSQL without Redis (issue 17 §5)',
  () => {
    it('set-password ends the session on both instances at their next request', async () => {
      const admin = await buildUser(t.db, { role: 'admin' });
      const cookie = await loginAs(t.app, admin);
      // Each instance now keeps the session.
      for (const app of instances) expect((await wallet(app, cookie)).statusCode).toBe(200);

      const heard = instances.map((app) => heardBy(app, admin.id));
      expect(
        await npmRunUser({ command: 'set-password', args: [admin.username], options: { password: 'quiet-harbour-lamp-58' } }),
      ).toEqual([`Password of ${admin.username} set; their sessions were ended.`]);
      await Promise.all(heard);
      // The next request on either instance is refused.
      for (const app of instances) {
        const answer = await wallet(app, cookie);
        expect(answer.statusCode).toBe(401);
        expect(answer.json().error.code).toBe('unauthorized');
      }
    });

    it('set-role: a promotion shows on both instances at their next request', async () => {
      const user = await buildUser(t.db);
      const cookie = await loginAs(t.app, user);
      for (const app of instances)
        expect(await verify(app, cookie)).toMatchObject({ authenticated: true, user: { role: 'reader' } });

      const heard = instances.map((app) => heardBy(app, user.id));
      await npmRunUser({ command: 'set-role', args: [user.email, 'editor'], options: {} });
      await Promise.all(heard);

      for (const app of instances)
        expect(await verify(app, cookie)).toMatchObject({ authenticated: true, user: { role: 'editor' } });
    });

    it('turn-off-two-factor reaches both instances', async () => {
      const user = await buildUser(t.db);
      await t.db.update(users).set({ totpSecret: 'v1.sealed', totpEnabledAt: new Date() }).where(eq(users.id, user.id));

      const heard = instances.map((app) => heardBy(app, user.id));
      expect(await npmRunUser({ command: 'turn-off-two-factor', args: [user.username], options: {} })).toEqual([
        `Two-factor sign-in of ${user.username} is off; their password alone signs in now.`,
      ]);
      expect(await Promise.all(heard)).toEqual([true, true]);
    });
  },
);
