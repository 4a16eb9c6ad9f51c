import { COMMENT_DELETED_BODY } from '@inkwell/contract';
import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../../../db/client';
import { commentReports, comments } from '../../../../db/schema';

/**
 * A deleted account's comments stay in their threads as "[deleted]" (their author the anonymous
 * row, their words gone), and the reports it sent go, each comment counting one report fewer.
 * In the caller's transaction (issue 36 §3).
 */
export async function anonymiseCommentsOf(tx: Transaction, userId: string): Promise<void> {
  await tx
    .update(comments)
    .set({ body: COMMENT_DELETED_BODY, isSpoiler: false, editedAt: null })
    .where(eq(comments.userId, userId));
  const reported = await tx
    .delete(commentReports)
    .where(eq(commentReports.userId, userId))
    .returning({ commentId: commentReports.commentId });
  for (const { commentId } of reported) {
    await tx
      .update(comments)
      .set({ reportCount: sql`greatest(${comments.reportCount} - 1, 0)` })
      .where(eq(comments.id, commentId));
  }
}
