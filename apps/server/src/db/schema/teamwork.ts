// How a publisher's team works (issue 37): a team per series, and imports of whole catalogues.
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { series } from './catalogue';
import { users } from './users';

/** What a member may do on their one series (issue 37 §3). */
export const SERIES_MEMBER_ROLES = ['creator', 'translator', 'uploader'] as const;

/**
 * A user's role on one series (issue 37 §3): a creator runs everything about it; a translator or an
 * uploader its chapters and pages, without prices or the ladder, and publishes only when
 * `can_publish` (the creator's or an admin's leave). Editors and admins need no row: their role is
 * site-wide.
 */
export const seriesMembers = pgTable(
  'series_members',
  {
    seriesId: uuid('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: SERIES_MEMBER_ROLES }).notNull(),
    canPublish: boolean('can_publish').notNull().default(false),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.userId] }), index('series_members_user_idx').on(t.userId)],
);

/** What one imported item came to (issue 37 §1). */
export interface ImportItemResult {
  /** The item's path inside the imported folder. */
  path: string;
  action: 'created' | 'updated' | 'unchanged' | 'failed';
  /** What it is: a series' metadata or a chapter. */
  kind: 'series' | 'chapter';
  seriesId?: string;
  chapterId?: string;
  /** A failed item's reason, in words a publisher understands (English: the shell's and the log's; the page's is said again from `code`). */
  reason?: string;
  /** A failed item's reason as a catalogue id, said in the reader's language when the page asks. */
  code?: string;
  /** The values `code`'s message names (a file's name, a number). */
  values?: Record<string, string | number>;
  /** What it was read as, for the summary: "Vol 2 Ch 15.5 — Title". */
  label?: string;
  /** The digest of what was written (a series' metadata, a chapter's content): the next import compares it. */
  hash?: string;
}

/**
 * One import (issue 37 §1): a folder from the shell or an uploaded `.zip`/`.cbz`/`.epub`, done by
 * the `imports.run` job so it survives a restart and runs once whatever the number of instances.
 * `done`/`total`/`current` are its progress; `items` what each file came to.
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** 'shell': `npm run import`; 'upload': the dashboard's Import page. */
    origin: text('origin', { enum: ['shell', 'upload'] }).notNull(),
    /** An upload into an existing series (one `.cbz`/`.epub`); null: a folder of series. */
    seriesId: uuid('series_id').references(() => series.id, { onDelete: 'set null' }),
    /** The folder on disk (shell) or the uploaded file's name. */
    source: text('source').notNull(),
    /** The uploaded file's key in media storage, removed when the import ends; null for the shell. */
    uploadKey: text('upload_key'),
    publish: boolean('publish').notNull().default(false),
    dryRun: boolean('dry_run').notNull().default(false),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    current: text('current'),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    items: jsonb('items').$type<ImportItemResult[]>().notNull().default([]),
    /** Why the whole import stopped (a file that is not an archive at all); items fail on their own. */
    error: text('error'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /**
     * The last moment the process running it said so (every 30 s): an import whose process died
     * falls silent, and the `imports.recover-stalled` tick queues it again (an upload) or ends it (the shell's).
     */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('imports_created_idx').on(t.createdAt.desc()), index('imports_created_by_idx').on(t.createdBy)],
);
