// What is read: series, their genres, chapters and the pages of comic chapters.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

export const series = pgTable(
  'series',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: ['comic', 'novel'] }).notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    /** Other titles, as the editor writes them (comma separated). */
    alternativeNames: text('alternative_names').notNull().default(''),
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['ongoing', 'completed', 'hiatus', 'cancelled'] })
      .notNull()
      .default('ongoing'),
    coverKey: text('cover_key'),
    coverWidth: integer('cover_width'),
    coverHeight: integer('cover_height'),
    author: text('author').notNull().default(''),
    artist: text('artist').notNull().default(''),
    releaseYear: integer('release_year'),
    isAdult: boolean('is_adult').notNull().default(false),
    isPublished: boolean('is_published').notNull().default(false),
    // The ladder of ways a locked chapter opens (issue 22 §1), besides coins and a plan.
    /** Wait-until-free: a reader's pass opens one chapter, then recharges this long; null: no pass. */
    waitPassIntervalHours: integer('wait_pass_interval_hours'),
    /** How long a pass or the daily free opens a chapter (a rental). */
    rentalHours: integer('rental_hours').notNull().default(72),
    /** The newest chapters a pass can never open. */
    waitPassExcludesNewest: integer('wait_pass_excludes_newest').notNull().default(0),
    /** A completed series' daily free: one rental a day per reader. */
    dailyFree: boolean('daily_free').notNull().default(false),
    /** Off the sum when a reader unlocks all the chapters still for sale to them at once. */
    bundleDiscountPercent: integer('bundle_discount_percent').notNull().default(0),
    /** Newest published chapter's time; kept by chapter writes and the schedule tick. */
    lastChapterAt: timestamp('last_chapter_at', { withTimezone: true }),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    /** The language it is written in (BCP 47, issue 35 §2); its translations are series_editions. */
    originalLanguage: text('original_language').notNull().default('en'),
    /** How a comic's pages turn in the paged reader: 'rtl' for manga (ComicInfo's Manga = YesAndRightToLeft, issue 37). */
    readingDirection: text('reading_direction', { enum: ['ltr', 'rtl'] })
      .notNull()
      .default('ltr'),
    /** How a comic reads before the reader picks (issue 39 §2): strip or paged; null leaves it to the reader's own choice. */
    readingMode: text('reading_mode', { enum: ['strip', 'paged'] }),
    /** The series' own site (ComicInfo's Web), shown on its page; '' when none. */
    website: text('website').notNull().default(''),
    /** A digest of the metadata an import last wrote (issue 37 §1): the next import leaves it alone while it is the same. */
    importHash: text('import_hash'),
    /** What search ranks over; a trigram index on it keeps search fast at a million rows. */
    searchText: text('search_text').generatedAlwaysAs(
      (): ReturnType<typeof sql> => sql`lower(${series.title} || ' ' || ${series.alternativeNames})`,
    ),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('series_slug_key').on(t.slug),
    index('series_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('series_latest_idx')
      .on(t.lastChapterAt.desc().nullsLast(), t.createdAt.desc())
      .where(sql`${t.isPublished}`),
    index('series_popular_idx')
      .on(t.views.desc(), t.title, t.id)
      .where(sql`${t.isPublished}`),
    index('series_created_idx')
      .on(t.createdAt.desc())
      .where(sql`${t.isPublished}`),
    // The team's list, newest edit first (then by id, so series saved at one moment need no sort).
    index('series_updated_idx').on(t.updatedAt.desc(), t.id),
    index('series_title_idx').on(t.title),
    // The few unpublished series, which a reader's history and library leave out.
    index('series_unpublished_idx')
      .on(t.id)
      .where(sql`not ${t.isPublished}`),
    check('series_views_nonnegative', sql`${t.views} >= 0`),
    check('series_wait_pass_interval', sql`${t.waitPassIntervalHours} is null or ${t.waitPassIntervalHours} in (24, 72, 168)`),
    check('series_rental_hours', sql`${t.rentalHours} between 1 and 720`),
    check('series_wait_pass_excludes', sql`${t.waitPassExcludesNewest} between 0 and 1000`),
    check('series_bundle_discount', sql`${t.bundleDiscountPercent} between 0 and 90`),
  ],
);

export const genres = pgTable(
  'genres',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('genres_slug_key').on(t.slug), uniqueIndex('genres_name_lower_key').on(sql`lower(${t.name})`)],
);

export const seriesGenres = pgTable(
  'series_genres',
  {
    seriesId: uuid('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    genreId: uuid('genre_id')
      .notNull()
      .references(() => genres.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.genreId] }), index('series_genres_genre_idx').on(t.genreId)],
);

