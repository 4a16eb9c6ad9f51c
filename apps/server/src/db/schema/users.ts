// Accounts and signing in: users, their sessions, password resets and two-factor recovery codes.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

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
    /** Shown among a series' supporters when they send it a gift (issue 22 §2); a reader may opt out. */
    showAsSupporter: boolean('show_as_supporter').notNull().default(true),
    /** E-mail about new chapters of followed series: off, instant or a daily digest. */
    newChapterEmail: text('new_chapter_email', { enum: ['off', 'instant', 'daily'] })
      .notNull()
      .default('off'),
    /** When the last daily digest went out (only new chapters after it go in the next). */
    lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
    /** The language the server writes to the reader in (issue 35 §1: e-mails, pushes); none: the site's default. */
    locale: text('locale'),
    /** The languages the reader reads series in, most wanted first (issue 35 §2): the edition a series opens in. */
    contentLanguages: text('content_languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    avatarUrl: text('avatar_url'),
    avatarVersion: integer('avatar_version').notNull().default(0),
    /** A few words the reader writes about themself, shown with their comments (issue 36 §1). */
    bio: text('bio').notNull().default(''),
    /** The reader said they are 18 or older and want adult series shown (issue 36 §4). */
    showAdult: boolean('show_adult').notNull().default(false),
    /**
     * The account was deleted (issue 36 §3): the row stays, emptied of everything personal, so
     * purchases, the ledger and unlocks still add up; nobody can sign in to it or find it.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Unique without regard to case; lookups use lower() so they hit these indexes.
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    check('users_coins_nonnegative', sql`${t.coins} >= 0`),
    // Sign-ups per day (admin metrics); read backwards it is the admin's list, newest first.
    index('users_created_idx').on(t.createdAt, t.id),
    // The admin's list of one role (a few editors among many readers) and of banned users, newest first.
    index('users_role_created_idx').on(t.role, t.createdAt, t.id),
    index('users_banned_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.isBanned}`),
    // The admin's search for part of a name or address (ilike '%…%'; pg_trgm folds case).
    index('users_username_trgm_idx').using('gin', t.username.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
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

/**
 * A username a reader gave up (issue 36 §1): nobody else may take it until `held_until`, so a
 * link or a mention does not start pointing at someone else. Its former owner may take it back.
 */
export const usernameHolds = pgTable(
  'username_holds',
  {
    /** lower(username): names are unique without regard to case. */
    username: text('username').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
  },
  (t) => [index('username_holds_user_idx').on(t.userId)],
);

/**
 * A change of e-mail address (issue 36 §2): asked with the password, made when the link mailed to
 * the new address is followed (once, within a day). The old address is told, with a link that
 * undoes the change and secures the account (`revert_token_hash`).
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    revertTokenHash: text('revert_token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    revertedAt: timestamp('reverted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_changes_token_key').on(t.tokenHash),
    uniqueIndex('email_changes_revert_token_key').on(t.revertTokenHash),
    index('email_changes_user_idx').on(t.userId, t.createdAt),
  ],
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

/**
 * A sign-up waiting for its address to be confirmed (issue 20 §4): the account is made from it when
 * the mailed link is followed. `token_hash` is set when the link is mailed (never for an address
 * that already has an account: that one is told so and the row goes).
 */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    tokenHash: text('token_hash'),
    /** The page the sign-up started from, a path on this site: where the confirmed account lands (issue 33 §4). */
    nextPath: text('next_path'),
    /** The language of the sign-up's request: its mails are written in it, and the account keeps it (issue 35 §1). */
    locale: text('locale'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('pending_registrations_token_key').on(t.tokenHash),
    index('pending_registrations_expires_idx').on(t.expiresAt),
  ],
);

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
 * Device keys (issue 19 §1): what a reading app (an OPDS reader, KOReader) signs in with, never the
 * password. The key itself is shown once; kept are its SHA-256 (HTTP Basic on the protocols) and
 * its MD5 (KOReader sends the MD5 of what was typed as its password), both of 192 random bits.
 * Revoking a key deletes its row.
 */
export const deviceKeys = pgTable(
  'device_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keySha256: text('key_sha256').notNull(),
    keyMd5: text('key_md5').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedAddress: text('last_used_address'),
  },
  (t) => [
    uniqueIndex('device_keys_key_sha256_key').on(t.keySha256),
    uniqueIndex('device_keys_key_md5_key').on(t.keyMd5),
    index('device_keys_user_id_idx').on(t.userId, t.createdAt),
  ],
);
