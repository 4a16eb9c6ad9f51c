import { ERROR_PAGE_CODES, type ErrorPageCode } from '@inkwell/contract';

/** SPEC §8: what the error page says for each code. */
export const ERROR_PAGE_TEXT: Record<ErrorPageCode, { title: string; description: string }> = {
  unauthorized: { title: 'Please log in', description: 'You need to be logged in to see this page.' },
  forbidden: { title: 'Access denied', description: 'Your account does not have access to this page.' },
  not_found: { title: 'Page not found', description: 'The page you are looking for does not exist or has moved.' },
  announcement_not_found: {
    title: 'Announcement not found',
    description: 'This announcement does not exist or is no longer available.',
  },
  series_not_found: { title: 'Series not found', description: 'We could not find this series. It may have been removed.' },
  session_expired: {
    title: 'Your session has expired',
    description: 'For your security you were logged out. Please log in again.',
  },
  maintenance: {
    title: 'Down for maintenance',
    description: 'Inkwell is being improved right now. Please come back in a little while.',
  },
  server_error: { title: 'Something went wrong', description: 'An unexpected error happened on our side. Please try again.' },
};

export function isErrorPageCode(value: string | null): value is ErrorPageCode {
  return value !== null && (ERROR_PAGE_CODES as readonly string[]).includes(value);
}

/**
 * SPEC §8: the global error boundary maps 401, 403 and 404, or matching message text, to a code,
 * and anything else to server_error. An API error carrying an error-page code keeps it.
 */
export function errorToCode(error: unknown): ErrorPageCode {
  // An API error whose code is one the page knows (series_not_found, say) is shown as that code.
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string' && isErrorPageCode(code)) return code;
  const status = (error as { status?: unknown })?.status;
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  const message = [
    (error as { message?: unknown })?.message,
    (error as { statusText?: unknown })?.statusText,
    (error as { data?: unknown })?.data,
  ]
    .filter((part) => typeof part === 'string')
    .join(' ');
  if (/unauthori[sz]ed|\b401\b/i.test(message)) return 'unauthorized';
  if (/forbidden|\b403\b/i.test(message)) return 'forbidden';
  if (/not found|\b404\b/i.test(message)) return 'not_found';
  return 'server_error';
}
