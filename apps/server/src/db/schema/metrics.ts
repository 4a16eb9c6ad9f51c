// View counts (issue 7 §4.13): per-day totals and who has been counted today.
import { date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { series } from './catalogue';

/** A series-level row has the nil uuid as chapter_id. Rows are added up in batches, never per read. */
export const NIL_UUID = '00000000-0000-0000-0000-000000000000';
export const dailyViews = pgTable(
  'daily_views',
  {
    day: date('day', { mode: 'string' }).notNull(),
    seriesId: uuid('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    chapterId: uuid('chapter_id').notNull().default(NIL_UUID),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.seriesId, t.chapterId] }), index('daily_views_series_day_idx').on(t.seriesId, t.day)],
);

/**
 * Who has been counted today for what (issue 7 §4.13): a view counts once per visitor per series
 * or chapter per day, across every instance. `visitor` is a user id or a daily hash of address and
 * browser; rows older than two days are pruned by a job.
 */
export const viewMarks = pgTable(
  'view_marks',
  {
    day: date('day', { mode: 'string' }).notNull(),
    visitor: text('visitor').notNull(),
    seriesId: uuid('series_id').notNull(),
    chapterId: uuid('chapter_id').notNull().default(NIL_UUID),
  },
  (t) => [primaryKey({ columns: [t.day, t.visitor, t.seriesId, t.chapterId] })],
);
