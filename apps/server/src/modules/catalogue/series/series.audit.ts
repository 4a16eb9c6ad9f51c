import type { AuditChange, Credit } from '@inkwell/contract';
import type { SeriesRow } from './series.sql';
import { changesBetween } from '../../team/audit';
import type { GenreRow } from '../genres';
import { toTeamSeries } from './series.presenter';

/** How the audit log names a series' fields, in the editor's order. */
const SERIES_FIELDS = {
  title: 'Title',
  slug: 'Address',
  type: 'Type',
  status: 'Status',
  isPublished: 'Published',
  alternativeNames: 'Alternative names',
  description: 'Description',
  author: 'Author',
  artist: 'Artist',
  releaseYear: 'Release year',
  isAdult: 'Adult',
  genres: 'Genres',
  readingDirection: 'Reading direction',
  readingMode: 'Reading mode',
  website: 'Website',
  credits: 'Credits',
} as const;

/** What the audit log compares of a series: its row, genres and default credits. */
interface SeriesState {
  row: SeriesRow;
  genres: GenreRow[];
  credits: Credit[];
}

/** A series as the audit log compares it: as the team sees it, its genres by name, its credits as "writer: Name". */
function forAudit({ row, genres, credits }: SeriesState) {
  const series = toTeamSeries(row, genres, [], credits);
  return {
    ...series,
    // Issue 39 §2: the defaults' direction is readingDirection's; its mode is said apart ("none": the reader's choice).
    readingMode: row.readingMode ?? 'none',
    genres: series.genres.map((genre) => genre.name),
    credits: credits.map((credit) => `${credit.role}: ${credit.name}`),
  };
}

/** What an edit changed in a series, field by field ("Title: Lanterns → Lamps"); its description by length. */
export function seriesChanges(before: SeriesState, after: SeriesState): AuditChange[] {
  return changesBetween(forAudit(before), forAudit(after), SERIES_FIELDS, ['description']);
}
