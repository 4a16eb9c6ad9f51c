import type { Database } from '../../../../db/client';
import { notifications } from '../../../../db/schema';
import type { Notice } from '../notice-messages';

// Notices other modules write through notifications, in their own transaction when they pass one:
// a welcome (registration), a comment's reply, a gift's to the series' payees (payouts).

/** A notice as written: its message and values (said in the reader's language when read), where it leads. */
export type NewNotice = Notice & {
  userId: string;
  link?: string | null;
  kind?: string;
  chapterId?: string | null;
  createdAt?: Date;
};

const noticeRow = ({ message, values, ...row }: NewNotice) => ({ ...row, message, messageValues: values });

/** One notice; `kind` says what it is about (general, new_chapter, chapter_free, comment_reply, gift, pass_ready). */
export async function createNotification(db: Database, notice: NewNotice): Promise<void> {
  await db.insert(notifications).values(noticeRow(notice));
}

/** Several notices in one insert, in the caller's transaction (a gift's to the series' payees, at its time). */
export async function createNotifications(db: Database, notices: NewNotice[]): Promise<void> {
  if (notices.length === 0) return;
  await db.insert(notifications).values(notices.map(noticeRow));
}
