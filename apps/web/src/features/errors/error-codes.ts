import { ERROR_PAGE_CODES, type ErrorPageCode } from '@inkwell/contract';

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
