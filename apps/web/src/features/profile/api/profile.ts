import type { ProfileData } from '@inkwell/contract';
import { fetchEndpoint, readEndpointJson } from '../../../lib/api-client';

/** SPEC §7, §8: never cached; a non-OK status or success false is an error with the spec's wording. */
export async function fetchProfile(): Promise<ProfileData> {
  const response = await fetchEndpoint('profile', { cache: 'no-store' });
  if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
  const body = await readEndpointJson<'profile'>(response);
  if (!body.success || !body.data) throw new Error(body.message || 'Failed to fetch profile data');
  return body.data;
}
