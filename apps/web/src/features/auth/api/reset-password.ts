import { callApi } from '../../../lib/api-client';

/** Sets a new password with the token from a reset e-mail. */
export function resetPassword(token: string, password: string) {
  return callApi('resetPassword', { body: { token, password } });
}
