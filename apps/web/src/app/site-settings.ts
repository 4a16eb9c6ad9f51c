import { API, type SiteSettings } from '@inkwell/contract';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../lib/api-client';

/** Public site settings (Discord link, footer contacts). */
export function useSiteSettings() {
  return useQuery({
    queryKey: ['site-settings'],
    queryFn: () => apiJson<{ success: true; data: SiteSettings }>(API.siteSettings).then((body) => body.data),
    staleTime: 5 * 60_000,
  });
}
