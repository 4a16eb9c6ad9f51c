import type { SearchResult } from '@inkwell/contract';
import { mediaUrl } from '../../platform/media';
import type { SeriesRow } from '../series';

export function toSearchResult(row: SeriesRow): SearchResult {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    cover: row.coverKey ? mediaUrl(row.coverKey) : null,
    description: row.description,
    status: row.status,
    alternativeNames: row.alternativeNames,
    isAdult: row.isAdult,
  };
}
