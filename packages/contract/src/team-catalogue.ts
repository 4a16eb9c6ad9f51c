import { z } from 'zod';
import { DEFAULT_WAIT_PASS_EXCLUDES_NEWEST, NOVEL_TEXT_MAX_CHARS } from './constants';
import {
  chapterAccessSchema,
  genreSchema,
  imageSchema,
  paginationSchema,
  seriesStatusSchema,
  seriesTypeSchema,
} from './catalogue';
import { envelope } from './errors';
import { contentLanguageSchema } from './content-languages';
import { teamChapterEditionSchema } from './editions';

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Slug is required')
  .max(120, 'Slug is limited to 120 characters')
  .regex(slugPattern, 'Use lower-case letters, digits and single hyphens');

const optionalText = (max: number, label: string) => z.string().trim().max(max, `${label} is limited to ${max} characters`);

/** The series form's fields, each with its rule. */
const seriesFields = {
  type: seriesTypeSchema,
  title: z.string().trim().min(1, 'Title is required').max(200, 'Title is limited to 200 characters'),
  slug: slugSchema,
  alternativeNames: optionalText(500, 'Alternative names'),
  description: optionalText(5000, 'Description'),
  status: seriesStatusSchema,
  author: optionalText(120, 'Author'),
  artist: optionalText(120, 'Artist'),
  releaseYear: z
    .number({ error: 'Release year must be a number' })
    .int('Release year must be a whole year')
    .min(1900, 'Release year must be 1900 or later')
    .max(2100, 'Release year must be 2100 or earlier')
    .nullable(),
  isAdult: z.boolean(),
  isPublished: z.boolean(),
  genreIds: z.array(z.uuid({ error: 'Unknown genre' })).max(20, 'At most 20 genres'),
  // The ladder of ways a locked chapter opens (issue 22 §1).
  waitPassIntervalHours: z
    .union([z.literal(24), z.literal(72), z.literal(168)], { error: 'The pass recharges in 24, 72 or 168 hours' })
    .nullable(),
  rentalHours: z
    .number({ error: 'Rental hours must be a number' })
    .int('Rental hours must be whole hours')
    .min(1, 'A rental lasts at least an hour')
    .max(720, 'A rental lasts at most 720 hours (30 days)'),
  waitPassExcludesNewest: z
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(0, 'Cannot be below 0')
    .max(1000, 'At most 1000 chapters'),
  dailyFree: z.boolean(),
  bundleDiscountPercent: z
    .number({ error: 'The discount must be a number' })
    .int('The discount is a whole percent')
    .min(0, 'The discount cannot be below 0 %')
    .max(90, 'The discount is at most 90 %'),
  /** The language the series is written in (issue 35 §2); its translations are its editions. */
  originalLanguage: contentLanguageSchema,
};

/** A new series: what is left out gets its default (a draft, ongoing, no genres). */
export const seriesInputSchema = z.object({
  ...seriesFields,
  slug: seriesFields.slug.optional(),
  alternativeNames: seriesFields.alternativeNames.default(''),
  description: seriesFields.description.default(''),
  status: seriesFields.status.default('ongoing'),
  author: seriesFields.author.default(''),
  artist: seriesFields.artist.default(''),
  releaseYear: seriesFields.releaseYear.default(null),
  isAdult: seriesFields.isAdult.default(false),
  isPublished: seriesFields.isPublished.default(false),
  genreIds: seriesFields.genreIds.default([]),
  waitPassIntervalHours: seriesFields.waitPassIntervalHours.default(null),
  rentalHours: seriesFields.rentalHours.default(72),
  waitPassExcludesNewest: seriesFields.waitPassExcludesNewest.default(DEFAULT_WAIT_PASS_EXCLUDES_NEWEST),
  dailyFree: seriesFields.dailyFree.default(false),
  bundleDiscountPercent: seriesFields.bundleDiscountPercent.default(0),
  originalLanguage: seriesFields.originalLanguage.default('en'),
});
export type SeriesInput = z.input<typeof seriesInputSchema>;
/** An edit: only the fields sent change (no defaults, so nothing is reset by omission). */
export const seriesPatchSchema = z.object(seriesFields).partial();

