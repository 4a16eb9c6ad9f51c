import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../../lib/endpoint';
import { say } from '../../../lib/say';
import { auditOf } from '../../team/audit';
import type { PayoutAccounts } from './payout-accounts';
import type { PayoutStatements } from './payout-statements.service';
import type { PayoutTransfers } from './transfers';
import { toAdminPayout } from './queries/statements';

/** Issue 38 §2: a payee's payout account and statements, the test provider's onboarding, and the admin's payouts. */
export async function payoutStatementsRoutes(
  app: FastifyInstance,
  options: { payoutAccounts: PayoutAccounts; payoutStatements: PayoutStatements; payoutTransfers: PayoutTransfers },
) {
  const { payoutAccounts, payoutStatements, payoutTransfers } = options;
  endpoint(app, 'myPayoutAccount', {
    summary: "The payee's payout account: none, pending or active, its currency and the minimum transfer",
    handler: async (request) => ({ success: true, data: await payoutAccounts.status(request.user.id) }),
  });
  endpoint(app, 'myPayoutAccountStart', {
    summary: 'Start or resume connecting a payout account; send the payee to onboardingUrl',
    handler: async (request) => ({
      success: true,
      data: await payoutAccounts.start(request.user, request.body?.currency),
    }),
  });
  endpoint(app, 'testPayoutOnboardingComplete', {
    summary: 'Built-in test provider only: finish onboarding (the account is active at once)',
    handler: async (request) => ({
      success: true,
      data: await payoutAccounts.completeTest(request.user.id),
      message: await say(request, 'apiErrors.success.payoutAccountActive'),
    }),
  });
  endpoint(app, 'myPayouts', {
    summary: "The payee's monthly statements, newest first",
    handler: async (request) => ({ success: true, data: await payoutStatements.mine(request.user.id) }),
  });
  endpoint(app, 'myPayoutStatement', {
    summary: "One month's statement, with where its earnings came from",
    handler: async (request) => ({
      success: true,
      data: await payoutStatements.detail(request.user.id, request.params.month),
    }),
  });
  endpoint(app, 'adminPayouts', {
    summary: "A month's payouts, failed first, with totals per currency",
    handler: async (request) => ({ success: true, data: await payoutStatements.admin(request.query) }),
  });
  endpoint(app, 'adminPayoutRetry', {
    summary: 'Send a failed transfer again',
    handler: async (request) => {
      const row = await payoutTransfers.retry(request.params.id, auditOf(request));
      return {
        success: true,
        data: toAdminPayout(row, await payoutStatements.payeeName(row.payeeId)),
        message: await say(request, 'apiErrors.success.payoutRetried'),
      };
    },
  });
}
