import type { TeamSeries } from '@inkwell/contract';

/** The series the dashboard's page tests open. */
export const TEAM_SERIES_ID = '00000000-0000-4000-8000-0000000000a1';

/** "Ink and Ash" as the team's series call answers it (a published comic, no chapters), with `over` in place. */
export function teamSeriesFixture(over: Partial<TeamSeries> = {}): TeamSeries {
  return {
    id: TEAM_SERIES_ID,
    slug: 'ink-and-ash',
    type: 'comic',
    title: 'Ink and Ash',
    alternativeNames: '',
    description: '',
    status: 'ongoing',
    author: '',
    artist: '',
    releaseYear: null,
    isAdult: false,
    isPublished: true,
    waitPassIntervalHours: null,
    rentalHours: 72,
    waitPassExcludesNewest: 1,
    dailyFree: false,
    bundleDiscountPercent: 0,
    cover: null,
    genres: [],
    chapters: [],
    originalLanguage: 'en',
    readingDirection: 'ltr',
    website: '',
    credits: [],
    ...over,
  };
}
