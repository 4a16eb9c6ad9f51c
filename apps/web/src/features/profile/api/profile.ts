import type { ProfileData } from '@inkwell/contract';
import { fetchEndpoint, pageMessage, readEndpointJson } from '../../../lib/api-client';

/** SPEC §7, §8: never cached; a non-OK status or success false is an error with the spec's wording, in the page's language. */
export async function fetchProfile(): Promise<ProfileData> {
  const response = await fetchEndpoint('profile', { cache: 'no-store' });
  if (!response.ok) throw new Error(await pageMessage('common.lib.api.httpError', { status: response.status }));
  const body = await readEndpointJson<'profile'>(response);
  if (!body.success || !body.data) throw new Error(body.message || (await pageMessage('common.lib.api.profileFailed')));
  return body.data;
}
