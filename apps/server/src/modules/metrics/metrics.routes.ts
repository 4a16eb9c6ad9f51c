import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../lib/endpoint';
import type { MetricsService } from './metrics.service';

/** Metrics for the charts (issue 10 §3): the team's (views, followers, comments, unlocks) and the admins' (money, sign-ups). */
export async function metricsRoutes(app: FastifyInstance, { metrics }: { metrics: MetricsService }) {
  endpoint(app, 'teamMetrics', {
    summary: 'Views, followers, comments and unlocks per UTC day (?from=&to=, to included; the last 30 days by default)',
    handler: async (request) => ({ success: true, data: await metrics.team(request.query) }),
  });
  endpoint(app, 'teamSeriesFunnel', {
    summary: "A series' funnel per chapter: started, finished, unlocks by method, first payments, drop-off (?from=&to=)",
    handler: async (request) => ({ success: true, data: await metrics.funnel(request.params.id, request.query) }),
  });
  endpoint(app, 'adminMetrics', {
    summary: 'Revenue, coins, subscriptions and sign-ups per UTC day (?from=&to=, to included; the last 30 days by default)',
    handler: async (request) => ({ success: true, data: await metrics.admin(request.query) }),
  });
}
