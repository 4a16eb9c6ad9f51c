import { ADS_CONFIG_TIMEOUT_MS, type AdsConfigResponse, type SessionUser } from '@inkwell/contract';
import { queryOptions } from '@tanstack/react-query';
import { fetchEndpoint, readEndpointJson } from '../../../lib/api-client';

/**
 * SPEC §7: GET …/secure/ads/ads-config, without the HTTP cache, aborted after 10 s. Any failure
 * (time-out, an error status, an answer that is not a success) rejects: the slot shows no ads.
 */
async function fetchAdsConfig(signal?: AbortSignal): Promise<AdsConfigResponse> {
  const response = await fetchEndpoint('adsConfig', { timeoutMs: ADS_CONFIG_TIMEOUT_MS, cache: 'no-cache', signal });
  if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
  const body = await readEndpointJson<'adsConfig'>(response);
  if (body?.success !== true) throw new Error('The ads config call did not succeed');
  return body;
}

/** The answer depends on who asks: one entry per viewer, asked again after signing in or out. */
export function adsConfigQueryOptions(user: Pick<SessionUser, 'id' | 'role' | 'isPremium'> | null) {
  return queryOptions({
    queryKey: ['ads-config', user ? `${user.id}:${user.role}:${user.isPremium}` : 'visitor'],
    queryFn: ({ signal }) => fetchAdsConfig(signal),
    // A change an admin makes reaches long visits within minutes, and every fresh page load at once.
    staleTime: 5 * 60_000,
    // A failed load means no ads (SPEC §8), not a retry.
    retry: false,
  });
}
