// No zod here: the top bar's search panel imports these.

/** The statuses a series can be given in the dashboard. */
export const SERIES_STATUSES = ['ongoing', 'completed', 'hiatus', 'cancelled'] as const;
export type SeriesStatus = (typeof SERIES_STATUSES)[number];

/** SPEC §3: the five known status values and their labels ("canceled" is an accepted spelling). */
const STATUS_LABELS: Record<string, string> = {
  ongoing: 'Ongoing',
  completed: 'Completed',
  hiatus: 'Hiatus',
  cancelled: 'Cancelled',
  canceled: 'Cancelled',
};

/** SPEC §3: a known status gets its label, any other value is shown as given, a missing one is Unknown. */
export function seriesStatusLabel(status: string | null | undefined): string {
  if (status === null || status === undefined || status.trim() === '') return 'Unknown';
  return STATUS_LABELS[status.toLowerCase()] ?? status;
}

export const SERIES_TYPES = ['comic', 'novel'] as const;
export type SeriesType = (typeof SERIES_TYPES)[number];

/**
 * `trending` ranks by the views of the last seven days; `relevance` ranks a search's matches
 * (exact title, then prefix, then likeness), and without a search it is `latest`.
 */
export const SERIES_SORTS = ['latest', 'popular', 'trending', 'new', 'title', 'relevance'] as const;
export type SeriesSort = (typeof SERIES_SORTS)[number];

/**
 * What a viewer may do with a chapter (DESIGN §5):
 * free — anyone reads it; unlocked — priced, but this viewer may read it;
 * locked — priced, no free date; early_access — priced until free_at;
 * scheduled — not yet published (only the team ever sees these).
 */
export const CHAPTER_ACCESS = ['free', 'unlocked', 'locked', 'early_access', 'scheduled'] as const;
export type ChapterAccess = (typeof CHAPTER_ACCESS)[number];
