import { ApiError } from '../../lib/api-client';

/** What to tell a reader whose checkout could not start, by the server's error code. */
export function checkoutErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'We could not reach the store. Check your connection and try again.';
  switch (error.code) {
    case 'not_found':
      return 'That is no longer on sale. The list has been refreshed.';
    case 'payment_provider_error':
      return 'The payment provider did not answer. Please try again in a moment.';
    case 'unauthorized':
      return 'Your session has ended. Log in again to buy.';
    default:
      // conflict (a plan already running) and validation carry the server's own sentence.
      return error.message;
  }
}
