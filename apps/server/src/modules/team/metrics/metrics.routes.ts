import type { FastifyInstance } from 'fastify';
import type { CacheRegistry } from '../../../lib/caches';
import { endpoint } from '../../../lib/endpoint';
import { createSharedJsonSender } from '../../../lib/shared-json';
import type { MetricsService } from './metrics.service';

/**
 * Metrics for the charts (issue 10 §3): the team's (views, followers, comments, unlocks) and the
 * admins' (money, sign-ups). Their answers are kept a few seconds as JSON checked when made
 * (`prechecked`), and a year's is compressed once while it is kept.
 */
export async function metricsRoutes(
  app: FastifyInstance,
  { metrics, caches }: { metrics: MetricsService; caches: CacheRegistry },
) {
  const sendJson = createSharedJsonSender(caches, 'metrics');
  endpoint(app, 'teamMetrics', {
    prechecked: true,
    summary: 'Views, followers, comments and unlocks per UTC day (?from=&to=, to included; the last 30 days by default)',
    handler: async (request, reply) => sendJson(request, reply, await metrics.teamJson(request.query)),
  });
  endpoint(app, 'teamSeriesFunnel', {
    summary: "A series' funnel per chapter: started, finished, unlocks by method, first payments, drop-off (?from=&to=)",
    handler: async (request) => ({ success: true, data: await metrics.funnel(request.params.id, request.query) }),
  });
  endpoint(app, 'adminMetrics', {
    prechecked: true,
    summary: 'Revenue, coins, subscriptions and sign-ups per UTC day (?from=&to=, to included; the last 30 days by default)',
    handler: async (request, reply) => sendJson(request, reply, await metrics.adminJson(request.query)),
  });
}
