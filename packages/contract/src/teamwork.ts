import { z } from 'zod';
import { envelope } from './errors';

// Issue 37: credits and volumes, a team per series, and imports of whole catalogues.

/** The roles a credit names, in the order they are shown (the server's schema keeps the same list). */
export const CREDIT_ROLES = ['writer', 'artist', 'translator', 'letterer', 'editor', 'other'] as const;
export const creditRoleSchema = z.enum(CREDIT_ROLES, { error: 'validation.teamwork.creditRole' });
export type CreditRole = z.infer<typeof creditRoleSchema>;
export const CREDITS_MAX = 30;

/** A credit as the team writes it: a role, a name, and optionally the account it is on the site. */
export const creditInputSchema = z.object({
  role: creditRoleSchema,
  name: z.string().trim().min(1, 'validation.teamwork.creditName').max(120, 'validation.teamwork.creditName120'),
  userId: z.uuid({ error: 'validation.teamwork.creditUser' }).nullable().default(null),
});
export const creditsInputSchema = z.array(creditInputSchema).max(CREDITS_MAX, 'validation.teamwork.credits30');
export type CreditInput = z.input<typeof creditInputSchema>;

/** A credit as shown: with the linked account's current name, when there is one. */
export const creditSchema = z.object({
  role: creditRoleSchema,
  name: z.string(),
  userId: z.string().nullable(),
  username: z.string().nullable(),
});
export type Credit = z.infer<typeof creditSchema>;

/** A chapter's volume: a number (two decimals at most) or none. */
export const volumeSchema = z
  .number({ error: 'validation.teamwork.volumeNumber' })
  .min(0, 'validation.teamwork.volumeMin')
  .max(10_000, 'validation.teamwork.volumeMax')
  .refine((n) => Number.isInteger(n * 100), 'validation.twoDecimals')
  .nullable();

export const READING_DIRECTIONS = ['ltr', 'rtl'] as const;
export const readingDirectionSchema = z.enum(READING_DIRECTIONS, { error: 'validation.teamwork.readingDirection' });
export type ReadingDirection = z.infer<typeof readingDirectionSchema>;

/** The series' own site: an http(s) address or '' for none. */
export const websiteSchema = z
  .string()
  .trim()
  .max(500, 'validation.teamwork.website500')
  .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), 'validation.teamwork.websiteFormat');

/** A range of a series' chapters renumbered at once (issue 37 §2): moved into a volume, or shifted. */
export const renumberInputSchema = z
  .object({
    from: z.number({ error: 'validation.teamwork.rangeNumber' }).min(0, 'validation.teamwork.rangeMin'),
    to: z.number({ error: 'validation.teamwork.rangeNumber' }).min(0, 'validation.teamwork.rangeMin'),
    /** Set every chapter of the range into this volume (null: out of any volume). */
    volume: volumeSchema.optional(),
    /** Add this to every number of the range (negative moves them down). */
    shiftBy: z
      .number({ error: 'validation.teamwork.shiftNumber' })
      .min(-100_000, 'validation.teamwork.shiftRange')
      .max(100_000, 'validation.teamwork.shiftRange')
      .refine((n) => Number.isInteger(n * 100), 'validation.twoDecimals')
      .optional(),
  })
  .refine((r) => r.from <= r.to, { path: ['to'], message: 'validation.teamwork.rangeOrder' })
  .refine((r) => r.volume !== undefined || (r.shiftBy !== undefined && r.shiftBy !== 0), {
    path: ['volume'],
    message: 'validation.teamwork.renumberNothing',
  });
export type RenumberInput = z.input<typeof renumberInputSchema>;
export const renumberResponseSchema = envelope(z.object({ changed: z.number().int().nonnegative() }));

// A team per series (issue 37 §3).

export const SERIES_MEMBER_ROLES = ['creator', 'translator', 'uploader'] as const;
export const seriesMemberRoleSchema = z.enum(SERIES_MEMBER_ROLES, { error: 'validation.teamwork.memberRole' });
export type SeriesMemberRole = z.infer<typeof seriesMemberRoleSchema>;

/** The session's own places on series' teams, so the web app shows the dashboard with only those series. */
export const seriesRoleSchema = z.object({
  seriesId: z.string(),
  role: seriesMemberRoleSchema,
  canPublish: z.boolean(),
});
export type SeriesRole = z.infer<typeof seriesRoleSchema>;

export const seriesMemberSchema = z.object({
  userId: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
  role: seriesMemberRoleSchema,
  canPublish: z.boolean(),
  addedAt: z.string(),
});
export type SeriesMember = z.infer<typeof seriesMemberSchema>;
export const seriesMembersResponseSchema = envelope(z.array(seriesMemberSchema));

/** An admin adds a user to a series' team, or changes their role, by their username. */
export const seriesMemberInputSchema = z.object({
  username: z.string().trim().min(1, 'validation.teamwork.memberUsername').max(60, 'validation.teamwork.memberUsername'),
  role: seriesMemberRoleSchema,
  canPublish: z.boolean().default(false),
});
export type SeriesMemberInput = z.input<typeof seriesMemberInputSchema>;
/** The series' creator (or an admin) lets a translator or an uploader publish, or not. */
export const seriesMemberPatchSchema = z.object({ canPublish: z.boolean({ error: 'validation.teamwork.canPublish' }) });
export const seriesMemberParamsSchema = z.object({
  id: z.uuid({ error: 'validation.unknownId' }),
  userId: z.uuid({ error: 'validation.teamwork.unknownMember' }),
});

// Imports (issue 37 §1).

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const importItemSchema = z.object({
  path: z.string(),
  action: z.enum(['created', 'updated', 'unchanged', 'failed']),
  kind: z.enum(['series', 'chapter']),
  seriesId: z.string().optional(),
  chapterId: z.string().optional(),
  /** A failed item's reason, in the asker's language. */
  reason: z.string().optional(),
  /** Its catalogue id and the values it names. */
  code: z.string().optional(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  label: z.string().optional(),
});
export type ImportItem = z.infer<typeof importItemSchema>;

export const importSchema = z.object({
  id: z.string(),
  origin: z.enum(['shell', 'upload']),
  source: z.string(),
  seriesId: z.string().nullable(),
  seriesTitle: z.string().nullable(),
  createdBy: z.string().nullable(),
  publish: z.boolean(),
  dryRun: z.boolean(),
  status: z.enum(IMPORT_STATUSES),
  total: z.number().int(),
  done: z.number().int(),
  current: z.string().nullable(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  items: z.array(importItemSchema),
  error: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type Import = z.infer<typeof importSchema>;
export const importResponseSchema = envelope(importSchema);
/** The list leaves each import's items out: the page asks one import for them. */
export const importListResponseSchema = envelope(z.array(importSchema.omit({ items: true })));

/**
 * The Import page's upload (multipart fields beside the file): `seriesId` puts one `.cbz`/`.epub`
 * into that series; without it, a `.zip` of series folders. `publish`: the chapters come out at once
 * (otherwise drafts).
 */
export const importUploadFieldsSchema = z.object({
  seriesId: z.uuid({ error: 'validation.unknownSeries' }).optional(),
  publish: z.enum(['true', 'false']).default('false'),
});
/** The biggest upload the Import page takes (a whole folder as a `.zip`). */
export const IMPORT_UPLOAD_MAX_BYTES = 1024 * 1024 * 1024;
