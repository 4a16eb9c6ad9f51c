import {
  COMMENT_DELETED_BODY,
  COMMENT_EDIT_WINDOW_MS,
  COMMENT_RATE_LIMIT,
  COMMENT_RATE_WINDOW_MS,
  COMMENT_REPORT_LIMIT,
  COMMENT_REPORT_WINDOW_MS,
  COMMENTS_PAGE_SIZE,
  type commentInputSchema,
  type commentListQuerySchema,
  type commentPatchSchema,
  type teamCommentListQuerySchema,
} from '@inkwell/contract';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import { pageInfo } from '../../../db/sql';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { findChapterWithLink } from '../../catalogue/chapters';
import { findSeriesListing } from '../../catalogue/series';
import { chapterAccess, isListed, isTeam, type Viewer } from '../../identity/access';
import { isUserBanned } from '../../identity/users';
import { tooManyAttempts, type AttemptLimiter } from '../../../lib/attempt-limiter';
import { notifyCommentReply } from '../notifications';
import {
  countReplies,
  deleteComment,
  findComment,
  findForModeration,
  insertComment,
  insertReport,
  listForModeration,
  listReplies,
  listReports,
  listTopLevel,
  setHidden,
  updateCommentBody,
  type CommentRow,
  type CommentTarget,
} from './comments.repository';
import { isDeletedRow, toComment, toCommentReply, toTeamComment } from './comments.presenter';

const TEAM_COMMENTS_PAGE_SIZE = 30;

type ListQuery = z.output<typeof commentListQuerySchema>;
type CommentInput = z.output<typeof commentInputSchema>;
type CommentPatch = z.output<typeof commentPatchSchema>;
type ModerationQuery = z.output<typeof teamCommentListQuerySchema>;

interface Deps {
  db: Database;
  clock: Clock;
  limiter: AttemptLimiter;
}

const notFound = () => new AppError('not_found', 'apiErrors.reading.commentNotFound');

/** A chapter the viewer may see listed (published, in a published series; the team sees all), with its page's link. */
async function visibleChapter(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  chapterId: string,
  viewer: Viewer,
  isTeamPreview = false,
) {
  const chapter = await findChapterWithLink(db, chapterId);
  const isVisible =
    chapter &&
    (isTeamPreview ||
      ((chapter.seriesIsPublished || isTeam(viewer)) && isListed(chapterAccess(chapter, viewer, clock.now()), viewer)));
  if (!isVisible) throw new AppError('chapter_not_found', 'apiErrors.chapterNotFound');
  return { seriesId: chapter.seriesId, chapterId: chapter.id, link: `/SeriesView/${chapter.seriesSlug}/${chapter.slug}` };
}

/** A series the viewer may see (published; the team sees all), with its page's link. */
async function visibleSeries({ db }: Pick<Deps, 'db'>, seriesId: string, viewer: Viewer) {
  const found = await findSeriesListing(db, seriesId);
  if (!found || (!found.isPublished && !isTeam(viewer))) throw new AppError('series_not_found', 'apiErrors.seriesNotFound');
  return { seriesId: found.id, chapterId: null, link: `/SeriesView/${found.slug}` };
}

/** A page of a target's top-level comments in the asked order, each with its replies, and the count of both. */
async function listFor({ db }: Pick<Deps, 'db'>, target: CommentTarget, query: ListQuery, viewer: Viewer) {
  const { rows, total, replies: replyCount } = await listTopLevel(db, target, query.sort, query.page, COMMENTS_PAGE_SIZE);
  const replies = await listReplies(
    db,
    rows.map((row) => row.id),
  );
  const byParent = groupBy(replies, (reply) => reply.parentId!);
  return {
    items: rows.map((row) => toComment(row, byParent.get(row.id) ?? [], viewer.userId)),
    pagination: pageInfo(query.page, COMMENTS_PAGE_SIZE, total),
    commentCount: total + replyCount,
  };
}

/** The viewer's own live comment, or 404 (someone else's is 403). */
async function ownComment({ db }: Pick<Deps, 'db'>, id: string, userId: string): Promise<CommentRow> {
  const row = await findComment(db, id);
  if (!row || row.hiddenAt !== null || isDeletedRow(row)) throw notFound();
  if (row.userId !== userId) throw new AppError('forbidden', 'apiErrors.reading.ownCommentsOnly');
  return row;
}

/**
 * Comments under chapters and series pages (issue 9 §4): plain text kept exactly as typed (the
 * web renders it as text), one level of replies, an edit window, reports once per reader, a rate
 * limit per reader, and the team's moderation.
 */
