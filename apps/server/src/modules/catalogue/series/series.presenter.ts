import type { Credit, TeamChapterRow, TeamSeries, TeamSeriesRow } from '@inkwell/contract';
import { toGenre, type GenreRow } from '../genres';
import { toImage } from '../../platform/media';
import type { SeriesRow } from './series.sql';

export const coverOf = (row: Pick<SeriesRow, 'coverKey' | 'coverWidth' | 'coverHeight'>) =>
  toImage(row.coverKey, row.coverWidth, row.coverHeight);

/** What a series page and the team's series editor both show of a series. */
export function seriesFields(row: SeriesRow, genres: GenreRow[]) {
  return {
    id: row.id,
    slug: row.slug,
    type: row.type,
    title: row.title,
    alternativeNames: row.alternativeNames,
    description: row.description,
    status: row.status,
    cover: coverOf(row),
    author: row.author,
    artist: row.artist,
    releaseYear: row.releaseYear,
    isAdult: row.isAdult,
    genres: genres.map(toGenre),
    // Issue 37: how a comic's pages turn, and the series' own site.
    readingDirection: row.readingDirection,
    // Issue 39 §2: how a comic opens before the reader picks.
    readerDefaults: readerDefaultsOf(row),
    website: row.website,
  };
}

/** A series' reading defaults (issue 39 §2), as the team sets them and the reader starts from. */
export const readerDefaultsOf = (row: Pick<SeriesRow, 'readingMode' | 'readingDirection'>) => ({
  mode: row.readingMode,
  direction: row.readingDirection,
});

export function toTeamSeries(row: SeriesRow, genres: GenreRow[], chapters: TeamChapterRow[], credits: Credit[]): TeamSeries {
  return {
    ...seriesFields(row, genres),
    isPublished: row.isPublished,
    waitPassIntervalHours: row.waitPassIntervalHours,
    rentalHours: row.rentalHours,
    waitPassExcludesNewest: row.waitPassExcludesNewest,
    dailyFree: row.dailyFree,
    bundleDiscountPercent: row.bundleDiscountPercent,
    chapters,
    originalLanguage: row.originalLanguage,
    credits,
  };
}

export function toTeamSeriesRow(row: SeriesRow, chapterCount: number): TeamSeriesRow {
  return {
    id: row.id,
    slug: row.slug,
    type: row.type,
    title: row.title,
    status: row.status,
    isPublished: row.isPublished,
    cover: coverOf(row),
    chapterCount,
    updatedAt: row.updatedAt.toISOString(),
  };
}
