import { z } from 'zod';
import { envelope } from './errors';

/** The reader's year (issue 39 §4): what they finished, week by week, their streaks and their favourites. */

/** The years a reader's stats may ask for (reading_year_shares' check says the same). */
export const STATS_FIRST_YEAR = 2000;
export const STATS_LAST_YEAR = 2200;

const year = z.coerce
  .number({ error: 'validation.statsYear' })
  .int('validation.statsYear')
  .min(STATS_FIRST_YEAR, 'validation.statsYear')
  .max(STATS_LAST_YEAR, 'validation.statsYear');

/** `?year=` (this year in the reader's time zone when left out). */
export const statsQuerySchema = z.object({ year: year.optional() });
export const statsYearParamsSchema = z.object({ year });
/** A share link's token: 32 characters of base64url, 192 random bits. */
export const yearShareParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{32}$/, 'validation.shareToken'),
});

const weekSchema = z.object({
  /** The week's Monday (YYYY-MM-DD, the reader's time zone); the year's first week may begin in December. */
  start: z.string(),
  chapters: z.number().int(),
  pages: z.number().int(),
});
const topSeriesSchema = z.object({ id: z.uuid(), slug: z.string(), title: z.string(), chapters: z.number().int() });
const topGenreSchema = z.object({ name: z.string(), chapters: z.number().int() });

/** A year's figures, as the reader and a shared page's visitors see them. */
export const yearFiguresSchema = z.object({
  year: z.number().int(),
  /** The IANA zone its days are counted in: the account's, else UTC. */
  timeZone: z.string(),
  totals: z.object({
    chapters: z.number().int(),
    pages: z.number().int(),
    series: z.number().int(),
    /** Days with at least one chapter finished. */
    days: z.number().int(),
  }),
  weeks: z.array(weekSchema),
  streaks: z.object({
    /** The longest run of consecutive days with a chapter finished, in the year. */
    longest: z.number().int(),
    /** The run that ends today or yesterday (0 when there is none, or for a past year). */
    current: z.number().int(),
  }),
  /** The median time from first opening a chapter to finishing it, in ms (null: none to measure). */
  medianOpenToFinishMs: z.number().int().nullable(),
  topSeries: z.array(topSeriesSchema),
  topGenres: z.array(topGenreSchema),
});
export type YearFigures = z.infer<typeof yearFiguresSchema>;

const shareSchema = z.object({ token: z.string(), url: z.string(), cardUrl: z.string() });
export type YearShare = z.infer<typeof shareSchema>;

export const statsResponseSchema = envelope(
  yearFiguresSchema.extend({
    /** The years with reading, newest first, for the picker (this year always among them). */
    years: z.array(z.number().int()),
    /** The year's share link, when the reader shares it. */
    share: shareSchema.nullable(),
  }),
);
export type ReaderStats = z.infer<typeof statsResponseSchema>['data'];
export const yearShareResponseSchema = envelope(shareSchema);
export const yearUnshareResponseSchema = envelope(z.object({ shared: z.literal(false) }));
/** A shared year: the figures and the reader's username, nothing else of theirs. */
export const publicYearResponseSchema = envelope(
  yearFiguresSchema.omit({ timeZone: true }).extend({ username: z.string(), cardUrl: z.string() }),
);
export type PublicYear = z.infer<typeof publicYearResponseSchema>['data'];
/** The card itself: a 1200×630 PNG. */
export const yearCardResponseSchema = z.string().describe('image/png');
