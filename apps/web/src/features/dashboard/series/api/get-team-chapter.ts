import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';
import { teamSeriesKeys } from './team-series-keys';

/** One chapter with its pages or its text, for the chapter editor. */
function teamChapterQueryOptions(id: string) {
  return queryOptions({
    queryKey: teamSeriesKeys.chapter(id),
    queryFn: ({ signal }) => callApiData('teamChapter', { params: { id }, signal }),
  });
}

/** Nothing is asked when there is no chapter yet (a new one is being written). */
export const useTeamChapter = (id: string | undefined) =>
  useQuery({ ...teamChapterQueryOptions(id ?? 'new'), enabled: id !== undefined });
