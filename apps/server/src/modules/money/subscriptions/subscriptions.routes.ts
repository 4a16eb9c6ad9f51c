import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../../lib/endpoint';
import type { Subscriptions } from './subscriptions.service';
import { say } from '../../../lib/say';

/** Plans on sale, the reader's plan, and the admin's plans (DESIGN §4 Money). Cancelling goes through payments (the provider first). */
export async function subscriptionsRoutes(app: FastifyInstance, { subscriptions }: { subscriptions: Subscriptions }) {
  endpoint(app, 'plans', { handler: async () => ({ success: true, data: { items: await subscriptions.plans() } }) });
  endpoint(app, 'mySubscription', {
    handler: async (request) => ({ success: true, data: await subscriptions.subscription(request.user.id) }),
  });

  endpoint(app, 'adminPlans', { handler: async () => ({ success: true, data: { items: await subscriptions.adminPlans() } }) });
  endpoint(app, 'adminPlanCreate', {
    handler: async (request) => ({
      success: true,
      data: await subscriptions.createPlan(request.body),
      message: await say(request, 'apiErrors.success.planCreated'),
    }),
  });
  endpoint(app, 'adminPlanUpdate', {
    handler: async (request) => ({
      success: true,
      data: await subscriptions.updatePlan(request.params.id, request.body),
      message: await say(request, 'apiErrors.success.planSaved'),
    }),
  });
}
