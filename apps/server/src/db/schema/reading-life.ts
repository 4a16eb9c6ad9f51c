// Reading that follows the reader (issue 39): each device's own place in a chapter beside the merged
// one, the reader's settings kept in the account (and per series), the shared yearly card, "readers
// also read" and the relations between series (an adaptation and its source, with a chapter map).
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { chapters, series } from './catalogue';
import { users } from './users';

/**
 * Where one device of a reader last was in a chapter (issue 39 §1). `reading_progress` keeps the
 * merged place; these rows let a reader who opens the chapter elsewhere choose between them.
 * `device_id` is stable per device: the browser's own id, KOReader's device_id, a device key's id.
 */
export const readingPlaces = pgTable(
  'reading_places',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    /** What the reader sees: "Firefox on Android", "KOReader · Kobo Libra 2". */
    deviceName: text('device_name').notNull(),
    app: text('app', { enum: ['web', 'koreader', 'opds', 'opds2'] }).notNull(),
    /** 1-based page of a comic in paged mode. */
    page: integer('page'),
    /** 0–1 through a novel or a long strip. */
    position: real('position'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.chapterId, t.deviceId] }),
    // A chapter's deletion cascades here: without it, each one would read the whole table.
    index('reading_places_chapter_idx').on(t.chapterId),
  ],
);

/**
 * The reader's comic and novel settings, kept in the account so they follow them to every browser
 * (issue 39 §2). Data saver and the strip's gap stay per device and are not stored here.
 */
export const readerSettings = pgTable('reader_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** `{mode, direction, fit}` of the comic reader; keys left out keep the defaults. */
  comic: jsonb('comic').$type<Record<string, unknown>>().notNull().default({}),
  /** `{font, size, lineHeight, width, theme}` of the novel reader. */
  novel: jsonb('novel').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A reader's own way of reading one series, which wins over the series' defaults and their general choice. */
export const seriesReaderSettings = pgTable(
  'series_reader_settings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seriesId: uuid('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: ['strip', 'paged'] }),
    direction: text('direction', { enum: ['ltr', 'rtl'] }),
    fit: text('fit', { enum: ['width', 'height', 'original'] }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.seriesId] })],
);

/** A reader's yearly card shared by link (issue 39 §4): the link works until they stop sharing it. */
export const readingYearShares = pgTable(
  'reading_year_shares',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    /** The share link's unguessable part. */
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.year] }), check('reading_year_shares_year', sql`${t.year} between 2000 and 2200`)],
);

/**
 * "Readers of this series also read" (issue 39 §5), computed by a nightly job from co-reading of at
 * least three chapters; a pair is kept only when at least 5 readers share it.
 */
export const seriesAlsoRead = pgTable(
  'series_also_read',
  {
    seriesId: uuid('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    otherSeriesId: uuid('other_series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    readers: integer('readers').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.otherSeriesId] }),
    index('series_also_read_rank_idx').on(t.seriesId, t.readers.desc()),
    check('series_also_read_pair', sql`${t.seriesId} <> ${t.otherSeriesId}`),
    check('series_also_read_threshold', sql`${t.readers} >= 5`),
  ],
);

/**
 * How two series are related (issue 39 §5), kept in both directions in one transaction: a comic's
 * `source` is the novel whose `adaptation` it is; a `sequel` pairs with a `prequel`.
 */
export const seriesRelations = pgTable(
  'series_relations',
  {
    seriesId: uuid('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    relatedSeriesId: uuid('related_series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['adaptation', 'source', 'sequel', 'prequel', 'spin-off', 'spun-off-from'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.relatedSeriesId] }),
    check('series_relations_pair', sql`${t.seriesId} <> ${t.relatedSeriesId}`),
  ],
);

/**
 * A related series' chapter that a chapter corresponds to (a webtoon's chapter 40 ends at the
 * novel's chapter 112), kept in both directions like the relation.
 */
export const seriesChapterMaps = pgTable(
  'series_chapter_maps',
  {
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    relatedSeriesId: uuid('related_series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    relatedChapterId: uuid('related_chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.chapterId, t.relatedSeriesId] }),
    index('series_chapter_maps_related_idx').on(t.relatedChapterId),
  ],
);
