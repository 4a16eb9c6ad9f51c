import { ApiError } from '../../lib/api-client';
import type { Translate } from '../../lib/i18n/i18n-context';
import './messages';

/** What to tell a reader whose checkout could not start, by the server's error code. */
export function checkoutErrorMessage(t: Translate, error: unknown): string {
  if (!(error instanceof ApiError)) return t('store.checkoutError.unreachable');
  switch (error.code) {
    case 'not_found':
      return t('store.checkoutError.notFound');
    case 'payment_provider_error':
      return t('store.checkoutError.providerError');
    case 'unauthorized':
      return t('store.checkoutError.unauthorized');
    default:
      // conflict (a plan already running) and validation carry the server's own sentence.
      return error.message;
  }
}
