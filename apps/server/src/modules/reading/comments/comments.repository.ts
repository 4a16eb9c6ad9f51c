import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, gt, sql, type SQL } from 'drizzle-orm';
import type { MODERATION_FILTERS } from '@inkwell/contract';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client';
import { listCountQuery } from '../../../db/list-counts';
import { escapeLike } from '../../../db/sql';
import { commentReports, comments } from '../../../db/schema';
import { chapterLinkColumns, joinChapter } from '../../catalogue/chapters';
import { joinSeries, seriesLinkColumns } from '../../catalogue/series';
import { joinUser, userAuthorColumns, userNameColumns } from '../../identity/users';

/** The columns a comment is shown with, its author's beside it. */
const commentColumns = {
  id: comments.id,
  userId: comments.userId,
  seriesId: comments.seriesId,
  chapterId: comments.chapterId,
  parentId: comments.parentId,
  body: comments.body,
  isSpoiler: comments.isSpoiler,
  hiddenAt: comments.hiddenAt,
  editedAt: comments.editedAt,
  reportCount: comments.reportCount,
  createdAt: comments.createdAt,
  author: userAuthorColumns,
};

/** Where a list of comments hangs: a chapter's, or the series page's own (not its chapters'). */
export type CommentTarget = { chapterId: string } | { seriesId: string };
export type CommentSort = 'newest' | 'oldest';

export async function findComment(db: Database, id: string) {
  const [row] = await db
    .select(commentColumns)
    .from(comments)
    .innerJoin(...joinUser(comments.userId))
    .where(eq(comments.id, id))
    .limit(1);
  return row;
}
export type CommentRow = NonNullable<Awaited<ReturnType<typeof findComment>>>;

/** Top-level comments only; each on the partial index of its target (comments_chapter_idx / comments_series_idx). */
const topLevelOf = (target: CommentTarget) =>
  'chapterId' in target
    ? and(eq(comments.chapterId, target.chapterId), isNull(comments.parentId), isNull(comments.hiddenAt))
    : and(
        eq(comments.seriesId, target.seriesId),
        isNull(comments.chapterId),
        isNull(comments.parentId),
        isNull(comments.hiddenAt),
      );

/** One page of a target's visible top-level comments (query-plans.test.ts explains it). */
export function topLevelPageQuery(db: Database, target: CommentTarget, sort: CommentSort, page: number, perPage: number) {
  const order = sort === 'newest' ? [desc(comments.createdAt), desc(comments.id)] : [asc(comments.createdAt), asc(comments.id)];
  return db
    .select(commentColumns)
    .from(comments)
    .innerJoin(...joinUser(comments.userId))
    .where(topLevelOf(target))
    .orderBy(...order)
    .limit(perPage)
    .offset((page - 1) * perPage);
}

/** One page of a target's visible top-level comments, and how many there are. */
export async function listTopLevel(db: Database, target: CommentTarget, sort: CommentSort, page: number, perPage: number) {
  const replies = alias(comments, 'replies');
  const [rows, [total], [replyCount]] = await Promise.all([
    topLevelPageQuery(db, target, sort, page, perPage),
    db.select({ n: count() }).from(comments).where(topLevelOf(target)),
    // The visible replies of the visible threads: the parents on their target's index, their replies on comments_parent_idx.
    db
      .select({ n: count() })
      .from(comments)
      .innerJoin(replies, and(eq(replies.parentId, comments.id), isNull(replies.hiddenAt)))
      .where(topLevelOf(target)),
  ]);
  return { rows, total: total?.n ?? 0, replies: replyCount?.n ?? 0 };
}

/** The visible replies of a page's comments, oldest first, in one query (comments_parent_idx). */
export function repliesQuery(db: Database, parentIds: string[]) {
  return db
    .select(commentColumns)
    .from(comments)
    .innerJoin(...joinUser(comments.userId))
    .where(and(inArray(comments.parentId, parentIds), isNull(comments.hiddenAt)))
    .orderBy(asc(comments.createdAt), asc(comments.id));
}

export async function listReplies(db: Database, parentIds: string[]) {
  if (parentIds.length === 0) return [];
  return repliesQuery(db, parentIds);
}

export interface CommentWrite {
  userId: string;
  seriesId: string;
  chapterId: string | null;
  parentId: string | null;
  body: string;
  isSpoiler: boolean;
  createdAt: Date;
}

export async function insertComment(db: Database, values: CommentWrite): Promise<string> {
  const [row] = await db.insert(comments).values(values).returning({ id: comments.id });
  return row!.id;
}

