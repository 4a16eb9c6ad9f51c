import { creditSchema, readingDirectionSchema } from './teamwork';
import { readerDefaultsSchema } from './reader-settings';
import { z } from 'zod';
import { SEARCH_MIN_CHARS, SERIES_CHAPTERS_MAX, SERIES_CHAPTERS_PAGE, SERIES_PAGE_SIZE, SERIES_PAGE_SIZE_MAX } from './constants';
import { CHAPTER_ACCESS, SERIES_SORTS, SERIES_STATUSES, SERIES_TYPES } from './series-status';
import { envelope } from './errors';
import { contentLanguageSchema } from './content-languages';

/** An image as the client draws it: always with its size, so nothing shifts as it loads. */
export const imageSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type Image = z.infer<typeof imageSchema>;

export const seriesTypeSchema = z.enum(SERIES_TYPES, {
  error: 'validation.seriesTypeChoice',
});
export const seriesStatusSchema = z.enum(SERIES_STATUSES, {
  error: 'validation.seriesStatusChoice',
});
export const chapterAccessSchema = z.enum(CHAPTER_ACCESS);

export const genreSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
});
export type Genre = z.infer<typeof genreSchema>;

/** The free ways a locked chapter may open for a while (issue 22 §1): the wait-until-free pass, the daily free. */
export const FREE_WAYS = ['wait_pass', 'daily_free'] as const;
export type FreeWay = (typeof FREE_WAYS)[number];

/**
 * A series' free ladder as its badges show it (issue 33 §2): how often its pass recharges, whether
 * it has a daily free chapter, and how long either opens a chapter. Sent only by a series that has
 * one of them: a series without is coins only.
 */
export const freeLadderSchema = z.object({
  /** The wait-until-free pass recharges in this many hours; null: the series has no pass. */
  waitPassHours: z.number().int().nullable(),
  /** A completed series' one free chapter a day. */
  dailyFree: z.boolean(),
  /** How many hours a chapter the pass or the daily free opens stays open. */
  rentalHours: z.number().int(),
});
export type FreeLadder = z.infer<typeof freeLadderSchema>;

/** A chapter as lists show it: enough to draw its row and its lock. */
export const chapterSummarySchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  number: z.number(),
  title: z.string(),
  publishedAt: z.string().nullable(),
  price: z.number().int(),
  freeAt: z.string().nullable(),
  access: chapterAccessSchema,
  /** While a rental (a pass, the daily free) is what opens it to this viewer: until when. */
  openUntil: z.string().nullable(),
  /**
   * While it is locked to this viewer: the series' free ways that may open it (the pass skips the
   * newest chapters its team chose), whether or not this reader's pass is back now. Absent: none.
   */
  freeWays: z.array(z.enum(FREE_WAYS)).optional(),
  /** The language of what the reader will get (issue 35 §2): the asked edition's, or the original's on a fallback. */
  language: z.string(),
  /** The asked edition lacks this chapter, so the original is given (shown with an "Original" badge). */
  fallback: z.boolean(),
  /** Its volume (issue 37 §2); null or absent: none. */
  volume: z.number().nullable().optional(),
  /**
   * A scheduled chapter this viewer reads early as a member of the series (issue 38 §1): when it
   * becomes public ("Early access · public in 3 days"). Its `access` is then `unlocked`. Null or
   * absent: not early for them (everyone else never sees such a chapter at all).
   */
  earlyAccess: z.object({ publicAt: z.string() }).nullable().optional(),
});
export type ChapterSummary = z.infer<typeof chapterSummarySchema>;

