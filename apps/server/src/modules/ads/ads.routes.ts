import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../lib/endpoint';
import type { SiteConfigService } from '../site-config';
import { adsConfigFor } from './ads.service';

export async function adsRoutes(app: FastifyInstance, { siteConfig }: { siteConfig: SiteConfigService }) {
  endpoint(app, 'adsConfig', {
    summary: "Whether this viewer sees ads, and the ad scripts when they do (SPEC §3's own shape, not the envelope)",
    handler: async (request, reply) => {
      // Personal (who is asking) and changed by admins at any time: never kept by any cache.
      reply.header('cache-control', 'no-store');
      // The admin's ads setting (site_config `ads`, defaults until set), from the configuration every instance keeps briefly.
      return adsConfigFor((await siteConfig.current()).ads, request.user);
    },
  });
}
