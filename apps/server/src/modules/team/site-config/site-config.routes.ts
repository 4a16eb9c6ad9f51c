import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../../lib/endpoint';
import { auditOf } from '../audit';
import { toPublicSettings, type SiteConfigService } from './site-config.service';
import { say } from '../../../lib/say';

export async function siteConfigRoutes(
  app: FastifyInstance,
  {
    siteConfig,
    limiterHealth,
    jobsHealthy,
    isDraining,
  }: {
    siteConfig: SiteConfigService;
    limiterHealth: () => Promise<'memory' | 'up' | 'down'>;
    jobsHealthy: () => Promise<boolean>;
    /** True once the instance was told to shut down (a deploy): the balancer should stop sending here. */
    isDraining: () => boolean;
  },
) {
  endpoint(app, 'siteSettings', {
    handler: async (_request, reply) => {
      // The shell learns here that maintenance is on: revalidated on every load, and cheap to answer
      // (the server keeps the configuration a few seconds), so it never shows a minute late.
      reply.header('cache-control', 'no-cache');
      return { success: true, data: toPublicSettings(await siteConfig.current()) };
    },
  });

  endpoint(app, 'health', {
    handler: async (_request, reply) => {
      const [database, redis, jobs] = await Promise.all([
        siteConfig.checkDatabase().then(
          () => 'up' as const,
          () => 'down' as const,
        ),
        limiterHealth(),
        jobsHealthy().then((healthy) => (healthy ? ('up' as const) : ('down' as const))),
      ]);
      // Redis away is not fatal (the instance counts its own limits meanwhile): a load balancer
      // keeps sending readers here, and `redis: down` says what is missing.
      const draining = isDraining();
      const ok = database === 'up' && jobs === 'up' && !draining;
      reply.header('cache-control', 'no-store');
      const body = { ok, database, redis, jobs, draining };
      // The 503 carries the same report (sent as it is: the error envelope's serializer is for errors).
      if (!ok) return reply.code(503).header('retry-after', '5').type('application/json').send(JSON.stringify(body));
      return body;
    },
  });

  endpoint(app, 'adminSiteConfig', {
    summary: "The site's configuration: name, Discord link, footer contacts, ads, maintenance, registration",
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const [config, twoFactorEnabled] = await Promise.all([siteConfig.current(), siteConfig.hasTwoFactor(request.user.id)]);
      return { success: true, data: { ...config, twoFactorEnabled } };
    },
  });

  endpoint(app, 'adminSiteConfigUpdate', {
    summary: 'Change any sections of the configuration (needs two-factor sign-in); answers the whole configuration',
    // Before the body is looked at: without two-factor sign-in no change is considered at all.
    onRequest: async (request) => siteConfig.assertCanChange(request.user.id),
    handler: async (request) => {
      const { config, changed } = await siteConfig.update(request.body, auditOf(request));
      return {
        success: true,
        data: { ...config, twoFactorEnabled: true },
        message: await say(request, changed.length > 0 ? 'apiErrors.success.configSaved' : 'apiErrors.success.nothingChanged'),
      };
    },
  });
}
