import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../../lib/endpoint';
import { auditOf } from '../audit';
import type { AdminUsersService } from './admin-users.service';

/** User administration (DESIGN §4 Ads and administration): admins only, as the contract says. */
export async function adminUsersRoutes(app: FastifyInstance, { adminUsers }: { adminUsers: AdminUsersService }) {
  endpoint(app, 'adminUsers', {
    summary: 'Find users by name or e-mail, by role and status, newest first',
    handler: async (request) => ({ success: true, data: await adminUsers.list(request.query) }),
  });

  endpoint(app, 'adminUser', {
    summary: 'One user with their recent purchases, ledger entries and comments',
    handler: async (request) => ({ success: true, data: await adminUsers.detail(request.params.id) }),
  });

  endpoint(app, 'adminUserUpdate', {
    summary: "Change a user's role; ban (ends their sessions at once) or unban",
    handler: async (request) => {
      const { role, banned } = request.body;
      const user = await adminUsers.update(request.params.id, request.body, auditOf(request));
      const said = [
        role !== undefined ? `${user.username} is now ${role === 'reader' ? 'a reader' : `an ${role}`}` : null,
        banned === true
          ? `${user.username} is banned and signed out`
          : banned === false
            ? `${user.username} can sign in again`
            : null,
      ].filter(Boolean);
      return { success: true, data: user, message: said.join('; ') };
    },
  });

  endpoint(app, 'adminUserCoins', {
    summary: "Add or take coins with a reason (one ledger entry of kind 'adjustment')",
    handler: async (request) => {
      const { username, data } = await adminUsers.adjustCoins(request.params.id, request.body, auditOf(request));
      const delta = request.body.delta;
      return {
        success: true,
        data,
        message: `${delta > 0 ? 'Added' : 'Took'} ${Math.abs(delta)} coins ${delta > 0 ? 'to' : 'from'} ${username}: the balance is ${data.balance}`,
      };
    },
  });
}
