// Web Push (issue 21 §4): the site's VAPID keys, readers' browsers that allowed push, and the
// notices held during a reader's quiet hours.
import { check, index, integer, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt } from './columns';
import { users } from './users';

/** The one VAPID key pair, made at first start by whichever instance gets there first (id is always 1). */
export const pushVapidKeys = pgTable(
  'push_vapid_keys',
  {
    id: smallint('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('push_vapid_keys_single', sql`${t.id} = 1`)],
);

/** A browser's push subscription (PushSubscription.toJSON()); its endpoint is its identity. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/** Pushes held while the reader's quiet hours last; sent as one when they end. */
export const pushHeld = pgTable(
  'push_held',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    /** The language the push is written in: the summary of several held ones is written in it too (issue 35 §1). */
    locale: text('locale'),
    /** What names this push in a summary of several (its series' title). */
    summary: text('summary'),
    createdAt: createdAt(),
  },
  (t) => [index('push_held_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A reader's quiet hours for push: minutes of the day in their time zone, from `start` to `end`
 * (across midnight when end < start). One row per reader who set them.
 */
export const pushQuietHours = pgTable(
  'push_quiet_hours',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
    timeZone: text('time_zone').notNull(),
  },
  (t) => [check('push_quiet_hours_minutes', sql`${t.startMinute} between 0 and 1439 and ${t.endMinute} between 0 and 1439`)],
);
