import { API, envelope, healthResponseSchema, siteSettingsSchema } from '@inkwell/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { getSiteSettings } from './site-config.service';

export const siteConfigRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(API.siteSettings, {
    schema: { tags: ['site'], response: { 200: envelope(siteSettingsSchema) } },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return { success: true as const, data: await getSiteSettings(db) };
    },
  });

  app.get(API.health, {
    schema: { tags: ['site'], response: { 200: healthResponseSchema } },
    handler: async () => {
      await db.execute(sql`select 1`);
      return { ok: true as const };
    },
  });
};
