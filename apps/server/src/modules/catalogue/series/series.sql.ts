import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client';
import { escapeLike } from '../../../db/sql';
import { series } from '../../../db/schema';

// The series' SQL other modules compose (decision 0036): the join and the columns of a row that
// names its series, and the search's match and ranking (search, catalogue).

export type SeriesRow = typeof series.$inferSelect;

/**
 * Joins the series of another module's row (`seriesId`, the row's series column), for the reads that
 * need it in the row's own query (a comment's, a notice's): `.innerJoin(...joinSeries(comments.seriesId))`.
 */
export const joinSeries = (seriesId: AnyPgColumn) => [series, eq(series.id, seriesId)] as const;

/** A series as a list names and links it (the team's comments), beside `joinSeries`. */
export const seriesLinkColumns = { id: series.id, slug: series.slug, title: series.title };

/** A chapter's series as a link or a notice names it, beside `joinSeries`. */
export const seriesNameColumns = { seriesSlug: series.slug, seriesTitle: series.title };

/** Whether a row's series is published (what access needs of a chapter's series), beside `joinSeries`. */
export const seriesPublishedColumns = { seriesIsPublished: series.isPublished };

/** A chapter's series' type (comic pages or novel text), beside `joinSeries`: the team's chapter edits. */
export const seriesTypeColumns = { seriesType: series.type };

/** What a chapter's downloadable file (CBZ, EPUB) says of its series, beside `joinSeries`. */
export const seriesBookColumns = {
  id: series.id,
  slug: series.slug,
  type: series.type,
  title: series.title,
  author: series.author,
  artist: series.artist,
  description: series.description,
};

/** A row's series is published (no team-only series), beside `joinSeries`: a release's notices. */
export const seriesIsPublished = (): SQL => eq(series.isPublished, true);

/**
 * A series the public may be shown (issue 36 §4, decision 0041): published, and not marked Adult
 * unless `adult` (the reader's `showsAdult`: opted in, and the site carries adult content). Every
 * public list, search, the sitemap, the feeds and the reading apps' catalogues use this one rule,
 * beside `joinSeries` or on `series` itself.
 */
export const seriesShown = ({ adult }: { adult: boolean }): SQL =>
  adult ? eq(series.isPublished, true) : and(eq(series.isPublished, true), eq(series.isAdult, false))!;

/** Whether a series is published, as an expression (null when there is no such series): beside another module's row in one statement. */
export const seriesIsPublishedOf = (seriesId: string): SQL =>
  sql`(select ${series.isPublished} from ${series} where ${series.id} = ${seriesId})`;

/** A series as a reader's lists show it (a bookmark, a history entry), beside `joinSeries`. */
export const seriesCardColumns = {
  id: series.id,
  slug: series.slug,
  title: series.title,
  type: series.type,
  status: series.status,
  coverKey: series.coverKey,
  coverWidth: series.coverWidth,
  coverHeight: series.coverHeight,
};
export type SeriesCardRow = { [K in keyof typeof seriesCardColumns]: SeriesRow[K] };

/** The columns a list that joins its series sorts on (a reader's bookmarks page), beside `joinSeries`. */
export const seriesOrderColumns = { lastChapterAt: series.lastChapterAt, title: series.title, id: series.id };

/**
 * What a sale of a chapter needs of its series, beside `joinSeries`: its title and whether it is
 * published, its ladder of free ways to read (issue 22 §1) and its bundle discount (the wallet's unlocks).
 */
export const seriesSaleTermsColumns = {
  seriesTitle: series.title,
  seriesPublished: series.isPublished,
  ladder: {
    waitPassIntervalHours: series.waitPassIntervalHours,
    rentalHours: series.rentalHours,
    waitPassExcludesNewest: series.waitPassExcludesNewest,
    dailyFree: series.dailyFree,
    status: series.status,
  },
  bundleDiscountPercent: series.bundleDiscountPercent,
};

/** A search's ranking (the top bar's and the results page's): exact title, then prefix, then likeness. */
export const relevance = (q: string): SQL[] => [
  sql`(lower(${series.title}) = ${q}) desc`,
  sql`(${series.searchText} like ${`${escapeLike(q)}%`}) desc`,
  sql`word_similarity(${q}, ${series.searchText}) desc`,
  asc(series.title),
];

/** How alike a word must be to count as a near match (pg_trgm word similarity). */
const SEARCH_SIMILARITY = 0.4;

/** The threshold of `<%` for this transaction: the default (0.6) misses one typo in a short word. */
export const setSearchSimilarity = (db: Database) =>
  db.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(SEARCH_SIMILARITY)}, true)`);

/**
 * Substring or near matches (pg_trgm's `<%`, whose threshold `setSearchSimilarity` sets) of a
 * series' own titles or any of its editions' (issue 35 §2), each read off its trigram index.
 */
export const matchesSearch = (text: string) => {
  const q = text.toLowerCase();
  const like = `%${escapeLike(q)}%`;
  return sql`${series.id} in (
    select s.id from series s where s.search_text like ${like} or ${q} <% s.search_text
    union all
    select e.series_id from series_editions e where e.search_text like ${like} or ${q} <% e.search_text)`;
};

/**
 * The edition a reader reads a series in (issue 35 §2), as pickLanguage chooses it: for each of
 * `languages` (a text[] expression, most wanted first) in turn, the original or an edition in that
 * language, else one of the same language alone (`pt-BR` and `pt`); null when none is. Notices
 * name the edition a follower waits for.
 */
export const readerEditionOf = (seriesId: SQL, languages: SQL): SQL => sql`(
  select a.language from unnest(${languages}) with ordinality as w(tag, ord)
  join (
    select s.original_language as language from series s where s.id = ${seriesId}
    union all
    select e.language from series_editions e where e.series_id = ${seriesId}
  ) a on lower(a.language) = lower(w.tag) or split_part(lower(a.language), '-', 1) = split_part(lower(w.tag), '-', 1)
  order by w.ord, (lower(a.language) = lower(w.tag)) desc
  limit 1)`;

/** A series' own language, beside a series id (what a reader of its original edition reads). */
export const originalLanguageOf = (seriesId: SQL): SQL =>
  sql`(select s.original_language from series s where s.id = ${seriesId})`;
