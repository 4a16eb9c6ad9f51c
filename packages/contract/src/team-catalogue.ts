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
import { creditSchema, creditsInputSchema, readingDirectionSchema, volumeSchema, websiteSchema } from './teamwork';
import { readerDefaultsSchema } from './reader-settings';

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'validation.slugRequired')
  .max(120, 'validation.slug120')
  .regex(slugPattern, 'validation.slugFormat');

const optionalText = (max: number, message: `validation.${string}`) => z.string().trim().max(max, message);

/** The series form's fields, each with its rule. */
const seriesFields = {
  type: seriesTypeSchema,
  title: z.string().trim().min(1, 'validation.titleRequired').max(200, 'validation.title200'),
  slug: slugSchema,
  alternativeNames: optionalText(500, 'validation.alternativeNames500'),
  description: optionalText(5000, 'validation.description5000'),
  status: seriesStatusSchema,
  author: optionalText(120, 'validation.author120'),
  artist: optionalText(120, 'validation.artist120'),
  releaseYear: z
    .number({ error: 'validation.releaseYearNumber' })
    .int('validation.releaseYearWhole')
    .min(1900, 'validation.releaseYearMin')
    .max(2100, 'validation.releaseYearMax')
    .nullable(),
  isAdult: z.boolean(),
  isPublished: z.boolean(),
  genreIds: z.array(z.uuid({ error: 'validation.unknownGenre' })).max(20, 'validation.genres20'),
  // The ladder of ways a locked chapter opens (issue 22 §1).
  waitPassIntervalHours: z.union([z.literal(24), z.literal(72), z.literal(168)], { error: 'validation.passHours' }).nullable(),
  rentalHours: z
    .number({ error: 'validation.rentalHoursNumber' })
    .int('validation.rentalHoursWhole')
    .min(1, 'validation.rentalMin')
    .max(720, 'validation.rentalMax'),
  waitPassExcludesNewest: z
    .number({ error: 'validation.mustBeNumber' })
    .int('validation.wholeNumber')
    .min(0, 'validation.notBelowZero')
    .max(1000, 'validation.chapters1000'),
  dailyFree: z.boolean(),
  bundleDiscountPercent: z
    .number({ error: 'validation.discountNumber' })
    .int('validation.discountWhole')
    .min(0, 'validation.discountMin')
    .max(90, 'validation.discountMax'),
  /** The language the series is written in (issue 35 §2); its translations are its editions. */
  originalLanguage: contentLanguageSchema,
  /** How a comic's pages turn in the paged reader (issue 37: manga read right to left). */
  readingDirection: readingDirectionSchema,
  /**
   * How a comic opens before the reader picks (issue 39 §2): strip or paged (null: the reader's own
   * choice) and the direction; a part left out stays. Its direction is `readingDirection`'s.
   */
  readerDefaults: readerDefaultsSchema.partial(),
  /** The series' own site, shown on its page; '' for none. */
  website: websiteSchema,
  /** The series' default credits (issue 37 §2); a chapter's own replace them role by role. */
  credits: creditsInputSchema,
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
  readingDirection: seriesFields.readingDirection.default('ltr'),
  readerDefaults: seriesFields.readerDefaults.optional(),
  website: seriesFields.website.default(''),
  credits: seriesFields.credits.default([]),
});
export type SeriesInput = z.input<typeof seriesInputSchema>;
/** An edit: only the fields sent change (no defaults, so nothing is reset by omission). */
export const seriesPatchSchema = z.object(seriesFields).partial();

export const idParamsSchema = z.object({ id: z.uuid({ error: 'validation.unknownId' }) });
export const pageParamsSchema = z.object({
  id: z.uuid({ error: 'validation.unknownChapter' }),
  pageId: z.uuid({ error: 'validation.unknownPage' }),
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
  /** Its volume (issue 37 §2); null: none. */
  volume: z.number().nullable().optional(),
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
  readingDirection: readingDirectionSchema.optional(),
  /** How a comic opens before the reader picks (issue 39 §2). */
  readerDefaults: readerDefaultsSchema.optional(),
  website: z.string().optional(),
  /** The series' default credits (issue 37 §2). */
  credits: z.array(creditSchema).optional(),
});
export type TeamSeries = z.infer<typeof teamSeriesSchema>;
export const teamSeriesResponseSchema = envelope(teamSeriesSchema);

const isoDate = z.iso.datetime({
  offset: true,
  error: 'validation.fullDateTime',
});

