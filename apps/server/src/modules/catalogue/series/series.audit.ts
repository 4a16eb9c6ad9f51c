import type { AuditChange } from '@inkwell/contract';
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
} as const;

/** A series as the audit log compares it: as the team sees it, its genres by name. */
function forAudit({ row, genres }: { row: SeriesRow; genres: GenreRow[] }) {
  const series = toTeamSeries(row, genres, []);
  return { ...series, genres: series.genres.map((genre) => genre.name) };
}

/** What an edit changed in a series, field by field ("Title: Lanterns → Lamps"); its description by length. */
export function seriesChanges(
  before: { row: SeriesRow; genres: GenreRow[] },
  after: { row: SeriesRow; genres: GenreRow[] },
): AuditChange[] {
  return changesBetween(forAudit(before), forAudit(after), SERIES_FIELDS, ['description']);
}
