import { isTeamRole } from '@inkwell/contract';
import type { FastifyInstance } from 'fastify';
import { endpoint, type SignedInRequest } from '../../../lib/endpoint';
import { say } from '../../../lib/say';
import { auditOf } from '../../team/audit';
import type { RelationEditor, RelationsService } from './relations.service';

/** An editor or admin edits any relation; a series' creator only between series they both created. */
const editorOf = (request: SignedInRequest): RelationEditor => ({
  userId: request.user.id,
  staff: isTeamRole(request.user.role),
});

/** Relations between series (issue 39 §5): the team's list and edits, and what readers are shown of them. */
export async function relationsRoutes(app: FastifyInstance, { relations }: { relations: RelationsService }) {
  endpoint(app, 'seriesRelations', {
    handler: async (request, reply) => {
      const data = await relations.shownRelations(request.params.id, request.viewer);
      // An answer with series marked Adult is the reader's alone (issue 36 §4).
      if (request.viewer.showAdult) reply.header('cache-control', 'private, no-cache');
      return { success: true, data };
    },
  });
  endpoint(app, 'chapterRelated', {
    handler: async (request, reply) => {
      const data = await relations.chapterRelated(request.params.chapterId, request.viewer);
      if (request.viewer.showAdult) reply.header('cache-control', 'private, no-cache');
      return { success: true, data };
    },
  });
  endpoint(app, 'teamSeriesRelations', {
    handler: async (request) => ({ success: true, data: await relations.teamRelations(request.params.id) }),
  });
  endpoint(app, 'teamSeriesRelationPut', {
    handler: async (request) => ({
      success: true,
      data: await relations.putRelation(
        request.params.id,
        request.params.relatedId,
        request.body,
        editorOf(request),
        auditOf(request),
      ),
      message: await say(request, 'apiErrors.success.relationSaved'),
    }),
  });
  endpoint(app, 'teamSeriesRelationDelete', {
    handler: async (request) => ({
      success: true,
      data: await relations.removeRelation(request.params.id, request.params.relatedId, editorOf(request), auditOf(request)),
      message: await say(request, 'apiErrors.success.relationRemoved'),
    }),
  });
}
