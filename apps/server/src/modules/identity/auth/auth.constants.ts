/** A session ends after this long without a request … */
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60_000;
/** … and after this long in any case. */
export const SESSION_MAX_AGE_MS = 60 * 24 * 60 * 60_000;
/** last_seen_at is written at most this often, so reading a page is not a write per request. */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60_000;
export const SESSION_COOKIE = 'inkwell_session';