export const idParamsSchema = z.object({ id: z.uuid({ error: 'Unknown id' }) });
export const pageParamsSchema = z.object({
  id: z.uuid({ error: 'Unknown chapter' }),
  pageId: z.uuid({ error: 'Unknown page' }),
});

export const teamSeriesListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});

export const teamSeriesRowSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  type: seriesTypeSchema,
  title: z.string(),
  status: z.string(),
  isPublished: z.boolean(),
  cover: imageSchema.nullable(),
  chapterCount: z.number().int(),
  updatedAt: z.string(),
});
export type TeamSeriesRow = z.infer<typeof teamSeriesRowSchema>;
export const teamSeriesListResponseSchema = envelope(
  z.object({
    items: z.array(teamSeriesRowSchema),
    pagination: paginationSchema,
  }),
);

export const teamChapterRowSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  number: z.number(),
  title: z.string(),
  publishedAt: z.string().nullable(),
  price: z.number().int(),
  freeAt: z.string().nullable(),
  access: chapterAccessSchema,
  state: z.enum(['draft', 'scheduled', 'published']),
  pageCount: z.number().int(),
});
export type TeamChapterRow = z.infer<typeof teamChapterRowSchema>;

export const teamSeriesSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  type: seriesTypeSchema,
  title: z.string(),
  alternativeNames: z.string(),
  description: z.string(),
  status: seriesStatusSchema,
  author: z.string(),
  artist: z.string(),
  releaseYear: z.number().int().nullable(),
  isAdult: z.boolean(),
  isPublished: z.boolean(),
  waitPassIntervalHours: z.number().int().nullable(),
  rentalHours: z.number().int(),
  waitPassExcludesNewest: z.number().int(),
  dailyFree: z.boolean(),
  bundleDiscountPercent: z.number().int(),
  cover: imageSchema.nullable(),
  genres: z.array(genreSchema),
  chapters: z.array(teamChapterRowSchema),
  originalLanguage: z.string(),
});
export type TeamSeries = z.infer<typeof teamSeriesSchema>;
export const teamSeriesResponseSchema = envelope(teamSeriesSchema);

const isoDate = z.iso.datetime({
  offset: true,
  error: 'Use a full date and time',
});

/**
 * A chapter's fields. publishedAt: null keeps a draft, a future time schedules it.
 * price 0 is free; freeAt makes a priced chapter early access until then.
 */
/** The paywall preview: how many pages of a locked comic chapter, or what share of a novel's text, anyone may read. */
const previewPages = z
  .number({ error: 'Preview pages must be a number' })
  .int('Preview pages is a whole number')
  .min(0, 'Preview pages cannot be negative')
  .max(50, 'At most 50 preview pages');
const previewPercent = z
  .number({ error: 'Preview share must be a number' })
  .int('Preview share is a whole percentage')
  .min(0, 'Preview share cannot be negative')
  .max(50, 'At most half of the text can be a preview');

export const chapterInputSchema = z
  .object({
    number: z
      .number({ error: 'Number must be a number' })
      .min(0, 'Number cannot be negative')
      .max(100_000, 'Number is too large')
      .refine((n) => Number.isInteger(n * 100), 'Use at most two decimals (e.g. 10.5)'),
    title: optionalText(200, 'Title').default(''),
    slug: slugSchema.optional(),
    publishedAt: isoDate.nullable().default(null),
    price: z
      .number({ error: 'Price must be a number' })
      .int('Price is a whole number of coins')
      .min(0, 'Price cannot be negative')
      .max(100_000, 'Price is too high')
      .default(0),
    freeAt: isoDate.nullable().default(null),
    content: z.string().max(NOVEL_TEXT_MAX_CHARS, 'The text is too long').optional(),
    // Left out: a priced chapter gets the default preview, a free one none (the server decides, issue 33 §6).
    previewPages: previewPages.optional(),
    previewPercent: previewPercent.optional(),
  })
  .refine((c) => c.freeAt === null || c.price > 0, {
    path: ['freeAt'],
    message: 'A free date only applies to a priced chapter',
  });
