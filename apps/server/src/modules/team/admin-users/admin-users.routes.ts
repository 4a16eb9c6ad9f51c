import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../../lib/endpoint';
import { auditOf } from '../audit';
import type { AdminUsersService } from './admin-users.service';
import { say } from '../../../lib/say';

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
      const { username } = user;
      const said = [
        role !== undefined ? await say(request, 'apiErrors.success.userRole', { username, role }) : null,
        banned === true
          ? await say(request, 'apiErrors.success.userBanned', { username })
          : banned === false
            ? await say(request, 'apiErrors.success.userUnbanned', { username })
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
        message: await say(request, delta > 0 ? 'apiErrors.success.coinsAdded' : 'apiErrors.success.coinsTaken', {
          coins: Math.abs(delta),
          username,
          balance: data.balance,
        }),
      };
    },
  });
}
