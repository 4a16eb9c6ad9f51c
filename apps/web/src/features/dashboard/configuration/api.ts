import type { SiteConfigAnswer, SiteConfigPatch } from '@inkwell/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../lib/api-client';
import { SITE_SETTINGS_QUERY_KEY } from '../../../lib/site-settings';

const CONFIG_KEY = ['admin', 'site-config'] as const;

function siteConfigQueryOptions() {
  return queryOptions({
    queryKey: CONFIG_KEY,
    queryFn: ({ signal }) => callApiData('adminSiteConfig', { signal }),
    staleTime: 0,
  });
}

export const useSiteConfig = () => useQuery(siteConfigQueryOptions());

/** Saves some sections; the answer is the whole configuration, and the shell reads its public part again. */
export function useUpdateSiteConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SiteConfigPatch) => callApiData('adminSiteConfigUpdate', { body }),
    onSuccess: (config: SiteConfigAnswer) => {
      client.setQueryData(CONFIG_KEY, config);
      void client.invalidateQueries({ queryKey: SITE_SETTINGS_QUERY_KEY });
    },
  });
}
