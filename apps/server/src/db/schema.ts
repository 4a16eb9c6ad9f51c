import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  real,
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
  type AnyPgColumn,
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
    /** Two-factor sign-in (issue 10): the authenticator's base32 secret, sealed with the session secret. */
    totpSecret: text('totp_secret'),
    /** Set once the reader confirmed a first code; until then the secret is only proposed. */
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last 30-second step a code was accepted for: the same code is not accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Unlock a locked chapter on opening it, when the coins are there (the store's option). */
    autoUnlock: boolean('auto_unlock').notNull().default(false),
    /** E-mail about new chapters of followed series: off, instant or a daily digest. */
    newChapterEmail: text('new_chapter_email', { enum: ['off', 'instant', 'daily'] })
      .notNull()
      .default('off'),
    /** When the last daily digest went out (only new chapters after it go in the next). */
    lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
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
    // Sign-ups per day (admin metrics).
    index('users_created_idx').on(t.createdAt),
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
    /** What it is about: 'general', 'new_chapter', 'chapter_free', 'comment_reply'. */
    kind: text('kind').notNull().default('general'),
    chapterId: uuid('chapter_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.isRead} = false`),
    // A reader hears of a chapter's release once, however the fan-out's jobs race or repeat.
    uniqueIndex('notifications_new_chapter_key')
      .on(t.userId, t.chapterId)
      .where(sql`${t.kind} = 'new_chapter'`),
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
    /** The paywall preview of a locked chapter: its first pages (comics) … */
    previewPages: integer('preview_pages').notNull().default(0),
    /** … or this share of its text, in percent (novels). */
    previewPercent: integer('preview_percent').notNull().default(0),
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
    check('chapters_preview_range', sql`${t.previewPages} between 0 and 50 and ${t.previewPercent} between 0 and 50`),
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
    /** A line under the title. Both are drawn as live text over the image (legible on a phone, translatable). */
    subtitle: text('subtitle').notNull().default(''),
    /** Off for artwork that carries its own lettering. */
    showText: boolean('show_text').notNull().default(true),
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

// The store (DESIGN §5 Coins, Subscriptions, Payments; decision 0009).

export const coinPackages = pgTable(
  'coin_packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    coins: integer('coins').notNull(),
    bonusCoins: integer('bonus_coins').notNull().default(0),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency', { enum: ['usd', 'eur', 'gbp'] }).notNull().default('usd'),
    /** An inactive package is off sale; a package that has been sold is never deleted. */
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('coin_packages_amounts', sql`${t.coins} > 0 and ${t.bonusCoins} >= 0 and ${t.priceCents} > 0`),
  ],
);

export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency', { enum: ['usd', 'eur', 'gbp'] }).notNull().default('usd'),
    interval: text('interval', { enum: ['month', 'year'] }).notNull(),
    includesPremium: boolean('includes_premium').notNull().default(true),
    coinsPerPeriod: integer('coins_per_period').notNull().default(0),
    /** Archived when false: off sale, kept for those who bought it. */
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('plans_amounts', sql`${t.priceCents} > 0 and ${t.coinsPerPeriod} >= 0`),
    check('plans_interval_known', sql`${t.interval} in ('month', 'year')`),
  ],
);

