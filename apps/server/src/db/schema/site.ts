// Running the site: its settings, the home banners, outgoing mail and the audit log (issue 10).
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/** Site-wide settings as key → JSON value (site name, Discord link, footer contacts …). */
export const siteConfig = pgTable('site_config', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

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
    /** What the action changed, each field from its old value to its new one ("Role: reader → editor"). */
    changes: jsonb('changes').$type<{ field: string; from: string | null; to: string | null }[]>(),
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

/**
 * How many rows the admin's and team's big lists hold, kept by triggers on users, purchases,
 * comments and series (migration 0009) in the same transaction as the rows themselves, so a count is exact
 * and costs a few rows instead of reading every user, purchase or comment. `key` is what the
 * lists filter on (users: role and ban, `reader:false`; purchases: status and kind, `paid:coins`;
 * comments and series: ''), and each key is split over a few slots so concurrent writers rarely wait.
 */
export const listCounts = pgTable(
  'list_counts',
  {
    list: text('list', { enum: ['users', 'purchases', 'comments', 'series'] }).notNull(),
    key: text('key').notNull(),
    slot: smallint('slot').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'list_counts_pkey', columns: [t.list, t.key, t.slot] })],
);