/** A series card of the home page and the catalogue lists. */
export const seriesCardSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  type: seriesTypeSchema,
  title: z.string(),
  status: z.string(),
  cover: imageSchema.nullable(),
  isAdult: z.boolean(),
  latestChapters: z.array(
    z.object({
      slug: z.string(),
      number: z.number(),
      title: z.string(),
      publishedAt: z.string(),
      isPremium: z.boolean(),
      /** Priced now, free for everyone from a set time (issue 33 §2: badged apart from coins-only). */
      isEarlyAccess: z.boolean(),
    }),
  ),
  lastChapterAt: z.string().nullable(),
  freeLadder: freeLadderSchema.optional(),
});
export type SeriesCard = z.infer<typeof seriesCardSchema>;

export const bannerSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  subtitle: z.string(),
  /** The title and subtitle are drawn over the image as live text (off for art with its own lettering). */
  showText: z.boolean(),
  link: z.string(),
  /** `srcSet`: the image's narrower copies and itself, by width, so a phone downloads a small one (issue 40). */
  image: imageSchema.extend({ srcSet: z.string().optional() }),
});
export type Banner = z.infer<typeof bannerSchema>;

export const homeResponseSchema = envelope(
  z.object({
    banners: z.array(bannerSchema),
    /** Each series shows in one row only: latest updates, then trending this week, new series and premium picks. */
    latest: z.array(seriesCardSchema),
    trending: z.array(seriesCardSchema),
    newest: z.array(seriesCardSchema),
    premium: z.array(seriesCardSchema),
  }),
);
export type HomeData = z.infer<typeof homeResponseSchema>['data'];

const booleanQuery = z
  .enum(['true', 'false', '1', '0'], { error: 'validation.trueOrFalse' })
  .transform((value) => value === 'true' || value === '1');

export const seriesListQuerySchema = z.object({
  /** A search (the /search results page): title and alternative names, SPEC §5's 3 characters at least. */
  q: z.string().trim().min(SEARCH_MIN_CHARS, 'validation.catalogue.searchTooShort').max(100, 'validation.search100').optional(),
  type: seriesTypeSchema.optional(),
  genre: z.string().trim().min(1).max(80).optional(),
  status: seriesStatusSchema.optional(),
  premium: booleanQuery.optional(),
  sort: z.enum(SERIES_SORTS, { error: 'validation.seriesSortChoice' }).optional(),
  page: z.coerce.number({ error: 'validation.pageNumber' }).int().min(1, 'validation.pageStartsAtOne').max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(SERIES_PAGE_SIZE_MAX).default(SERIES_PAGE_SIZE),
});
export type SeriesListQuery = z.input<typeof seriesListQuerySchema>;

export const paginationSchema = z.object({
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;
/**
 * Pagination of a list that stops counting at a cap (issue 40): `totalCapped` says at least
 * `total` match, shown as "1,000+", and `totalPages` then reaches one past the page asked for.
 */
export const cappedPaginationSchema = paginationSchema.extend({ totalCapped: z.boolean() });
export type CappedPagination = z.infer<typeof cappedPaginationSchema>;

export const seriesListResponseSchema = envelope(z.object({ items: z.array(seriesCardSchema), pagination: paginationSchema }));
export type SeriesListData = z.infer<typeof seriesListResponseSchema>['data'];

export const seriesDetailSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  type: seriesTypeSchema,
  title: z.string(),
  alternativeNames: z.string(),
  description: z.string(),
  status: z.string(),
  cover: imageSchema.nullable(),
  author: z.string(),
  artist: z.string(),
  releaseYear: z.number().int().nullable(),
  isAdult: z.boolean(),
  genres: z.array(genreSchema),
  /**
   * The newest chapters the viewer may see, newest first: all of them up to
   * SERIES_CHAPTERS_PAGE, the rest a page at a time from the series' chapters call.
   */
  chapters: z.array(chapterSummarySchema),
  /** How many chapters the viewer may see in all. */
  chapterCount: z.number().int(),
  /** The first chapter out (for "First chapter", which may be far from the newest). */
  firstChapter: z.object({ slug: z.string(), number: z.number() }).nullable(),
  /** How many chapters the viewer could buy now (locked or early access for them): bulk unlocking's hint. */
  forSaleCount: z.number().int(),
  views: z.number().int(),
  freeLadder: freeLadderSchema.optional(),
  /** The language the series was written in (BCP 47). */
  originalLanguage: z.string(),
  /** The edition this answer is in: its title, description and chapter titles (issue 35 §2). */
  language: z.string(),
  /** The series' editions, the original first, each with its title (for the language switch and hreflang). */
  editions: z.array(z.object({ language: z.string(), title: z.string() })),
  /** Who made it (issue 37 §2): the series' default credits. */
  credits: z.array(creditSchema).optional(),
  /** How a comic's pages turn in the paged reader. */
  readingDirection: readingDirectionSchema.optional(),
  /** How a comic opens before the reader picks: strip or paged (null: theirs) and the direction (issue 39 §2). */
  readerDefaults: readerDefaultsSchema.optional(),
  /** The series' own site; '' or absent: none. */
  website: z.string().optional(),
});
export type SeriesDetail = z.infer<typeof seriesDetailSchema>;
export const seriesDetailResponseSchema = envelope(seriesDetailSchema);

