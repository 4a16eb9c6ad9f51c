import { API, type ProfileData, type ProfileResponse } from '@inkwell/contract';
import { fetchWithTimeout } from '../../../lib/api-client';

/** SPEC §7, §8: never cached; a non-OK status or success false is an error with the spec's wording. */
export async function fetchProfile(): Promise<ProfileData> {
  const response = await fetchWithTimeout(API.profile, { cache: 'no-store' });
  if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
  const body = (await response.json()) as ProfileResponse;
  if (!body.success || !body.data) throw new Error(body.message || 'Failed to fetch profile data');
  return body.data;
}
