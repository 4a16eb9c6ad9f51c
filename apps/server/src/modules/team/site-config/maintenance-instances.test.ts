import { ROUTES } from '@inkwell/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { users } from '../../../db/schema';
import { buildUser } from '../../../../test/factories';
import {
  createTestApp,
  eventually,
  loginAs,
  startSecondInstance,
  TEST_ORIGIN,
  type SecondInstance,
  type TestContext,
} from '../../../../test/helpers';

/**
 * Each instance keeps the configuration a few seconds (site-config.service.ts). Turning
 * maintenance on through one instance must reach the other at once, through Redis, not when its
 * copy runs out: here the other instance has just read the configuration, and its clock stands still.
 */
const target = inject('testDatabase');
const redisUrl = process.env.REDIS_URL;
let t: TestContext;
let other: SecondInstance | undefined;

beforeAll(async () => {
  if (target.kind !== 'postgres' || !redisUrl) return;
  t = await createTestApp({ env: { REDIS_URL: redisUrl } });
  other = await startSecondInstance(t, { env: { REDIS_URL: redisUrl } });
}, 60_000);

afterAll(async () => {
  await other?.close();
  await t?.close();
});

describe.skipIf(target.kind !== 'postgres' || !redisUrl)('maintenance across two instances (PostgreSQL and Redis)', () => {
  it('turned on through one instance, the other answers 503 at once; turned off, it answers again', async () => {
    const admin = await buildUser(t.db, { role: 'admin' });
    const cookie = await loginAs(t.app, admin);
    await t.db.update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, admin.id));
    const home = () => other!.app.inject({ method: 'GET', url: ROUTES.home.path });
    const setMaintenance = (enabled: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: ROUTES.adminSiteConfigUpdate.path,
        headers: { cookie, origin: TEST_ORIGIN },
        payload: { maintenance: { enabled, message: 'Moving to a bigger server.' } },
      });

    // The other instance has now kept the configuration (maintenance off).
    expect((await home()).statusCode).toBe(200);
    expect((await setMaintenance(true)).statusCode).toBe(200);
    expect(await eventually(async () => (await home()).statusCode === 503)).toBe(true);
    expect((await home()).json().error).toMatchObject({ code: 'maintenance', message: 'Moving to a bigger server.' });
    const settings = await other!.app.inject({ method: 'GET', url: ROUTES.siteSettings.path });
    expect(settings.json().data.maintenance).toEqual({ enabled: true, message: 'Moving to a bigger server.' });

    expect((await setMaintenance(false)).statusCode).toBe(200);
    expect(await eventually(async () => (await home()).statusCode === 200)).toBe(true);
  });
});
