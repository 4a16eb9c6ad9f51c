// No zod here: the web shell imports these without pulling in the schema library.

/**
 * Stable error codes. The server throws AppError(code, message); one handler maps the code to
 * an HTTP status; the client switches on `error.code`, never on message text.
 */
export const ERROR_STATUS = {
  validation_failed: 400,
  invalid_token: 400,
  /** A payment webhook whose signature does not match its body (or is too old). */
  invalid_signature: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  insufficient_coins: 402,
  /** A reading app asked for a page or file of a chapter its reader has not unlocked (issue 19). */
  chapter_locked: 402,
  forbidden: 403,
  account_banned: 403,
  /** Changing the site's configuration needs two-factor sign-in on the admin's account. */
  two_factor_required: 403,
  registration_closed: 403,
  foreign_origin: 403,
  /** A series marked Adult, for a viewer who has not said they are 18 (issue 36 §4): its pages show the gate. */
  adult_content: 403,
  not_found: 404,
  series_not_found: 404,
  chapter_not_found: 404,
  announcement_not_found: 404,
  conflict: 409,
  /** A way to open a chapter that is not open to this reader now (their pass is recharging, no daily free today). */
  offer_unavailable: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  payment_provider_error: 502,
  service_unavailable: 503,
  /** Maintenance mode: public calls answer this while the team works on (the message is the admin's). */
  maintenance: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** SPEC §8: the codes the error page knows. */
export const ERROR_PAGE_CODES = [
  'unauthorized',
  'forbidden',
  'not_found',
  'announcement_not_found',
  'series_not_found',
  'session_expired',
  'maintenance',
  'server_error',
] as const;
export type ErrorPageCode = (typeof ERROR_PAGE_CODES)[number];
