import { z } from 'zod';
import { roleSchema, ROLES } from './auth';
import { cappedPaginationSchema } from './catalogue';
import { teamCommentSchema } from './comments';
import { envelope } from './errors';
import { purchaseSchema, walletEntrySchema } from './store';

/** User administration (issue 10 §2, DESIGN §4 Ads and administration): admins only. */

/** `active`: not banned; `banned`; `premium`: a running plan that includes premium. */
export const USER_STATUSES = ['active', 'banned', 'premium'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USERS_PAGE_SIZE = 25;
/** How many of a user's purchases, ledger entries and comments their detail shows (newest first). */
export const USER_DETAIL_RECENT = 20;
/** The largest coin adjustment either way: a typo of a few zeros should not pass. */
export const COIN_ADJUSTMENT_MAX = 1_000_000;
export const ADJUSTMENT_REASON_MIN = 3;
export const ADJUSTMENT_REASON_MAX = 200;

const roleFilter = z.enum(ROLES, { error: 'validation.roleChoice' });

export const adminUserListQuerySchema = z.object({
  /** Part of a username or e-mail (any case), or a user's id. */
  q: z.string().trim().max(200, 'validation.search200').optional(),
  role: roleFilter.optional(),
  status: z.enum(USER_STATUSES, { error: 'validation.userStatusChoice' }).optional(),
  page: z.coerce.number({ error: 'validation.pageNumber' }).int().min(1, 'validation.pageStartsAtOne').max(100_000).default(1),
});

export const adminUserSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  role: roleSchema,
  coins: z.number().int(),
  isBanned: z.boolean(),
  isPremium: z.boolean(),
  /** The running plan's name, or null. */
  membership: z.string().nullable(),
  createdAt: z.string(),
  /** The latest activity of any of their sessions; null when they have none (signed out, or banned). */
  lastSeenAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListResponseSchema = envelope(
  z.object({ items: z.array(adminUserSchema), pagination: cappedPaginationSchema }),
);

/** A few of the newest of something, and how many there are in all. */
const recent = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });

export const adminUserDetailSchema = adminUserSchema.extend({
  avatarUrl: z.string().nullable(),
  /** Whether they sign in with an authenticator app as well as their password. */
  twoFactorEnabled: z.boolean(),
  /** Sessions open now (a ban ends them all). */
  sessionCount: z.number().int(),
  purchases: recent(purchaseSchema),
  ledger: recent(walletEntrySchema),
  comments: recent(teamCommentSchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;
export const adminUserResponseSchema = envelope(adminUserDetailSchema);

export const adminUserPatchSchema = z
  .strictObject(
    {
      role: roleFilter.optional(),
      banned: z.boolean({ error: 'validation.bannedBoolean' }).optional(),
    },
    { error: 'validation.onlyRoleAndBanned' },
  )
  .refine((patch) => patch.role !== undefined || patch.banned !== undefined, {
    message: 'validation.sendRoleOrBanned',
    path: ['role'],
  });

export const coinAdjustmentSchema = z.strictObject({
  delta: z
    .number({ error: 'validation.coinsWhole' })
    .int('validation.coinsWhole')
    .min(-COIN_ADJUSTMENT_MAX, 'validation.coinAdjustmentMax')
    .max(COIN_ADJUSTMENT_MAX, 'validation.coinAdjustmentMax')
    .refine((delta) => delta !== 0, 'validation.coinsNotZero'),
  reason: z
    .string({ error: 'validation.giveReason' })
    .trim()
    .min(1, 'validation.giveReason')
    .min(ADJUSTMENT_REASON_MIN, 'validation.adjustmentReasonMin')
    .max(ADJUSTMENT_REASON_MAX, 'validation.adjustmentReasonMax'),
});
export type CoinAdjustment = z.input<typeof coinAdjustmentSchema>;
export const coinAdjustmentResponseSchema = envelope(
  z.object({ userId: z.uuid(), balance: z.number().int(), entry: walletEntrySchema }),
);
