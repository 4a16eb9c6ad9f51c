import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { endpoint } from '../../plugins/endpoint';
import { checkDatabase } from './site-config.repository';
import { getSiteSettings } from './site-config.service';

export async function siteConfigRoutes(app: FastifyInstance, { db }: { db: Database }) {
  endpoint(app, 'siteSettings', {
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return { success: true, data: await getSiteSettings(db) };
    },
  });

  endpoint(app, 'health', {
    handler: async () => {
      await checkDatabase(db);
      return { ok: true };
    },
  });
}