export const chapters = pgTable(
  'chapters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seriesId: uuid('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    number: numeric('number', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull().default(''),
    /** null: draft; in the future: scheduled; otherwise published. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Coins; 0 is free. */
    price: integer('price').notNull().default(0),
    /** Early access: a priced chapter becomes free at this moment. */
    freeAt: timestamp('free_at', { withTimezone: true }),
    /** A novel chapter's sanitized HTML; null for comics. */
    content: text('content'),
    /** The paywall preview of a locked chapter: its first pages (comics) … */
    previewPages: integer('preview_pages').notNull().default(0),
    /** … or this share of its text, in percent (novels). */
    previewPercent: integer('preview_percent').notNull().default(0),
    /**
     * When the release was claimed (DESIGN §5 publishing): set once by a conditional update, so what
     * follows a release happens exactly once however many instances run.
     */
    announcedAt: timestamp('announced_at', { withTimezone: true }),
    /** The language of its title, text and pages: its series' original (issue 35 §2); translations are chapter_editions. */
    language: text('language').notNull().default('en'),
    /** The volume it belongs to (issue 37 §2); null: none. */
    volume: numeric('volume', { precision: 10, scale: 2, mode: 'number' }),
    /** A digest of the file an import made it from (issue 37 §1): the same file again changes nothing. */
    importHash: text('import_hash'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chapters_series_slug_key').on(t.seriesId, t.slug),
    index('chapters_series_number_idx').on(t.seriesId, t.number),
    index('chapters_series_published_idx').on(t.seriesId, t.publishedAt.desc()),
    index('chapters_published_idx').on(t.publishedAt),
    // The few priced chapters of each series: the premium filter's "is there one to pay for now?".
    index('chapters_priced_idx')
      .on(t.seriesId, t.publishedAt, t.freeAt)
      .where(sql`${t.price} > 0`),
    // The publish tick's scan: only chapters not yet announced.
    index('chapters_unannounced_idx')
      .on(t.publishedAt)
      .where(sql`${t.announcedAt} is null and ${t.publishedAt} is not null`),
    check('chapters_price_nonnegative', sql`${t.price} >= 0`),
    check('chapters_preview_range', sql`${t.previewPages} between 0 and 50 and ${t.previewPercent} between 0 and 50`),
    check('chapters_number_nonnegative', sql`${t.number} >= 0`),
    check('chapters_volume_nonnegative', sql`${t.volume} is null or ${t.volume} >= 0`),
  ],
);

export const chapterPages = pgTable(
  'chapter_pages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    /** null: the original's pages; otherwise a translated edition's (issue 35 §2). */
    language: text('language'),
    position: integer('position').notNull(),
    imageKey: text('image_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chapter_pages_chapter_language_position_idx').on(t.chapterId, t.language, t.position)],
);

/**
 * A series' translated edition (issue 35 §2, decision 0039): its title and description in another
 * language. The original edition is the series row itself; chapters stay one row each, and their
 * translations are chapter_editions, so prices, unlocks and progress stay per chapter.
 */
export const seriesEditions = pgTable(
  'series_editions',
  {
    seriesId: uuid('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** What search matches an edition's title on, as series.search_text for the original. */
    searchText: text('search_text').generatedAlwaysAs((): ReturnType<typeof sql> => sql`lower(${seriesEditions.title})`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.language] }),
    index('series_editions_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

/** A chapter's translation into one of its series' editions: its title and a novel's text (a comic's pages are chapter_pages with the language). */
export const chapterEditions = pgTable(
  'chapter_editions',
  {
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    title: text('title').notNull().default(''),
    /** A novel chapter's sanitized HTML in this language; null for comics. */
    content: text('content'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chapterId, t.language] })],
);

/** The roles a credit names (issue 37 §2), in the order they are shown. */
export const CREDIT_ROLES = ['writer', 'artist', 'translator', 'letterer', 'editor', 'other'] as const;

/**
 * Who made a series (issue 37 §2): its default credits, which each chapter inherits for every role
 * the chapter does not name itself. `user_id` links a credit to an account on the site; erasing that
 * account unlinks it and the name, as the team wrote it, stays.
 */
export const seriesCredits = pgTable(
  'series_credits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seriesId: uuid('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    role: text('role', { enum: CREDIT_ROLES }).notNull(),
    name: text('name').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('series_credits_series_idx').on(t.seriesId, t.position), index('series_credits_user_idx').on(t.userId)],
);

/** A chapter's own credits (issue 37 §2): for the roles it names, they replace the series' defaults. */
export const chapterCredits = pgTable(
  'chapter_credits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    role: text('role', { enum: CREDIT_ROLES }).notNull(),
    name: text('name').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('chapter_credits_chapter_idx').on(t.chapterId, t.position), index('chapter_credits_user_idx').on(t.userId)],
);
