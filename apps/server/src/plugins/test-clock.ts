import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OffsetClock } from '../lib/clock';

const DAY_MS = 86_400_000;

/**
 * TEST_CLOCK only (never in production: config.ts refuses it): `PUT /api/test/clock {offsetMs}`
 * moves the server's clock that far ahead of real time, so a browser journey sees a pass recharge
 * or a rental end without waiting a day. Outside the contract's table: no reader ever calls it.
 */
export async function testClockRoutes(app: FastifyInstance, { clock }: { clock: OffsetClock }) {
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
