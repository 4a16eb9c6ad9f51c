import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../../lib/endpoint';
import { auditOf } from '../../team/audit';
import { earningsCsv } from './payouts.presenter';
import type { Payouts } from './payouts.service';
import { say } from '../../../lib/say';

/** Gifts and supporters (readers), payees (admins) and earnings (payees): issue 22 §2. */
export async function payoutsRoutes(app: FastifyInstance, { payouts }: { payouts: Payouts }) {
  endpoint(app, 'seriesGift', {
    summary: 'Send a series a gift of coins, with a short message; its payees are told',
    handler: async (request) => ({
      success: true,
      data: await payouts.gift(request.user, request.params.seriesId, request.body),
      message: await say(request, 'apiErrors.success.coinsSent', { amount: request.body.amount }),
    }),
  });
  endpoint(app, 'seriesSupporters', {
    summary: "A series' top supporters of the month",
    handler: async (request, reply) => {
      // Revalidated each time: a reader who just gave must see their name at once.
      reply.header('cache-control', 'no-cache');
      return { success: true, data: await payouts.supporters(request.params.seriesId) };
    },
  });
  endpoint(app, 'adminSeriesPayees', {
    handler: async (request) => ({ success: true, data: await payouts.payees(request.params.id) }),
  });
  endpoint(app, 'adminSeriesPayeesUpdate', {
    summary: "Set who shares a series' income and how much (basis points summing to 10,000)",
    handler: async (request) => ({
      success: true,
      data: await payouts.setPayees(request.params.id, request.body, auditOf(request)),
      message: await say(request, 'apiErrors.success.payeesSaved'),
    }),
  });
  endpoint(app, 'myEarnings', {
    summary: "A payee's month: per series, gross, the site's fee and net, in coins",
    handler: async (request) => ({ success: true, data: await payouts.earnings(request.user.id, request.query.month) }),
  });
  endpoint(app, 'myEarningsCsv', {
    summary: 'The same month as CSV',
    handler: async (request, reply) => {
      const earnings = await payouts.earnings(request.user.id, request.query.month);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="inkwell-earnings-${earnings.month}.csv"`)
        .send(earningsCsv(earnings));
    },
  });
}
