import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../../lib/endpoint';
import { auditOf } from '../../team/audit';
import type { AccountData } from './account-data.service';
import { say } from '../../../lib/say';

/** A reader's export and deletion, and the admin's deletion of an account (issue 36 §3). */
export async function accountDataRoutes(app: FastifyInstance, { accountData }: { accountData: AccountData }) {
  endpoint(app, 'accountExport', {
    summary: 'Everything Inkwell holds about the reader, as one JSON file to download',
    handler: async (request, reply) => {
      const data = await accountData.export(request.user.id);
      const filename = `inkwell-export-${data.profile.username}-${data.exportedAt.slice(0, 10)}.json`;
      reply.header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'no-store');
      return data;
    },
  });
  endpoint(app, 'accountDelete', {
    summary: "Deletes the reader's account (password, and the two-factor code when it is on); signs them out",
    handler: async (request, reply) => {
      await accountData.deleteOwn(request.user.id, request.body, request.ip);
      app.clearSessionCookie(reply);
      return { success: true, data: { deleted: true }, message: await say(request, 'apiErrors.success.accountDeleted') };
    },
  });
  endpoint(app, 'adminUserDelete', {
    summary: "Deletes a user's account as its owner would (audited)",
    handler: async (request) => {
      await accountData.deleteByAdmin(request.params.id, auditOf(request));
      return { success: true, data: { deleted: true }, message: await say(request, 'apiErrors.success.accountDeleted') };
    },
  });
}
