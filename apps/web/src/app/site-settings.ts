import { useQuery } from '@tanstack/react-query';
import { callApiData } from '../lib/api-client';

/** Public site settings (Discord link, footer contacts). */
export function useSiteSettings() {
  return useQuery({
    queryKey: ['site-settings'],
    queryFn: ({ signal }) => callApiData('siteSettings', { signal }),
    staleTime: 5 * 60_000,
  });
}
