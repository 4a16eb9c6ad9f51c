import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './constants';
import { envelope } from './errors';

/**
 * A reader's own data (issue 36 §3, GDPR articles 15, 17 and 20): the export of everything Inkwell
 * holds about them, one JSON file, and the deletion of the account. The export's shape is this
 * schema; README's "Your data" section describes it.
 */
export const ACCOUNT_EXPORT_FORMAT = 'inkwell-export/1';
/** What the page asks to be typed before it sends the deletion (the server asks for the password). */
export const ACCOUNT_DELETE_CONFIRMATION = 'DELETE';

const isoDate = z.string();

export const accountExportSchema = z.object({
  format: z.literal(ACCOUNT_EXPORT_FORMAT),
  exportedAt: isoDate,
  profile: z.object({
    id: z.string(),
    username: z.string(),
    email: z.string(),
    bio: z.string(),
    avatarUrl: z.string().nullable(),
    role: z.string(),
    locale: z.string().nullable(),
    contentLanguages: z.array(z.string()),
    twoFactorEnabled: z.boolean(),
    createdAt: isoDate,
  }),
  preferences: z.object({
    autoUnlock: z.boolean(),
    showAsSupporter: z.boolean(),
    newChapterEmail: z.string(),
    showAdult: z.boolean(),
    /** Series whose next chapters unlock by themselves. */
    autoUnlockSeries: z.array(z.object({ seriesId: z.string(), seriesTitle: z.string(), since: isoDate })),
  }),
  bookmarks: z.array(z.object({ seriesId: z.string(), seriesSlug: z.string(), seriesTitle: z.string(), since: isoDate })),
  /** Progress in each chapter opened; `inHistory` false when removed from the history list. */
  reading: z.array(
    z.object({
      seriesTitle: z.string(),
      chapterId: z.string(),
      chapterNumber: z.number(),
      chapterTitle: z.string(),
      page: z.number().nullable(),
      position: z.number().nullable(),
      completed: z.boolean(),
      inHistory: z.boolean(),
      readAt: isoDate,
      finishedAt: isoDate.nullable(),
    }),
  ),
  /** The years the reader shares by link, and since when (issue 39 §4); the links' tokens are never exported. */
  yearShares: z.array(z.object({ year: z.number(), createdAt: isoDate })),
  /** Each device's latest place in a chapter (issue 39 §1), beside the merged one above. */
  readingPlaces: z.array(
    z.object({
      chapterId: z.string(),
      deviceName: z.string(),
      app: z.string(),
      page: z.number().nullable(),
      position: z.number().nullable(),
      updatedAt: isoDate,
    }),
  ),
  purchases: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      status: z.string(),
      itemName: z.string(),
      amountCents: z.number(),
      currency: z.string(),
      coins: z.number(),
      provider: z.string(),
      createdAt: isoDate,
      paidAt: isoDate.nullable(),
      refundedAt: isoDate.nullable(),
    }),
  ),
  subscriptions: z.array(
    z.object({
      planName: z.string(),
      status: z.string(),
      startedAt: isoDate,
      currentPeriodEnd: isoDate,
      cancelAtPeriodEnd: z.boolean(),
      endedAt: isoDate.nullable(),
    }),
  ),
  coins: z.object({
    balance: z.number(),
    ledger: z.array(
      z.object({ delta: z.number(), kind: z.string(), balanceAfter: z.number(), reason: z.string(), createdAt: isoDate }),
    ),
  }),
  unlocks: z.array(
    z.object({
      chapterId: z.string(),
      seriesTitle: z.string(),
      chapterNumber: z.number(),
      coins: z.number(),
      createdAt: isoDate,
    }),
  ),
  rentals: z.array(
    z.object({
      chapterId: z.string(),
      seriesTitle: z.string(),
      chapterNumber: z.number(),
      method: z.string(),
      startsAt: isoDate,
      endsAt: isoDate,
    }),
  ),
  gifts: z.array(z.object({ seriesTitle: z.string(), amount: z.number(), message: z.string(), createdAt: isoDate })),
  comments: z.array(
    z.object({
      id: z.string(),
      seriesTitle: z.string(),
      chapterNumber: z.number().nullable(),
      isReply: z.boolean(),
      body: z.string(),
      isSpoiler: z.boolean(),
      hidden: z.boolean(),
      createdAt: isoDate,
      editedAt: isoDate.nullable(),
    }),
  ),
  notifications: z.object({
    newChapterEmail: z.string(),
    /** Push quiet hours: minutes of the day in `timeZone`. */
    pushQuietHours: z.object({ startMinute: z.number(), endMinute: z.number(), timeZone: z.string() }).nullable(),
    notifyWhenFree: z.array(z.object({ chapterId: z.string(), createdAt: isoDate, notifiedAt: isoDate.nullable() })),
    notifyWhenPass: z.array(z.object({ seriesId: z.string(), notifyAt: isoDate, notifiedAt: isoDate.nullable() })),
    received: z.array(
      z.object({
        kind: z.string(),
        message: z.string().nullable(),
        link: z.string().nullable(),
        isRead: z.boolean(),
        createdAt: isoDate,
      }),
    ),
  }),
  /** The reader's settings kept in the account and their own choice per series (issue 39 §2); null: none kept. */
  readerSettings: z
    .object({
      comic: z.record(z.string(), z.unknown()),
      novel: z.record(z.string(), z.unknown()),
      updatedAt: isoDate.nullable(),
      series: z.array(
        z.object({
          seriesTitle: z.string(),
          mode: z.string().nullable(),
          direction: z.string().nullable(),
          fit: z.string().nullable(),
          updatedAt: isoDate,
        }),
      ),
    })
    .optional(),
  /** Names and dates only: never the keys. */
  deviceKeys: z.array(z.object({ name: z.string(), createdAt: isoDate, lastUsedAt: isoDate.nullable() })),
  /** The push service's host only: the rest of an endpoint is a secret of the browser's. */
  pushSubscriptions: z.array(z.object({ host: z.string(), createdAt: isoDate })),
  sessions: z.array(
    z.object({ createdAt: isoDate, lastSeenAt: isoDate, userAgent: z.string().nullable(), ip: z.string().nullable() }),
  ),
  /** What a payee earned (issue 22 §2); null for a reader who never shared a series' income. */
  earnings: z
    .object({
      payeeOf: z.array(z.object({ seriesId: z.string(), role: z.string(), shareBps: z.number() })),
      coins: z.array(z.object({ seriesTitle: z.string(), source: z.string(), coins: z.number(), createdAt: isoDate })),
      subscriptions: z.array(
        z.object({ month: z.string(), seriesTitle: z.string(), currency: z.string(), amountCents: z.number() }),
      ),
      /** Issue 38: each tier payment's part (negative for a refund), the payout account and the monthly statements. */
      tiers: z.array(
        z.object({
          seriesTitle: z.string(),
          currency: z.string(),
          amountCents: z.number(),
          kind: z.string(),
          createdAt: isoDate,
        }),
      ),
      payoutAccount: z
        .object({
          provider: z.string(),
          status: z.string(),
          currency: z.string(),
          country: z.string().nullable(),
          createdAt: isoDate,
        })
        .nullable(),
      statements: z.array(
        z.object({
          month: z.string(),
          currency: z.string(),
          earnedCents: z.number(),
          feeCents: z.number(),
          adjustmentsCents: z.number(),
          carriedInCents: z.number(),
          amountCents: z.number(),
          carriedOutCents: z.number(),
          status: z.string(),
          transferId: z.string().nullable(),
          sentAt: isoDate.nullable(),
        }),
      ),
    })
    .nullable(),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** The password, and the two-factor code (or a recovery code) when the account has it on. */
export const accountDeleteRequestSchema = z.strictObject({
  password: z.string({ error: 'validation.passwordRequired' }).min(1, 'validation.passwordRequired').max(PASSWORD_MAX_LENGTH),
  code: z.string().trim().max(64, 'validation.codeShort').optional(),
});
export type AccountDeleteRequest = z.input<typeof accountDeleteRequestSchema>;

export const accountDeletedSchema = z.object({ deleted: z.literal(true) });
export const accountDeletedResponseSchema = envelope(accountDeletedSchema);
/** The file itself, not an envelope: it is saved as it comes. */
export const accountExportResponseSchema = accountExportSchema.describe('inkwell-export');
