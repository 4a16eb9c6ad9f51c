import { z } from 'zod';
import { imageSchema, paginationSchema, seriesTypeSchema } from './catalogue';
import { envelope } from './errors';
import { pushQuietHoursSchema } from './push';

/** Bookmarks, reading progress and history (DESIGN §4 Library). */

const pageQuery = z.coerce
  .number({ error: 'validation.pageNumber' })
  .int()
  .min(1, 'validation.pageStartsAtOne')
  .max(100_000)
  .default(1);

export const BOOKMARK_SORTS = ['updated', 'title', 'added'] as const;

const seriesRefSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  cover: imageSchema.nullable(),
  type: seriesTypeSchema,
  status: z.string(),
});
const chapterRefSchema = z.object({ id: z.uuid(), slug: z.string(), number: z.number(), title: z.string() });

/** Where to pick a series up: the chapter and the page (comics) or position (novels, long strips). */
export const continueSchema = z
  .object({
    chapterSlug: z.string(),
    chapterNumber: z.number(),
    page: z.number().int().nullable(),
    position: z.number().nullable(),
  })
  .nullable();
export type ContinuePoint = z.infer<typeof continueSchema>;

export const bookmarkSchema = z.object({
  series: seriesRefSchema,
  latestChapter: chapterRefSchema.extend({ publishedAt: z.string() }).nullable(),
  /** Published chapters not yet completed by this reader. */
  unreadCount: z.number().int(),
  continue: continueSchema,
  bookmarkedAt: z.string(),
});
export type Bookmark = z.infer<typeof bookmarkSchema>;
export const bookmarkListQuerySchema = z.object({
  sort: z.enum(BOOKMARK_SORTS, { error: 'validation.librarySortChoice' }).default('updated'),
  page: pageQuery,
});
export const bookmarkListResponseSchema = envelope(z.object({ items: z.array(bookmarkSchema), pagination: paginationSchema }));
export const bookmarkStateResponseSchema = envelope(z.object({ seriesId: z.uuid(), bookmarked: z.boolean() }));

/** A browser's stable id for its own place in chapters, made once in the browser. */
const deviceIdSchema = z.string({ error: 'validation.deviceId' }).regex(/^[\w-]{8,64}$/, 'validation.deviceId');

export const progressInputSchema = z
  .object({
    page: z
      .number({ error: 'validation.pageNumber' })
      .int('validation.pageWhole')
      .min(1, 'validation.pagesStartAtOne')
      .max(10_000)
      .optional(),
    position: z
      .number({ error: 'validation.positionNumber' })
      .min(0, 'validation.positionRange')
      .max(1, 'validation.positionRange')
      .optional(),
    completed: z.boolean({ error: 'validation.completedBoolean' }).optional(),
    /** This browser's own id (issue 39 §1): its place is kept apart from the other devices'. */
    deviceId: deviceIdSchema.optional(),
  })
  .refine((input) => input.page !== undefined || input.position !== undefined || input.completed !== undefined, {
    message: 'validation.sendProgress',
  });
export type ProgressInput = z.input<typeof progressInputSchema>;
export const chapterProgressSchema = z.object({
  chapterId: z.uuid(),
  page: z.number().int().nullable(),
  position: z.number().nullable(),
  completed: z.boolean(),
  readAt: z.string(),
});
export type ChapterProgress = z.infer<typeof chapterProgressSchema>;
export const progressResponseSchema = envelope(chapterProgressSchema);

export const seriesProgressResponseSchema = envelope(
  z.object({
    chapters: z.record(z.string(), chapterProgressSchema.omit({ chapterId: true })),
    continue: continueSchema,
    bookmarked: z.boolean(),
  }),
);

export const historyItemSchema = z.object({
  series: seriesRefSchema,
  chapter: chapterRefSchema,
  page: z.number().int().nullable(),
  position: z.number().nullable(),
  completed: z.boolean(),
  readAt: z.string(),
  /** With `by=series`: where the series picks up (null when there is nothing left to read). */
  continue: continueSchema.optional(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;
export const HISTORY_GROUPS = ['chapter', 'series'] as const;
export const historyQuerySchema = z.object({
  page: pageQuery,
  perPage: z.coerce.number({ error: 'validation.perPageNumber' }).int().min(1).max(50).default(20),
  /** `series`: only the most recent chapter of each series (home's "Continue reading" row). */
  by: z.enum(HISTORY_GROUPS, { error: 'validation.historyByChoice' }).default('chapter'),
});
export const historyResponseSchema = envelope(z.object({ items: z.array(historyItemSchema), pagination: paginationSchema }));

/** Progress kept in a visitor's browser, merged into the account when they sign in. */
export const progressMergeSchema = z.object({
  entries: z
    .array(
      z.object({
        chapterId: z.uuid({ error: 'validation.unknownChapter' }),
        page: z.number().int().min(1).max(10_000).nullable().optional(),
        position: z.number().min(0).max(1).nullable().optional(),
        completed: z.boolean().optional(),
        readAt: z.iso.datetime({ offset: true, error: 'validation.readAtDateTime' }),
      }),
    )
    .max(500, 'validation.entries500'),
});
export const progressMergeResponseSchema = envelope(z.object({ merged: z.number().int() }));

/** Which browser asks for a chapter's places, so the answer says which one is its own. */
export const chapterPlacesQuerySchema = z.object({ deviceId: deviceIdSchema.optional() });
/** One device's latest place in a chapter (issue 39 §1): a page of a paged comic, or a position 0–1. */
export const devicePlaceSchema = z.object({
  deviceName: z.string(),
  app: z.enum(['web', 'koreader', 'opds', 'opds2']),
  page: z.number().int().nullable(),
  position: z.number().nullable(),
  updatedAt: z.string(),
  isThisDevice: z.boolean(),
});
export type DevicePlace = z.infer<typeof devicePlaceSchema>;
export const chapterPlacesResponseSchema = envelope(z.object({ items: z.array(devicePlaceSchema) }));

export const notifyWhenFreeResponseSchema = envelope(z.object({ chapterId: z.uuid(), notify: z.boolean() }));
/** "Notify me when my pass is back" in a series (issue 22 §1): whether it is asked, and when it is due. */
export const notifyWhenPassResponseSchema = envelope(
  z.object({ seriesId: z.uuid(), notify: z.boolean(), at: z.string().nullable() }),
);

export const NEW_CHAPTER_EMAIL = ['off', 'instant', 'daily'] as const;
export const notificationPreferencesSchema = z.object({
  newChapterEmail: z.enum(NEW_CHAPTER_EMAIL, { error: 'validation.emailFrequencyChoice' }),
  /** Push's quiet hours (issue 21 §4); left as they are when absent. */
  pushQuietHours: pushQuietHoursSchema.optional(),
});
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesSchema>;
export const notificationPreferencesStateSchema = z.object({
  newChapterEmail: z.enum(NEW_CHAPTER_EMAIL),
  pushQuietHours: pushQuietHoursSchema,
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesStateSchema>;
export const notificationPreferencesResponseSchema = envelope(notificationPreferencesStateSchema);
