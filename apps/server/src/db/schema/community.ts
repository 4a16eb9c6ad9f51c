// What the team and readers write for others (issue 9): announcements, comments and their reports.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { chapters, series } from './catalogue';
import { users } from './users';

export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    /** Sanitized HTML. */
    body: text('body').notNull().default(''),
    excerpt: text('excerpt').notNull().default(''),
    coverKey: text('cover_key'),
    coverWidth: integer('cover_width'),
    coverHeight: integer('cover_height'),
    /** null: draft; in the future: scheduled; otherwise published. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    pinned: boolean('pinned').notNull().default(false),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('announcements_slug_key').on(t.slug),
    index('announcements_published_idx').on(t.publishedAt.desc()),
    index('announcements_updated_idx').on(t.updatedAt.desc()),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Always set: a chapter's comment also names its series (for moderation and the user's list). */
    seriesId: uuid('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    /** null: a comment on the series page. */
    chapterId: uuid('chapter_id').references(() => chapters.id, { onDelete: 'cascade' }),
    /** One level of replies: a reply's parent is never itself a reply. */
    parentId: uuid('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    /** Plain text as written; never rendered as markup. */
    body: text('body').notNull(),
    isSpoiler: boolean('is_spoiler').notNull().default(false),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    reportCount: integer('report_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('comments_chapter_idx')
      .on(t.chapterId, t.createdAt)
      .where(sql`${t.parentId} is null`),
    index('comments_series_idx')
      .on(t.seriesId, t.createdAt)
      .where(sql`${t.parentId} is null and ${t.chapterId} is null`),
    index('comments_parent_idx').on(t.parentId, t.createdAt),
    index('comments_user_idx').on(t.userId, t.createdAt.desc()),
    index('comments_created_idx').on(t.createdAt.desc()),
    // The team's hidden comments, newest first (a few among many).
    index('comments_hidden_idx')
      .on(t.createdAt.desc())
      .where(sql`${t.hiddenAt} is not null`),
    index('comments_reported_idx')
      .on(t.reportCount.desc(), t.createdAt.desc())
      .where(sql`${t.reportCount} > 0`),
    check('comments_body_length', sql`char_length(${t.body}) between 1 and 5000`),
  ],
);

export const commentReports = pgTable(
  'comment_reports',
  {
    commentId: uuid('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] })],
);
