import type { EndpointQuery } from '@inkwell/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';
import { teamSeriesKeys } from './team-series-keys';

/** Every series, drafts included, searchable by title or slug, a page at a time. */
function teamSeriesListQueryOptions(query: EndpointQuery<'teamSeriesList'>) {
  return queryOptions({
    queryKey: teamSeriesKeys.list(query),
    queryFn: ({ signal }) => callApiData('teamSeriesList', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export const useTeamSeriesList = (query: EndpointQuery<'teamSeriesList'>) => useQuery(teamSeriesListQueryOptions(query));
