// The bell's list (SPEC §7) and the "notify me when free" requests that feed it.
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { chapters, series } from './catalogue';
import { users } from './users';

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The English words of a notice written before it was stored as a message (issue 35 §1); null since. */
    title: text('title'),
    description: text('description'),
    /** Which notice it is (notifications' notice-messages.ts), said in the reader's language when read. */
    message: text('message'),
    /** What fills the message: a series' title, a chapter's number, a username. */
    messageValues: jsonb('message_values').$type<Record<string, string | number>>(),
    link: text('link'),
    isRead: boolean('is_read').notNull().default(false),
    /** What it is about: 'general', 'new_chapter', 'chapter_free', 'comment_reply'. */
    kind: text('kind').notNull().default('general'),
    chapterId: uuid('chapter_id'),
    createdAt: createdAt(),
  },
  (t) => [
    // A reader's notices newest first, ties by id, as the list orders them (`desc`, nulls first):
    // read backwards, a page reads its own rows only, however many notices the reader has. A
    // `desc()` index column here would be nulls last, which that order cannot use.
    index('notifications_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.isRead} = false`),
    // A reader hears of a chapter's release once, however the fan-out's jobs race or repeat.
    uniqueIndex('notifications_new_chapter_key')
      .on(t.userId, t.chapterId)
      .where(sql`${t.kind} = 'new_chapter'`),
  ],
);

/** "Notify me when free" on an early-access chapter: one notification, claimed once. */
export const chapterFreeAlerts = pgTable(
  'chapter_free_alerts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.chapterId] }),
    index('chapter_free_alerts_pending_idx')
      .on(t.chapterId)
      .where(sql`${t.notifiedAt} is null`),
  ],
);

/**
 * "Notify me when my pass is back" in a series with wait-until-free (issue 22 §1): one per reader
 * and series, due at the time the pass recharges, claimed once (asked again, it is due again).
 */
export const passAlerts = pgTable(
  'pass_alerts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seriesId: uuid('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    notifyAt: timestamp('notify_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.seriesId] }),
    index('pass_alerts_due_idx')
      .on(t.notifyAt)
      .where(sql`${t.notifiedAt} is null`),
  ],
);