export async function updateCommentBody(
  db: Database,
  id: string,
  values: { body: string; isSpoiler?: boolean; editedAt: Date | null },
) {
  await db.update(comments).set(values).where(eq(comments.id, id));
}

export async function deleteComment(db: Database, id: string): Promise<boolean> {
  const rows = await db.delete(comments).where(eq(comments.id, id)).returning({ id: comments.id });
  return rows.length > 0;
}

export async function countReplies(db: Database, parentId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(comments).where(eq(comments.parentId, parentId));
  return row?.n ?? 0;
}

/** A reader's report, once per comment: report_count moves only when the report is new. */
export async function insertReport(db: Database, commentId: string, userId: string, reason: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(commentReports)
      .values({ commentId, userId, reason, createdAt: now })
      .onConflictDoNothing()
      .returning({ commentId: commentReports.commentId });
    if (inserted.length === 0) return false;
    await tx
      .update(comments)
      .set({ reportCount: sql`${comments.reportCount} + 1` })
      .where(eq(comments.id, commentId));
    return true;
  });
}

// Moderation.

export type ModerationFilter = (typeof MODERATION_FILTERS)[number];

const moderationWhere = (filter: { status: ModerationFilter; userId?: string; q?: string }) => {
  const conditions: SQL[] = [];
  if (filter.status === 'reported') conditions.push(gt(comments.reportCount, 0));
  if (filter.status === 'hidden') conditions.push(isNotNull(comments.hiddenAt));
  if (filter.userId) conditions.push(eq(comments.userId, filter.userId));
  if (filter.q) conditions.push(ilike(comments.body, `%${escapeLike(filter.q)}%`));
  return conditions.length > 0 ? and(...conditions) : undefined;
};

const moderationColumns = {
  ...commentColumns,
  series: seriesLinkColumns,
  ...chapterLinkColumns,
};

const moderationQuery = (db: Database) =>
  db
    .select(moderationColumns)
    .from(comments)
    .innerJoin(...joinUser(comments.userId))
    .innerJoin(...joinSeries(comments.seriesId))
    .leftJoin(...joinChapter(comments.chapterId));

/** The team's list, newest first (comments_created_idx; a user's on comments_user_idx). */
export function moderationPageQuery(
  db: Database,
  filter: { status: ModerationFilter; userId?: string; q?: string },
  page: number,
  perPage: number,
) {
  return (
    moderationQuery(db)
      .where(moderationWhere(filter))
      // "nulls last" as the indexes are declared, or PostgreSQL sorts the whole table.
      .orderBy(sql`${comments.createdAt} desc nulls last`, desc(comments.id))
      .limit(perPage)
      .offset((page - 1) * perPage)
  );
}

/**
 * How many comments the team's list holds: every comment is one row of list_counts' sum (kept by
 * triggers, exact at any size); the other filters read their indexes and count the matches.
 */
export function moderationCountQuery(db: Database, filter: { status: ModerationFilter; userId?: string; q?: string }) {
  if (!moderationWhere(filter)) return listCountQuery(db, 'comments', ['']);
  return db.select({ n: count() }).from(comments).where(moderationWhere(filter));
}

export async function listForModeration(
  db: Database,
  filter: { status: ModerationFilter; userId?: string; q?: string },
  page: number,
  perPage: number,
) {
  const [rows, [total]] = await Promise.all([moderationPageQuery(db, filter, page, perPage), moderationCountQuery(db, filter)]);
  return { rows, total: total?.n ?? 0 };
}
export type ModerationRow = Awaited<ReturnType<typeof listForModeration>>['rows'][number];

export async function findForModeration(db: Database, id: string): Promise<ModerationRow | undefined> {
  const [row] = await moderationQuery(db).where(eq(comments.id, id)).limit(1);
  return row;
}

/** The reports of a page of comments, newest first, with who sent each. */
export async function listReports(db: Database, commentIds: string[]) {
  if (commentIds.length === 0) return [];
  return db
    .select({
      commentId: commentReports.commentId,
      reason: commentReports.reason,
      createdAt: commentReports.createdAt,
      ...userNameColumns,
    })
    .from(commentReports)
    .innerJoin(...joinUser(commentReports.userId))
    .where(inArray(commentReports.commentId, commentIds))
    .orderBy(desc(commentReports.createdAt));
}

export async function setHidden(db: Database, id: string, hiddenAt: Date | null): Promise<boolean> {
  const rows = await db.update(comments).set({ hiddenAt }).where(eq(comments.id, id)).returning({ id: comments.id });
  return rows.length > 0;
}