export const seriesSlugParamsSchema = z.object({
  slug: z.string().min(1).max(200),
});
/**
 * The edition a series, its chapters or a chapter is asked in (issue 35 §2). Left out, the server
 * picks: the reader's content languages, then the request's interface language, then the original.
 */
export const editionQuerySchema = z.object({ lang: contentLanguageSchema.optional() });
export const chapterParamsSchema = z.object({
  slug: z.string().min(1).max(200),
  chapterSlug: z.string().min(1).max(200),
});

/** A readable page of a comic chapter; paid pages carry a signed, expiring URL. */
export const chapterPageSchema = imageSchema.extend({ id: z.uuid() });
export type ChapterPage = z.infer<typeof chapterPageSchema>;

const chapterNeighbourSchema = z.object({ slug: z.string(), number: z.number(), title: z.string() }).nullable();

/**
 * A chapter for the reader. When `access` is locked or early_access only the price, the free date
 * and the paywall preview are sent: the first `previewPages` pages of a comic, or the first share of
 * a novel's text the team chose; `isPreview` says so. The rest never leaves the server.
 */
/**
 * One way a locked chapter opens for this viewer (issue 22 §1), with when: coins now; the series'
 * wait-until-free pass or daily free at `availableAt` (now or past: now); a plan; free for
 * everyone `at`. Only the ways that apply are listed.
 */
export const chapterOfferSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('coins'), price: z.number().int() }),
  z.object({ type: z.literal('wait_pass'), availableAt: z.string() }),
  z.object({ type: z.literal('daily_free'), availableAt: z.string() }),
  z.object({ type: z.literal('plan') }),
  z.object({ type: z.literal('free_at'), at: z.string() }),
]);
export type ChapterOffer = z.infer<typeof chapterOfferSchema>;
export type ChapterOfferType = ChapterOffer['type'];

