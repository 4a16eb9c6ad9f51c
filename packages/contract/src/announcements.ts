import { z } from 'zod';
import { imageSchema, paginationSchema } from './catalogue';
import { envelope } from './errors';

/** Announcements (DESIGN §4): the team's news, as rich text sanitized on the server. */

const pageQuery = z.coerce
  .number({ error: 'validation.pageNumber' })
  .int()
  .min(1, 'validation.pageStartsAtOne')
  .max(100_000)
  .default(1);
const isoDate = z.iso.datetime({ offset: true, error: 'validation.dateTime' });

export const announcementSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  /** Sanitized HTML. */
  body: z.string(),
  /** A plain-text summary for cards and meta descriptions. */
  excerpt: z.string(),
  cover: imageSchema.nullable(),
  publishedAt: z.string(),
  pinned: z.boolean(),
});
export type Announcement = z.infer<typeof announcementSchema>;
export const announcementSummarySchema = announcementSchema.omit({ body: true });
export type AnnouncementSummary = z.infer<typeof announcementSummarySchema>;
export const announcementListQuerySchema = z.object({ page: pageQuery });
export const announcementListResponseSchema = envelope(
  z.object({ items: z.array(announcementSummarySchema), pagination: paginationSchema }),
);
export const announcementSlugParamsSchema = z.object({ slug: z.string().max(200) });
export const announcementResponseSchema = envelope(announcementSchema);

export const ANNOUNCEMENT_STATES = ['draft', 'scheduled', 'published'] as const;
export const teamAnnouncementSchema = announcementSchema.extend({
  publishedAt: z.string().nullable(),
  state: z.enum(ANNOUNCEMENT_STATES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TeamAnnouncement = z.infer<typeof teamAnnouncementSchema>;
export const teamAnnouncementListQuerySchema = z.object({
  q: z.string().trim().max(200, 'validation.search200').optional(),
  state: z.enum(ANNOUNCEMENT_STATES, { error: 'validation.announcementStateChoice' }).optional(),
  page: pageQuery,
});
export const teamAnnouncementListResponseSchema = envelope(
  z.object({ items: z.array(teamAnnouncementSchema.omit({ body: true })), pagination: paginationSchema }),
);
export const teamAnnouncementResponseSchema = envelope(teamAnnouncementSchema);

const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'validation.slugRequired')
  .max(120, 'validation.slug120')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'validation.slugFormat');

export const announcementInputSchema = z.object({
  title: z.string().trim().min(1, 'validation.titleRequired').max(200, 'validation.title200'),
  body: z.string().max(200_000, 'validation.textTooLong'),
  /** null: a draft; a future time schedules it (as for chapters). */
  publishedAt: isoDate.nullable(),
  pinned: z.boolean().default(false),
  slug: slugSchema.optional(),
});
export type AnnouncementInput = z.input<typeof announcementInputSchema>;
export const announcementPatchSchema = z
  .object({
    title: z.string().trim().min(1, 'validation.titleRequired').max(200, 'validation.title200'),
    body: z.string().max(200_000, 'validation.textTooLong'),
    publishedAt: isoDate.nullable(),
    pinned: z.boolean(),
    slug: slugSchema,
  })
  .partial();
export type AnnouncementState = (typeof ANNOUNCEMENT_STATES)[number];
export type TeamAnnouncementSummary = Omit<TeamAnnouncement, 'body'>;
