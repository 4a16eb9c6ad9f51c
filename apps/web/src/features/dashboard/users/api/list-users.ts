import type { EndpointQuery } from '@inkwell/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';
import { userKeys } from './user-keys';

/** Users newest first: searched by name or e-mail, filtered by role and status, a page at a time. */
function adminUsersQueryOptions(query: EndpointQuery<'adminUsers'>) {
  return queryOptions({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => callApiData('adminUsers', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export const useAdminUsers = (query: EndpointQuery<'adminUsers'>) => useQuery(adminUsersQueryOptions(query));
