import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OffsetClock } from '../lib/clock';
import type { Jobs } from '../modules/platform/jobs';

const DAY_MS = 86_400_000;

/** The schedules a journey may run at once, after moving the clock, instead of waiting for their tick. */
const SCHEDULES_FOR_JOURNEYS = ['payouts.close-month', 'store.test-billing', 'recommendations.also-read'] as const;

/**
 * TEST_CLOCK only (never in production: config.ts refuses it): `PUT /api/test/clock {offsetMs}`
 * moves the server's clock that far ahead of real time, so a browser journey sees a pass recharge
 * or a rental end without waiting a day; `POST /api/test/jobs/{name}` runs a schedule at once. Outside the contract's table: no reader ever calls it.
 */
export async function testClockRoutes(app: FastifyInstance, { clock, jobs }: { clock: OffsetClock; jobs: Jobs }) {
  // `POST /api/test/jobs/{name}`: runs one of those schedules now and answers once every job it
  // queued is done (a month's close and the transfers it sends).
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/api/test/jobs/:name', { schema: { params: z.object({ name: z.enum(SCHEDULES_FOR_JOURNEYS) }) } }, async (request) => {
      const { name } = request.params;
      await jobs.send(name, {});
      jobs.wake(name);
      await jobs.drain(30_000);
      return { success: true, data: null };
    });
  app.withTypeProvider<ZodTypeProvider>().put(
    '/api/test/clock',
    {
      schema: {
        body: z.object({
          offsetMs: z
            .number()
            .int()
            .min(0)
            .max(365 * DAY_MS),
        }),
      },
    },
    async (request) => {
      clock.setOffset(request.body.offsetMs);
      return { success: true, data: { now: clock.now().toISOString() } };
    },
  );
}
