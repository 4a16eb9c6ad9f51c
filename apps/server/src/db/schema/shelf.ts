// What reading apps hold (issue 19): the chapter files they download and KOReader's positions.
import { doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { chapters } from './catalogue';
import { users } from './users';

/**
 * A chapter's file as built once (CBZ for comics, EPUB for novels), kept in media storage under
 * `storage_key`, the chapter's private `pages/<chapter>/files/<version>.<format>` (rows written
 * before issue 32 name a retired public key; the file is read from, or built again at, the new one). `version` is a digest of everything that goes into the file, so the same chapter
 * answers the same bytes until its content changes; older versions stay, so a file already on a
 * device still finds its chapter by its KOReader id (`partial_md5`).
 */
export const chapterFiles = pgTable(
  'chapter_files',
  {
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    format: text('format', { enum: ['cbz', 'epub'] }).notNull(),
    version: text('version').notNull(),
    storageKey: text('storage_key').notNull(),
    size: integer('size').notNull(),
    partialMd5: text('partial_md5').notNull(),
    /** Pages (CBZ) or paragraphs (EPUB) in the file. */
    units: integer('units').notNull(),
    /** Each paragraph's path in KOReader's document (EPUB), to map its positions. */
    paragraphPaths: jsonb('paragraph_paths').$type<string[]>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.chapterId, t.format, t.version] }), index('chapter_files_partial_md5_idx').on(t.partialMd5)],
);

/**
 * KOReader's last word on a document, as it sent it (progress round-trips as its own string). The
 * reader's place itself is reading_progress; this answers KOReader in its terms while that place
 * has not moved since.
 */
export const koreaderPositions = pgTable(
  'koreader_positions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    document: text('document').notNull(),
    progress: text('progress').notNull(),
    percentage: doublePrecision('percentage').notNull(),
    device: text('device').notNull(),
    deviceId: text('device_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.document] })],
);
