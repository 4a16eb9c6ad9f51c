import { ROUTES, fillPath } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type App } from '../../../app';
import { seedDemoStore } from '../../../demo/seed-store';
import { buildChapter, buildSeries, buildUser } from '../../../../test/factories';
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
 * A reader's session and unlocks are kept a few seconds per instance (viewer-cache.ts). What
 * changes them must reach every instance at once: here an unlock on one instance opens the
 * chapter on the other, and a logout there ends the session here, through Redis.
 */
const target = inject('testDatabase');
const redisUrl = process.env.REDIS_URL;
let t: TestContext;
let other: SecondInstance | undefined;

beforeAll(async () => {
  if (target.kind !== 'postgres' || !redisUrl) return;
  t = await createTestApp({ env: { REDIS_URL: redisUrl } });
  await seedDemoStore(t.db);
  other = await startSecondInstance(t, { env: { REDIS_URL: redisUrl }, sharedClock: false });
}, 60_000);

afterAll(async () => {
  await other?.close();
  await t?.close();
});

describe.skipIf(target.kind !== 'postgres' || !redisUrl)('the viewer cache across two instances (PostgreSQL and Redis)', () => {
  it('opens a chapter unlocked on one instance on the other at once, and a logout ends the session everywhere', async () => {
    const user = await buildUser(t.db);
    const cookie = await loginAs(t.app, user);
    const series = await buildSeries(t);
    const chapter = await buildChapter(t, series.id, { number: 1, price: 20 });
    const read = (app: App) =>
      app.inject({
        method: 'GET',
        url: fillPath(ROUTES.chapter.path, { slug: series.slug, chapterSlug: chapter.slug }),
        headers: { cookie },
      });
    // The second instance has now kept this reader's session and (no) unlocks.
    expect((await read(other!.app)).json().data.canRead).toBe(false);

    const pkg = (await t.app.services.purchases.coinPackages()).items[0]!;
    const { purchaseId } = await t.app.services.payments.checkout(user, { kind: 'coins', packageId: pkg.id });
    await t.app.services.payments.fulfil(purchaseId);
    await t.app.services.unlocks.unlock(user, [chapter.id]);
    expect(await eventually(async () => (await read(other!.app)).json().data.canRead === true)).toBe(true);
    const verify = await other!.app.inject({ method: 'GET', url: ROUTES.verify.path, headers: { cookie } });
    expect(verify.json().user.coins).toBe(pkg.coins + pkg.bonusCoins - 20);

    await t.app.inject({ method: 'POST', url: ROUTES.logout.path, headers: { cookie, origin: TEST_ORIGIN } });
    expect(
      await eventually(async () => {
        const answer = await other!.app.inject({ method: 'GET', url: ROUTES.verify.path, headers: { cookie } });
        return answer.json().authenticated === false;
      }),
    ).toBe(true);
  });
});
