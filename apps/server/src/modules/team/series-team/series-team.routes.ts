import type { FastifyInstance } from 'fastify';
import { endpoint, type SignedInRequest } from '../../../lib/endpoint';
import { auditOf } from '../audit';
import type { SeriesTeamService, TeamActor } from './series-team.service';

/** Who acts: an editor or admin, or (on the team's calls) the series' creator. */
const actorOf = (request: SignedInRequest): TeamActor => ({
  id: request.user.id,
  username: request.user.username,
  ...(request.seriesMember && { memberRole: request.seriesMember.role }),
});

/**
 * A series' team (issue 37 §3): admins choose it (ADMIN/series/:id/members); its creator, editors
 * and admins see it and let a member publish (TEAM/series/:id/members). Who may call is the
 * endpoint table's `access` and `scope`.
 */
export async function seriesTeamRoutes(app: FastifyInstance, { seriesTeam }: { seriesTeam: SeriesTeamService }) {
  endpoint(app, 'teamSeriesMembers', {
    handler: async (request) => ({ success: true, data: await seriesTeam.members(request.params.id) }),
  });
  endpoint(app, 'teamSeriesMemberUpdate', {
    handler: async (request) => {
      const { id, userId } = request.params;
      const data = await seriesTeam.setCanPublish(id, userId, request.body.canPublish, actorOf(request), auditOf(request));
      return { success: true, data };
    },
  });
  endpoint(app, 'adminSeriesMembers', {
    handler: async (request) => ({ success: true, data: await seriesTeam.members(request.params.id) }),
  });
  endpoint(app, 'adminSeriesMemberPut', {
    handler: async (request) => ({
      success: true,
      data: await seriesTeam.put(request.params.id, request.body, actorOf(request), auditOf(request)),
    }),
  });
  endpoint(app, 'adminSeriesMemberDelete', {
    handler: async (request) => {
      const { id, userId } = request.params;
      return { success: true, data: await seriesTeam.remove(id, userId, actorOf(request), auditOf(request)) };
    },
  });
}
