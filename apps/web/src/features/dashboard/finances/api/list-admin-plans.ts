import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';
import { financeKeys } from './finance-keys';

/** Every plan, archived ones too, with what each has sold. */
function adminPlansQueryOptions() {
  return queryOptions({
    queryKey: financeKeys.plans,
    queryFn: ({ signal }) => callApiData('adminPlans', { signal }),
  });
}

export const useAdminPlans = () => useQuery(adminPlansQueryOptions());
