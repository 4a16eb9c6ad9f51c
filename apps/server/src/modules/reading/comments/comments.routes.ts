import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../../lib/endpoint';
import type { CommentsService } from './comments.service';
import { say } from '../../../lib/say';

/** Comments (DESIGN §4 Library and community): public lists, a reader's own writes, the team's moderation. */
export async function commentsRoutes(app: FastifyInstance, { comments }: { comments: CommentsService }) {
  endpoint(app, 'chapterComments', {
    summary: "A chapter's comments, newest or oldest first, each with its replies",
    handler: async (request) => ({
      success: true,
      // A team member previewing as someone else (`?as=`) still sees a chapter not out yet: its
      // comments list is empty, never a 404 under the preview (issue 33 §7).
      data: await comments.listChapterComments(request.params.chapterId, request.query, request.viewer, {
        isTeamPreview: request.previewAs !== null,
      }),
    }),
  });
  endpoint(app, 'seriesComments', {
    summary: "A series page's own comments, each with its replies",
    handler: async (request) => ({
      success: true,
      data: await comments.listSeriesComments(request.params.seriesId, request.query, request.viewer),
    }),
  });

  endpoint(app, 'commentCreate', {
    summary: 'Posts a comment or a reply (a reply to a reply joins its thread); a few a minute',
    handler: async (request) => ({
      success: true,
      data: await comments.createComment({ ...request.viewer, userId: request.user.id }, request.user.username, request.body),
      message: await say(request, 'apiErrors.success.commentPosted'),
    }),
  });
  endpoint(app, 'commentUpdate', {
    summary: 'Edits your own comment, within the edit window',
    handler: async (request) => ({
      success: true,
      data: await comments.updateComment(request.user.id, request.params.id, request.body),
      message: await say(request, 'apiErrors.success.commentUpdated'),
    }),
  });
  endpoint(app, 'commentDelete', {
    handler: async (request) => {
      await comments.deleteOwnComment(request.user.id, request.params.id);
      return { success: true, message: await say(request, 'apiErrors.success.commentDeleted') };
    },
  });
  endpoint(app, 'commentReport', {
    summary: 'Reports a comment to the team, once per reader',
    handler: async (request) => ({
      success: true,
      message: await say(request, await comments.reportComment(request.user.id, request.params.id, request.body.reason)),
    }),
  });

  endpoint(app, 'teamComments', {
    summary: 'Moderation: newest first, reported or hidden ones, one user’s, or matching words',
    handler: async (request) => ({ success: true, data: await comments.listForTeam(request.query) }),
  });
  endpoint(app, 'teamCommentUpdate', {
    handler: async (request) => ({
      success: true,
      data: await comments.setHiddenByTeam(request.params.id, request.body.hidden),
      message: await say(request, request.body.hidden ? 'apiErrors.success.commentHidden' : 'apiErrors.success.commentRestored'),
    }),
  });
  endpoint(app, 'teamCommentDelete', {
    handler: async (request) => {
      await comments.deleteByTeam(request.params.id);
      return { success: true, message: await say(request, 'apiErrors.success.commentDeleted') };
    },
  });
}
