import type { EndpointBody } from '@inkwell/contract';
import { callApi } from '../../../lib/api-client';

/** Asks for an account: the answer is "check your e-mail" whether or not the address has one (issue 20 §4). */
export function register(body: EndpointBody<'register'>) {
  return callApi('register', { body });
}

/** Finishes a sign-up with the token of its mailed link; the answer carries the new user, signed in. */
export function confirmRegistration(token: string) {
  return callApi('registerConfirm', { body: { token } });
}
