// No zod here: the web app's first chunk reads these (every page asks isAdFreePage), and a schema
// built at load would make zod probe for eval, which the pages' CSP refuses and reports.

/** SPEC §3: `user_status.role` of someone not signed in. */
export const ADS_VISITOR_ROLE = 'Visitor';

/** Why the server says ads show or not; stable strings a client may switch on. */
export const ADS_CONFIG_REASONS = ['ads_disabled', 'no_scripts', 'team_member', 'premium', 'ads_enabled'] as const;
export type AdsConfigReason = (typeof ADS_CONFIG_REASONS)[number];

/**
 * Pages where ad scripts never run: the dashboard, the Reader's Area, checkout, and the pages
 * where a password or a reset token is typed. Their HTML carries the strict CSP (no nonce), and
 * the web app reaches them with a full page load once ad scripts ran in a document.
 */
const AD_FREE_PAGE_PREFIXES = [
  '/dashboard',
  '/profile',
  '/protect',
  '/buy/checkout',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
] as const;

/**
 * Whether a page path is ad-free. Compared as the web router matches paths (without regard to
 * case, percent-decoded), with repeated slashes folded; a path that cannot be decoded is ad-free.
 */
export function isAdFreePage(pathname: string): boolean {
  let path: string;
  try {
    path = decodeURIComponent(pathname.split('?')[0] ?? '');
  } catch {
    return true;
  }
  path = path.toLowerCase().replace(/\/{2,}/g, '/');
  return AD_FREE_PAGE_PREFIXES.some((prefix) => path.startsWith(prefix));
}
