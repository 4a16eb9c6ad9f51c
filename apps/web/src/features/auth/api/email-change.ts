import { callApiData } from '../../../lib/api-client';

/** The new address's mailed link, followed: the account's address changes (once, within a day). */
export function confirmEmailChange(token: string) {
  return callApiData('emailChangeConfirm', { body: { token } });
}

/** The old address's mailed link, followed: the address back, every session ended, a reset link on its way. */
export function undoEmailChange(token: string) {
  return callApiData('emailChangeUndo', { body: { token } });
}