export const chapterContentSchema = z.object({
  series: z.object({
    id: z.uuid(),
    slug: z.string(),
    title: z.string(),
    type: seriesTypeSchema,
    cover: imageSchema.nullable(),
    freeLadder: freeLadderSchema.optional(),
    /** How a comic's pages turn in the paged reader (issue 37). */
    readingDirection: readingDirectionSchema.optional(),
    /** How a comic opens before the reader picks (issue 39 §2). */
    readerDefaults: readerDefaultsSchema.optional(),
  }),
  chapter: chapterSummarySchema,
  /** Who made this chapter (issue 37 §2): its own credits, the series' for the roles it leaves out. */
  credits: z.array(creditSchema).optional(),
  canRead: z.boolean(),
  pages: z.array(chapterPageSchema),
  content: z.string().nullable(),
  /** The pages or text are the paywall preview of a locked chapter, not the whole of it. */
  isPreview: z.boolean(),
  /** How many pages the whole chapter has (comics), so a preview can say what is left. */
  pageCount: z.number().int(),
  previous: chapterNeighbourSchema,
  next: chapterNeighbourSchema,
  /**
   * The chapters around this one (CHAPTER_NEIGHBOURHOOD each side), newest first, for the
   * reader's chapter picker: the whole series when it is short, never more.
   */
  chapters: z.array(chapterSummarySchema),
  /** How many chapters the viewer may see in all (more than `chapters` in a long series). */
  chapterCount: z.number().int(),
  /** The ways this chapter opens for the viewer while it is locked to them; empty once it is open. */
  offers: z.array(chapterOfferSchema),
  /** While a rental (a pass, the daily free) opens it: until when. */
  openUntil: z.string().nullable(),
  /** The language of `content` or `pages`: the asked edition's, or the original's on a fallback. */
  language: z.string(),
  /** The asked edition lacks this chapter, so the original's text or pages are given. */
  fallback: z.boolean(),
});
export type ChapterContent = z.infer<typeof chapterContentSchema>;
export const chapterContentResponseSchema = envelope(chapterContentSchema);

/** A reader's own offers for a chapter: what `offers` of the chapter answer is for them (issue 32 §1). */
export const chapterOffersSchema = z.object({ offers: z.array(chapterOfferSchema) });
export const chapterOffersResponseSchema = envelope(chapterOffersSchema);

/**
 * A page of a series' chapters for this viewer (a long series' list, a jump to a number, or what
 * is for sale from a chapter on), in number order either way. `from` starts at a number (that one
 * included), `after` continues past one (excluded): the next page asks `after` the last number.
 */
export const seriesChaptersQuerySchema = z.object({
  order: z.enum(['asc', 'desc'], { error: 'validation.orderChoice' }).default('desc'),
  from: z.coerce.number({ error: 'validation.fromChapter' }).min(0).max(1_000_000).optional(),
  after: z.coerce.number({ error: 'validation.afterChapter' }).min(-1).max(1_000_000).optional(),
  forSale: booleanQuery.optional(),
  limit: z.coerce
    .number({ error: 'validation.limitNumber' })
    .int()
    .min(1, 'validation.limitStartsAtOne')
    .max(SERIES_CHAPTERS_MAX, 'validation.seriesChaptersMax')
    .default(SERIES_CHAPTERS_PAGE),
  lang: contentLanguageSchema.optional(),
});
export type SeriesChaptersQuery = z.input<typeof seriesChaptersQuerySchema>;
export const seriesChaptersResponseSchema = envelope(
  z.object({
    items: z.array(chapterSummarySchema),
    /** The chapters matching `forSale` in all, wherever the page starts. */
    total: z.number().int(),
    /** More chapters follow this page in its order. */
    hasMore: z.boolean(),
  }),
);
export type SeriesChaptersPage = z.infer<typeof seriesChaptersResponseSchema>['data'];

export const genreListResponseSchema = envelope(z.array(genreSchema));
export const bannerListResponseSchema = envelope(z.array(bannerSchema));

/** SPEC §3, §7: the top bar's search call. */
export const searchQuerySchema = z.object({
  q: z
    .string({ error: 'validation.catalogue.searchTooShort' })
    .trim()
    .min(SEARCH_MIN_CHARS, 'validation.catalogue.searchTooShort')
    .max(100, 'validation.searchText100'),
});
/** What the search route accepts before the rule above is applied (so its message is the spec's). */
export const searchRawQuerySchema = z.object({ q: z.string().optional() });
export const searchResultSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  cover: z.string().nullable(),
  description: z.string(),
  status: z.string().nullable(),
  alternativeNames: z.string(),
  /** Marked Adult (issue 36 §4): only ever answered to a reader who is shown adult series; drawn with its 18+ badge. */
  isAdult: z.boolean(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
export const searchResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ results: z.array(searchResultSchema) }),
});
