import type { TeamChapterRow, TeamSeries, TeamSeriesRow } from '@inkwell/contract';
import { coverOf, toGenre } from '../catalogue/catalogue.presenter';
import type { GenreRow } from '../genres/genres.repository';
import type { SeriesRow } from './series.repository';

export function toTeamSeries(row: SeriesRow, genres: GenreRow[], chapters: TeamChapterRow[]): TeamSeries {
  return {
    id: row.id,
    slug: row.slug,
    type: row.type,
    title: row.title,
    alternativeNames: row.alternativeNames,
    description: row.description,
    status: row.status,
    author: row.author,
    artist: row.artist,
    releaseYear: row.releaseYear,
    isAdult: row.isAdult,
    isPublished: row.isPublished,
    cover: coverOf(row),
    genres: genres.map(toGenre),
    chapters,
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