/**
 * A chapter's fields. publishedAt: null keeps a draft, a future time schedules it.
 * price 0 is free; freeAt makes a priced chapter early access until then.
 */
/** The paywall preview: how many pages of a locked comic chapter, or what share of a novel's text, anyone may read. */
const previewPages = z
  .number({ error: 'validation.previewPagesNumber' })
  .int('validation.previewPagesWhole')
  .min(0, 'validation.previewPagesMin')
  .max(50, 'validation.previewPagesMax');
const previewPercent = z
  .number({ error: 'validation.previewShareNumber' })
  .int('validation.previewShareWhole')
  .min(0, 'validation.previewShareMin')
  .max(50, 'validation.previewShareMax');

export const chapterInputSchema = z
  .object({
    number: z
      .number({ error: 'validation.chapterNumber' })
      .min(0, 'validation.chapterNumberMin')
      .max(100_000, 'validation.chapterNumberMax')
      .refine((n) => Number.isInteger(n * 100), 'validation.twoDecimals'),
    title: optionalText(200, 'validation.title200').default(''),
    slug: slugSchema.optional(),
    publishedAt: isoDate.nullable().default(null),
    price: z
      .number({ error: 'validation.priceNumber' })
      .int('validation.priceWholeCoins')
      .min(0, 'validation.priceMinZero')
      .max(100_000, 'validation.priceTooHigh')
      .default(0),
    freeAt: isoDate.nullable().default(null),
    content: z.string().max(NOVEL_TEXT_MAX_CHARS, 'validation.textTooLong').optional(),
    // Left out: a priced chapter gets the default preview, a free one none (the server decides, issue 33 §6).
    previewPages: previewPages.optional(),
    previewPercent: previewPercent.optional(),
    /** Its volume (issue 37 §2); null or left out: none. */
    volume: volumeSchema.default(null),
    /** Its own credits; the series' defaults fill the roles these leave out. */
    credits: creditsInputSchema.default([]),
  })
  .refine((c) => c.freeAt === null || c.price > 0, {
    path: ['freeAt'],
    message: 'validation.freeDateNeedsPrice',
  });
export type ChapterInput = z.input<typeof chapterInputSchema>;
export const chapterPatchSchema = z
  .object({
    number: z
      .number()
      .min(0)
      .max(100_000)
      .refine((n) => Number.isInteger(n * 100), 'validation.twoDecimals'),
    title: optionalText(200, 'validation.title200'),
    slug: slugSchema,
    publishedAt: isoDate.nullable(),
    price: z.number().int('validation.priceWholeCoins').min(0, 'validation.priceMinZero').max(100_000),
    freeAt: isoDate.nullable(),
    content: z.string().max(NOVEL_TEXT_MAX_CHARS, 'validation.textTooLong'),
    previewPages,
    previewPercent,
    volume: volumeSchema,
    credits: creditsInputSchema,
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
  /** Its own credits (issue 37 §2), without the series' defaults. */
  credits: z.array(creditSchema).optional(),
});
export type TeamChapter = z.infer<typeof teamChapterSchema>;
export const teamChapterResponseSchema = envelope(teamChapterSchema);

export const pageOrderSchema = z.object({
  pageIds: z.array(z.uuid()).min(1, 'validation.pagesOrder').max(2000),
});

export const genreInputSchema = z.object({
  name: z.string().trim().min(1, 'validation.nameRequired').max(60, 'validation.nameLimit60'),
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

const linkSchema = z.string().trim().max(500, 'validation.link500').refine(isSafeLink, 'validation.linkFormat');

export const bannerInputSchema = z
  .object({
    title: z.string().trim().min(1, 'validation.titleRequired').max(120, 'validation.title120'),
    subtitle: z.string().trim().max(160, 'validation.subtitle160').default(''),
    showText: z.boolean().default(true),
    link: linkSchema.default(''),
    position: z.number().int().min(0).max(1000).default(0),
    isActive: z.boolean().default(true),
    startsAt: isoDate.nullable().default(null),
    endsAt: isoDate.nullable().default(null),
  })
  .refine((b) => !b.startsAt || !b.endsAt || Date.parse(b.startsAt) < Date.parse(b.endsAt), {
    path: ['endsAt'],
    message: 'validation.endAfterStart',
  });
export const bannerPatchSchema = z
  .object({
    title: z.string().trim().min(1, 'validation.titleRequired').max(120),
    subtitle: z.string().trim().max(160, 'validation.subtitle160'),
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
