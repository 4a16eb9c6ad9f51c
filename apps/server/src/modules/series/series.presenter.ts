import type { TeamChapterRow, TeamSeries, TeamSeriesRow } from '@inkwell/contract';
import { coverOf, seriesFields } from '../catalogue/catalogue.presenter';
import type { GenreRow } from '../genres/genres.repository';
import type { SeriesRow } from './series.repository';

export function toTeamSeries(row: SeriesRow, genres: GenreRow[], chapters: TeamChapterRow[]): TeamSeries {
  return { ...seriesFields(row, genres), isPublished: row.isPublished, chapters };
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
