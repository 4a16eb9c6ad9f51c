// A reader's library (DESIGN §4): the series they follow and where they are in each chapter.
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, real, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { chapters, series } from './catalogue';
import { users } from './users';

/** A reader following a series: its new chapters reach them. */
export const bookmarks = pgTable(
  'bookmarks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seriesId: uuid('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.seriesId] }),
    // The publish fan-out reads every follower of one series.
    index('bookmarks_series_idx').on(t.seriesId),
    // Followers gained per day (metrics).
    index('bookmarks_created_idx').on(t.createdAt),
  ],
);

/** Where a reader is in a chapter, synced across their devices; also their reading history. */
export const readingProgress = pgTable(
  'reading_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    seriesId: uuid('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    /** 1-based page of a comic in paged mode. */
    page: integer('page'),
    /** 0–1 through a novel or a long strip. */
    position: real('position'),
    completed: boolean('completed').notNull().default(false),
    /** When the reader first opened the chapter (issue 39 §4: time from opening to finishing); null on rows from before it was kept. */
    openedAt: timestamp('opened_at', { withTimezone: true }).defaultNow(),
    /** When the chapter was last opened. */
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
    /** Cleared from the history list; the progress and read mark stay. */
    inHistory: boolean('in_history').notNull().default(true),
    /**
     * From when reaching the chapter's end counts as reading it (issue 32): the server's time the
     * reader first opened it plus the time its pages take to read (library/reading-time.ts). Set
     * once; an app's own clock never moves it.
     */
    finishCountsAt: timestamp('finish_counts_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the reader first reached the end at or after `finishCountsAt` (server time), set once:
     * what the month close shares subscriptions by (decision 0030). `completed` is the read mark.
     */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.chapterId] }),
    // The history, newest first, with what leaving out the entries no longer out needs: every
    // history query reads this index alone (library.repository.ts).
    index('reading_progress_history_idx')
      .on(t.userId, t.readAt.desc(), t.chapterId, t.seriesId)
      .where(sql`${t.inHistory}`),
    index('reading_progress_user_series_idx').on(t.userId, t.seriesId),
    // The month close's subscribers' finished chapters.
    index('reading_progress_finished_idx')
      .on(t.userId, t.finishedAt)
      .where(sql`${t.finishedAt} is not null`),
  ],
);

/**
 * A number per reader that moves whenever their reading progress does (any insert, update or
 * delete of their rows, by triggers in the writer's own transaction: migration 0022). The reader's
 * history and Continue row are kept per instance under the version they were read at, so one
 * primary-key read tells every instance whether its copy still holds (decision 0031).
 */
export const libraryVersions = pgTable('library_versions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
});
