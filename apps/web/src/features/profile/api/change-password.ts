import { callApi } from '../../../lib/api-client';

/** Changes the signed-in reader's password; the server ends their other sessions. */
export function changePassword(currentPassword: string, newPassword: string) {
  return callApi('changePassword', { body: { currentPassword, newPassword } });
}
