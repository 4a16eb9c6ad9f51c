import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { endpoint } from '../../plugins/endpoint';
import { adsConfigFor, readAdsSettings } from './ads.service';

export async function adsRoutes(app: FastifyInstance, { db }: { db: Database }) {
  endpoint(app, 'adsConfig', {
    summary: "Whether this viewer sees ads, and the ad scripts when they do (SPEC §3's own shape, not the envelope)",
    handler: async (request, reply) => {
      // Personal (who is asking) and changed by admins at any time: never kept by any cache.
      reply.header('cache-control', 'no-store');
      return adsConfigFor(await readAdsSettings(db), request.user);
    },
  });
}
