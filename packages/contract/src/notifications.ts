import { z } from 'zod';
import { NOTIFICATION_FETCH_LIMIT } from './constants';

/** SPEC §3: a notification as the server sends it. */
export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  link: z.string().nullable(),
  is_read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(NOTIFICATION_FETCH_LIMIT),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const notificationListResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    notifications: z.array(notificationSchema),
    pagination: z.object({
      limit: z.number().int(),
      offset: z.number().int(),
      total: z.number().int(),
      total_unread: z.number().int(),
    }),
  }),
});

export const unreadCountResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ unread_count: z.number().int().nonnegative() }),
});

export const notificationIdParamsSchema = z.object({ id: z.uuid({ error: 'validation.unknownNotification' }) });
