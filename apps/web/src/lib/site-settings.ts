import type { PublicSiteSettings } from '@inkwell/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApiData } from './api-client';
import { onMaintenanceAnswer } from './maintenance';

export const SITE_SETTINGS_QUERY_KEY = ['site-settings'] as const;

/** While maintenance is on, the shell asks again this often, so the site comes back without a reload. */
const MAINTENANCE_POLL_MS = 30_000;

export function siteSettingsQueryOptions() {
  return queryOptions({
    queryKey: SITE_SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => callApiData('siteSettings', { signal }),
    staleTime: 5 * 60_000,
    refetchInterval: (query) => (query.state.data?.maintenance?.enabled ? MAINTENANCE_POLL_MS : false),
  });
}

/** Public site settings: name, Discord link, footer contacts, and whether maintenance is on and sign-ups open. */
export function useSiteSettings() {
  return useQuery(siteSettingsQueryOptions());
}

/**
 * A 503 `maintenance` answer from any call turns maintenance on in the shell's settings at once,
 * with the admin's message; from then on the settings are polled, and say when the site is back.
 */
export function useMaintenanceAnswers() {
  const client = useQueryClient();
  useEffect(
    () =>
      onMaintenanceAnswer((message) => {
        const apply = (current: PublicSiteSettings | undefined) => {
          if (!current || (current.maintenance?.enabled && current.maintenance.message === message)) return;
          client.setQueryData<PublicSiteSettings>(SITE_SETTINGS_QUERY_KEY, {
            ...current,
            maintenance: { enabled: true, message },
          });
        };
        const current = client.getQueryData<PublicSiteSettings>(SITE_SETTINGS_QUERY_KEY);
        // Not read yet: the 503 is newer news than a read that may have left before the site went down.
        if (current) apply(current);
        else void client.fetchQuery(siteSettingsQueryOptions()).then(apply, () => {});
      }),
    [client],
  );
}