export type ChapterInput = z.input<typeof chapterInputSchema>;
export const chapterPatchSchema = z
  .object({
    number: z
      .number()
      .min(0)
      .max(100_000)
      .refine((n) => Number.isInteger(n * 100), 'Use at most two decimals (e.g. 10.5)'),
    title: optionalText(200, 'Title'),
    slug: slugSchema,
    publishedAt: isoDate.nullable(),
    price: z.number().int('Price is a whole number of coins').min(0, 'Price cannot be negative').max(100_000),
    freeAt: isoDate.nullable(),
    content: z.string().max(NOVEL_TEXT_MAX_CHARS, 'The text is too long'),
    previewPages,
    previewPercent,
  })
  .partial();

export const teamChapterSchema = teamChapterRowSchema.extend({
  seriesId: z.uuid(),
  previewPages: z.number().int(),
  previewPercent: z.number().int(),
  seriesType: seriesTypeSchema,
  content: z.string().nullable(),
  pages: z.array(imageSchema.extend({ id: z.uuid() })),
  /** The language of `title`, `content` and `pages`: the series' original (issue 35 §2). */
  language: z.string(),
  /** The chapter's translations, by language. */
  editions: z.array(teamChapterEditionSchema),
});
export type TeamChapter = z.infer<typeof teamChapterSchema>;
export const teamChapterResponseSchema = envelope(teamChapterSchema);

export const pageOrderSchema = z.object({
  pageIds: z.array(z.uuid()).min(1, 'Give the pages in their new order').max(2000),
});

export const genreInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(60, 'Name is limited to 60 characters'),
});
export const genreResponseSchema = envelope(genreSchema);

export const teamBannerSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  subtitle: z.string(),
  showText: z.boolean(),
  link: z.string(),
  position: z.number().int(),
  isActive: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  image: imageSchema.nullable(),
});
export type TeamBanner = z.infer<typeof teamBannerSchema>;

/**
 * A banner's link: a path on this site or an absolute http(s) address (issue 7 §4.12). `//host`
 * and `/\\host` are addresses on another site (browsers read `\\` as `/`), and browsers drop tabs
 * and line breaks inside a URL, so `/<tab>/host` is one too: neither is a site path.
 */
export function isSafeLink(value: string): boolean {
  if (value === '') return true;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\s\u0000-\u001f\u007f]/.test(value)) return false;
  // A single slash, then anything but another slash or a backslash; or http(s):// and a host.
  return /^\/(?![/\\])/.test(value) || /^https?:\/\/[^/\\?#]/i.test(value);
}

const linkSchema = z
  .string()
  .trim()
  .max(500, 'Link is limited to 500 characters')
  .refine(isSafeLink, 'Use a path on this site like /SeriesView/slug, or a full http(s) address');

export const bannerInputSchema = z
  .object({
    title: z.string().trim().min(1, 'Title is required').max(120, 'Title is limited to 120 characters'),
    subtitle: z.string().trim().max(160, 'Subtitle is limited to 160 characters').default(''),
    showText: z.boolean().default(true),
    link: linkSchema.default(''),
    position: z.number().int().min(0).max(1000).default(0),
    isActive: z.boolean().default(true),
    startsAt: isoDate.nullable().default(null),
    endsAt: isoDate.nullable().default(null),
  })
  .refine((b) => !b.startsAt || !b.endsAt || Date.parse(b.startsAt) < Date.parse(b.endsAt), {
    path: ['endsAt'],
    message: 'The end must come after the start',
  });
export const bannerPatchSchema = z
  .object({
    title: z.string().trim().min(1, 'Title is required').max(120),
    subtitle: z.string().trim().max(160, 'Subtitle is limited to 160 characters'),
    showText: z.boolean(),
    link: linkSchema,
    position: z.number().int().min(0).max(1000),
    isActive: z.boolean(),
    startsAt: isoDate.nullable(),
    endsAt: isoDate.nullable(),
  })
  .partial();
export const teamBannerResponseSchema = envelope(teamBannerSchema);
export const teamBannerListResponseSchema = envelope(z.array(teamBannerSchema));