export function createCommentsService(deps: Deps) {
  const { db, clock, limiter } = deps;
  return {
    /** `isTeamPreview`: a team member previewing as `viewer` (plugins/auth.ts), who sees every chapter. */
    async listChapterComments(chapterId: string, query: ListQuery, viewer: Viewer, { isTeamPreview = false } = {}) {
      await visibleChapter(deps, chapterId, viewer, isTeamPreview);
      return listFor(deps, { chapterId }, query, viewer);
    },

    async listSeriesComments(seriesId: string, query: ListQuery, viewer: Viewer) {
      await visibleSeries(deps, seriesId, viewer);
      return listFor(deps, { seriesId }, query, viewer);
    },

    /**
     * Posts a comment or a reply. A reply to a reply hangs under the top-level comment (one
     * level), and the author replied to is notified in the same transaction.
     */
    async createComment(viewer: Viewer & { userId: string }, username: string, input: CommentInput) {
      if (await isUserBanned(db, viewer.userId)) throw new AppError('account_banned', 'apiErrors.accountSuspended');
      const place = input.chapterId
        ? await visibleChapter(deps, input.chapterId, viewer)
        : await visibleSeries(deps, input.seriesId!, viewer);

      let parent: CommentRow | undefined;
      if (input.parentId) {
        const replied = await findComment(db, input.parentId);
        const isSamePlace = replied && replied.seriesId === place.seriesId && replied.chapterId === place.chapterId;
        if (!replied || !isSamePlace || replied.hiddenAt !== null) throw notFound();
        parent = replied.parentId ? await findComment(db, replied.parentId) : replied;
        if (!parent || parent.hiddenAt !== null) throw notFound();
      }

      const limit = await limiter.consume(`comment:${viewer.userId}`, {
        max: COMMENT_RATE_LIMIT,
        windowMs: COMMENT_RATE_WINDOW_MS,
      });
      if (!limit.allowed) throw tooManyAttempts(limit.retryAfterSeconds);

      const id = await db.transaction(async (tx) => {
        const created = await insertComment(tx, {
          userId: viewer.userId,
          seriesId: place.seriesId,
          chapterId: place.chapterId,
          parentId: parent?.id ?? null,
          body: input.body,
          isSpoiler: input.isSpoiler,
          createdAt: clock.now(),
        });
        if (parent && !isDeletedRow(parent)) {
          await notifyCommentReply(tx, {
            toUserId: parent.userId,
            fromUserId: viewer.userId,
            byUsername: username,
            commentId: created,
            link: place.link,
            body: input.body,
          });
        }
        return created;
      });
      return { ...toCommentReply((await findComment(db, id))!, viewer.userId), replies: [] };
    },

    /** Within COMMENT_EDIT_WINDOW_MS of posting only; after that, 409. */
    async updateComment(userId: string, id: string, patch: CommentPatch) {
      const row = await ownComment(deps, id, userId);
      const now = clock.now();
      if (now.getTime() - row.createdAt.getTime() > COMMENT_EDIT_WINDOW_MS) {
        throw new AppError('conflict', 'apiErrors.reading.editWindowClosed', {
          values: { minutes: COMMENT_EDIT_WINDOW_MS / 60_000 },
        });
      }
      await updateCommentBody(db, id, { body: patch.body, isSpoiler: patch.isSpoiler, editedAt: now });
      return toCommentReply((await findComment(db, id))!, userId);
    },

    /**
     * Deletes the viewer's comment. A top-level comment with replies keeps its row as
     * "[deleted]" so the thread still reads; the last reply under such a row takes it along.
     */
    async deleteOwnComment(userId: string, id: string) {
      const row = await ownComment(deps, id, userId);
      await db.transaction(async (tx) => {
        if (!row.parentId && (await countReplies(tx, id)) > 0) {
          await updateCommentBody(tx, id, { body: COMMENT_DELETED_BODY, isSpoiler: false, editedAt: null });
          return;
        }
        await deleteComment(tx, id);
        if (row.parentId) {
          const parent = await findComment(tx, row.parentId);
          if (parent && isDeletedRow(parent) && (await countReplies(tx, parent.id)) === 0) await deleteComment(tx, parent.id);
        }
      });
    },

    /** Once per reader per comment: a second report changes nothing (and says so kindly). */
    async reportComment(userId: string, id: string, reason: string) {
      const row = await findComment(db, id);
      if (!row || row.hiddenAt !== null || isDeletedRow(row)) throw notFound();
      const limit = await limiter.consume(`comment-report:${userId}`, {
        max: COMMENT_REPORT_LIMIT,
        windowMs: COMMENT_REPORT_WINDOW_MS,
      });
      if (!limit.allowed) throw tooManyAttempts(limit.retryAfterSeconds);
      const isNew = await insertReport(db, id, userId, reason, clock.now());
      return isNew ? ('apiErrors.success.commentReported' as const) : ('apiErrors.success.commentReportedAlready' as const);
    },

    async listForTeam(query: ModerationQuery) {
      const { rows, total } = await listForModeration(db, query, query.page, TEAM_COMMENTS_PAGE_SIZE);
      const reports = groupBy(
        await listReports(
          db,
          rows.filter((row) => row.reportCount > 0).map((row) => row.id),
        ),
        (report) => report.commentId,
      );
      return {
        items: rows.map((row) => toTeamComment(row, reports.get(row.id) ?? [])),
        pagination: pageInfo(query.page, TEAM_COMMENTS_PAGE_SIZE, total),
      };
    },

    /** Hides a comment from readers (its replies with it), or restores it. */
    async setHiddenByTeam(id: string, hidden: boolean) {
      if (!(await setHidden(db, id, hidden ? clock.now() : null))) throw notFound();
      const row = (await findForModeration(db, id))!;
      return toTeamComment(row, await listReports(db, [id]));
    },

    async deleteByTeam(id: string) {
      if (!(await deleteComment(db, id))) throw notFound();
    },
  };
}
/** Node 20 has no Map.groupBy. */
function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return groups;
}

export type CommentsService = ReturnType<typeof createCommentsService>;
