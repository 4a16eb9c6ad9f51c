import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';
import { userKeys } from './user-keys';

/** One user with their recent purchases, ledger and comments, read fresh on each visit. */
function adminUserQueryOptions(id: string) {
  return queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => callApiData('adminUser', { params: { id }, signal }),
    staleTime: 0,
  });
}

export const useAdminUser = (id: string) => useQuery(adminUserQueryOptions(id));
