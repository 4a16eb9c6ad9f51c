import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['reader', 'editor', 'admin'] })
      .notNull()
      .default('reader'),
    /** Integer coins; changes only beside the ledger row that explains it (store issue). */
    coins: integer('coins').notNull().default(0),
    isBanned: boolean('is_banned').notNull().default(false),
    avatarUrl: text('avatar_url'),
    avatarVersion: integer('avatar_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Unique without regard to case; lookups use lower() so they hit these indexes.
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    check('users_coins_nonnegative', sql`${t.coins} >= 0`),
    check('users_role_known', sql`${t.role} in ('reader', 'editor', 'admin')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The absolute end, however active the session is. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash), index('password_reset_tokens_user_idx').on(t.userId)],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('body_text').notNull(),
    /** queued → sent | failed over SMTP; logged when no relay is configured. */
    status: text('status', { enum: ['queued', 'sent', 'failed', 'logged'] }).notNull(),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    link: text('link'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.isRead} = false`),
  ],
);

/** Site-wide settings as key → JSON value (site name, Discord link, footer contacts …). */
export const siteConfig = pgTable('site_config', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

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
    /** Newest published chapter's time; kept by chapter writes and the schedule tick. */
    lastChapterAt: timestamp('last_chapter_at', { withTimezone: true }),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
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
    // The team's list, newest edit first.
    index('series_updated_idx').on(t.updatedAt.desc()),
    index('series_title_idx').on(t.title),
    check('series_views_nonnegative', sql`${t.views} >= 0`),
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
    /**
     * When the release was claimed (DESIGN §5 publishing): set once by a conditional update, so what
     * follows a release happens exactly once however many instances run.
     */
    announcedAt: timestamp('announced_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chapters_series_slug_key').on(t.seriesId, t.slug),
    index('chapters_series_number_idx').on(t.seriesId, t.number),
    index('chapters_series_published_idx').on(t.seriesId, t.publishedAt.desc()),
    index('chapters_published_idx').on(t.publishedAt),
    // The publish tick's scan: only chapters not yet announced.
    index('chapters_unannounced_idx')
      .on(t.publishedAt)
      .where(sql`${t.announcedAt} is null and ${t.publishedAt} is not null`),
    check('chapters_price_nonnegative', sql`${t.price} >= 0`),
    check('chapters_number_nonnegative', sql`${t.number} >= 0`),
  ],
);

export const chapterPages = pgTable(
  'chapter_pages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    imageKey: text('image_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chapter_pages_chapter_position_idx').on(t.chapterId, t.position)],
);

export const banners = pgTable(
  'banners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    link: text('link').notNull().default(''),
    imageKey: text('image_key'),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('banners_position_idx').on(t.position)],
);

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
