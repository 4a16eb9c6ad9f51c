import { ROUTES, fillPath } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type App } from '../../../app';
import { seriesTiers } from '../../../db/schema';
import { buildChapter, buildSeries, buildUser } from '../../../../test/factories';
import {
  callEndpoint,
  createTestApp,
  eventually,
  loginAs,
  startSecondInstance,
  type SecondInstance,
  type TestContext,
} from '../../../../test/helpers';

/**
 * A reader's memberships are read with their session, which each instance keeps a few seconds
 * (viewer-cache.ts). A membership bought on one instance must open the series' early chapters on
 * the other at once: the tier's checkout publishes `user.changed`, heard by every instance through
 * Redis, as a plan's does.
 */
const target = inject('testDatabase');
const redisUrl = process.env.REDIS_URL;
const DAY = 86_400_000;
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

describe.skipIf(target.kind !== 'postgres' || !redisUrl)(
  "a member's early access across two instances (PostgreSQL and Redis)",
  () => {
    it('opens the early chapter on the other instance as soon as the membership is bought on this one', async () => {
      const series = await buildSeries(t);
      await buildChapter(t, series.id, { number: 1, slug: 'one' });
      await buildChapter(t, series.id, {
        number: 2,
        slug: 'two',
        pages: 1,
        publishedAt: new Date(t.clock.now().getTime() + 3 * DAY).toISOString(),
      });
      const [tier] = await t.db
        .insert(seriesTiers)
        .values({
          seriesId: series.id,
          name: 'Early readers',
          priceCents: 500,
          currency: 'usd',
          interval: 'month',
          earlyAccessDays: 7,
        })
        .returning();
      const user = await buildUser(t.db);
      const cookie = await loginAs(t.app, user);
      const read = (app: App) =>
        app.inject({
          method: 'GET',
          url: fillPath(ROUTES.chapter.path, { slug: series.slug, chapterSlug: 'two' }),
          headers: { cookie },
        });
      // The second instance now keeps this reader's session, with no membership.
      expect((await read(other!.app)).statusCode).toBe(404);

      const started = await callEndpoint(t, 'checkout', { cookie, body: { kind: 'tier', tierId: tier!.id } });
      expect(started.status).toBe(201);
      const completed = await callEndpoint(t, 'testCheckoutComplete', {
        cookie,
        params: { purchaseId: started.body.data.purchaseId },
      });
      expect(completed.status).toBe(200);
      expect((await read(t.app)).statusCode).toBe(200);
      expect(await eventually(async () => (await read(other!.app)).statusCode === 200)).toBe(true);
      const answer = (await read(other!.app)).json().data;
      expect(answer.canRead).toBe(true);
      expect(answer.chapter.earlyAccess).toEqual({ publicAt: expect.any(String) });
    });
  },
);
