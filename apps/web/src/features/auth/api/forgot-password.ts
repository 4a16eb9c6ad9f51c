import { callApi } from '../../../lib/api-client';

/** Asks for a reset link; the answer is the same whether or not the address is registered. */
export function requestPasswordReset(email: string) {
  return callApi('forgotPassword', { body: { email } });
}
