import { isTeamRole } from '@inkwell/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditOf } from '../../team/audit';
import { endpoint } from '../../../lib/endpoint';
import type { Subscriptions } from './subscriptions.service';
import { say } from '../../../lib/say';

/** Site staff (an editor, an admin) give coins with a tier; a series' creator does not. */
const tierEditor = (request: FastifyRequest) => ({ staff: isTeamRole(request.user?.role) });

/**
 * Plans on sale, the reader's plan, and the admin's plans (DESIGN §4 Money); a series' tiers, the
 * team's edits of them and the reader's memberships (issue 38 §1). Cancelling goes through
 * payments (the provider first).
 */
export async function subscriptionsRoutes(app: FastifyInstance, { subscriptions }: { subscriptions: Subscriptions }) {
  endpoint(app, 'plans', {
    handler: async (request) => ({ success: true, data: await subscriptions.plans(request.query.currency) }),
  });
  endpoint(app, 'mySubscription', {
    ownRead: ({ user }) => subscriptions.subscription(user.id),
  });

  endpoint(app, 'seriesTiers', {
    handler: async (request) => ({ success: true, data: await subscriptions.seriesTiers(request.params.id) }),
  });
  endpoint(app, 'myMemberships', {
    handler: async (request) => ({ success: true, data: await subscriptions.memberships(request.user.id) }),
  });
  endpoint(app, 'teamSeriesTiers', {
    handler: async (request) => ({ success: true, data: await subscriptions.teamTiers(request.params.id) }),
  });
  endpoint(app, 'teamSeriesTierCreate', {
    handler: async (request) => ({
      success: true,
      data: await subscriptions.createTier(request.params.id, request.body, auditOf(request), tierEditor(request)),
      message: await say(request, 'apiErrors.success.tierCreated'),
    }),
  });
  endpoint(app, 'teamSeriesTierUpdate', {
    handler: async (request) => ({
      success: true,
      data: await subscriptions.updateTier(
        request.params.id,
        request.params.tierId,
        request.body,
        auditOf(request),
        tierEditor(request),
      ),
      message: await say(request, 'apiErrors.success.tierSaved'),
    }),
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