export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['coins', 'plan'] }).notNull(),
    /** pending → paid | cancelled | failed; paid → refunded. Changed only by conditional updates. */
    status: text('status', { enum: ['pending', 'paid', 'cancelled', 'refunded', 'failed'] })
      .notNull()
      .default('pending'),
    packageId: uuid('package_id').references(() => coinPackages.id),
    planId: uuid('plan_id').references(() => plans.id),
    /** The subscription a plan purchase started or renewed (no foreign key: the two tables point at each other). */
    subscriptionId: uuid('subscription_id'),
    /** What was charged and credited, copied at checkout: later edits of the package change nothing here. */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency', { enum: ['usd', 'eur', 'gbp'] }).notNull(),
    coins: integer('coins').notNull().default(0),
    itemName: text('item_name').notNull(),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    /** The provider's checkout session id: a payment is fulfilled once per session. */
    providerSessionId: text('provider_session_id'),
    /** Stripe's payment intent (coins) or subscription (plans), for refunds and renewals. */
    providerPaymentId: text('provider_payment_id'),
    returnTo: text('return_to'),
    unlockChapterId: uuid('unlock_chapter_id'),
    /** Coins taken back by a refund (what was left of the credit, never more than the balance). */
    coinsReversed: integer('coins_reversed').notNull().default(0),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    index('purchases_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('purchases_created_idx').on(t.createdAt.desc()),
    // Revenue per day (admin metrics).
    index('purchases_paid_idx').on(t.paidAt),
    uniqueIndex('purchases_provider_session_key').on(t.providerSessionId),
    index('purchases_provider_payment_idx').on(t.providerPaymentId),
    check('purchases_amounts', sql`${t.amountCents} > 0 and ${t.coins} >= 0 and ${t.coinsReversed} >= 0`),
    check(
      'purchases_item',
      sql`(${t.kind} = 'coins' and ${t.packageId} is not null) or (${t.kind} = 'plan' and ${t.planId} is not null)`,
    ),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchases.id),
    /** active until it ends; access lasts while active and current_period_end is ahead. */
    status: text('status', { enum: ['active', 'ended'] })
      .notNull()
      .default('active'),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    providerSubscriptionId: text('provider_subscription_id'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One subscription per purchase, and at most one running per reader.
    uniqueIndex('subscriptions_purchase_key').on(t.purchaseId),
    uniqueIndex('subscriptions_user_active_key')
      .on(t.userId)
      .where(sql`${t.status} = 'active'`),
    uniqueIndex('subscriptions_provider_key').on(t.providerSubscriptionId),
    // The test renewal job's scan.
    index('subscriptions_active_period_end_idx')
      .on(t.currentPeriodEnd)
      .where(sql`${t.status} = 'active'`),
  ],
);

/** Provider events already taken in, by the provider's event id: a replayed event is ignored. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
});

/**
 * Every coin movement. Append-only (a trigger refuses UPDATE and DELETE): corrections and refunds
 * are new rows. `users.coins` changes only in the transaction that adds the row explaining it.
 */
export const coinLedger = pgTable(
  'coin_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    delta: integer('delta').notNull(),
    kind: text('kind', { enum: ['purchase', 'unlock', 'subscription_coins', 'refund', 'adjustment'] }).notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    /** No foreign key: the ledger keeps its rows if the chapter is ever deleted (the reason names it). */
    chapterId: uuid('chapter_id'),
    purchaseId: uuid('purchase_id').references(() => purchases.id),
    /** Once-only credits (a purchase, a subscription period) carry a key: the same key never credits twice. */
    idempotencyKey: text('idempotency_key'),
    /** The admin who made an adjustment. */
    actorId: uuid('actor_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('coin_ledger_user_created_idx').on(t.userId, t.createdAt.desc(), t.id),
    uniqueIndex('coin_ledger_idempotency_key').on(t.idempotencyKey),
    index('coin_ledger_kind_created_idx').on(t.kind, t.createdAt),
    check('coin_ledger_delta_nonzero', sql`${t.delta} <> 0`),
    check('coin_ledger_balance_nonnegative', sql`${t.balanceAfter} >= 0`),
  ],
);

/** A chapter a reader unlocked with coins: unique per reader and chapter, so it is charged once. */
export const chapterUnlocks = pgTable(
  'chapter_unlocks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    /** Coins paid (the price at that moment). */
    coins: integer('coins').notNull(),
    ledgerId: uuid('ledger_id').references(() => coinLedger.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.chapterId] }),
    index('chapter_unlocks_chapter_idx').on(t.chapterId),
    // Unlocks and revenue per day (metrics).
    index('chapter_unlocks_created_idx').on(t.createdAt),
  ],
);

// Library and community (issue 9).

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
    /** When the chapter was last opened. */
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
    /** Cleared from the history list; the progress and read mark stay. */
    inHistory: boolean('in_history').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.chapterId] }),
    index('reading_progress_history_idx')
      .on(t.userId, t.readAt.desc())
      .where(sql`${t.inHistory}`),
    index('reading_progress_user_series_idx').on(t.userId, t.seriesId),
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

// Running the site (issue 10).

/** One-time recovery codes for two-factor sign-in, stored hashed; a used code stays, marked. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * Every team and admin action: who (a snapshot of their name and role, kept if the account goes),
 * what (the endpoint and a redacted copy of what was sent), on whom, when and from where.
 * Append-only, like the ledger.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    actorRole: text('actor_role').notNull(),
    /** The endpoint's name in the contract (`adminUserUpdate`), or a named event (`auth.two_factor_enabled`). */
    action: text('action').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    /** What the target was called at the time (a username, a series title). */
    targetLabel: text('target_label'),
    details: jsonb('details'),
    status: integer('status').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc(), t.id),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt.desc()),
    index('audit_log_target_idx').on(t.targetId, t.createdAt.desc()),
  ],
);
