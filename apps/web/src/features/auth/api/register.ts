import type { EndpointBody } from '@inkwell/contract';
import { callApi } from '../../../lib/api-client';

/** Creates an account and signs it in; the answer carries the new user (as login's does). */
export function register(body: EndpointBody<'register'>) {
  return callApi('register', { body });
}
