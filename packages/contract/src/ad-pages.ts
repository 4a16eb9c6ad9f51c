// No zod here: the web app's first chunk reads these (every page asks isAdFreePage), and a schema
// built at load would make zod probe for eval, which the pages' CSP refuses and reports.

/** SPEC §3: `user_status.role` of someone not signed in. */
export const ADS_VISITOR_ROLE = 'Visitor';

/** Why the server says ads show or not; stable strings a client may switch on. */
export const ADS_CONFIG_REASONS = ['ads_disabled', 'no_scripts', 'team_member', 'premium', 'ads_enabled'] as const;
export type AdsConfigReason = (typeof ADS_CONFIG_REASONS)[number];

/**
 * Pages whose HTML carries the strict CSP (no nonce) and is not drawn on the server: the
 * dashboard, the Reader's Area, checkout, and the pages where a password or a reset token is typed.
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
  const path = comparablePath(pathname);
  return path === null || AD_FREE_PAGE_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/**
 * Pages that show no ad (issue 20 §3): the ad-free pages above, and every page where a reader pays
 * (`/buy`: coins and plans too, which are drawn on the server like the reading pages). Ads
 * elsewhere run in a sandboxed frame, never in the page.
 */
export function showsNoAds(pathname: string): boolean {
  const path = comparablePath(pathname);
  return path === null || isAdFreePage(path) || path.startsWith('/buy');
}

/** A path as the web router matches it: any case, percent-decoded, repeated slashes folded; null when it cannot be decoded. */
function comparablePath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname.split('?')[0] ?? '')
      .toLowerCase()
      .replace(/\/{2,}/g, '/');
  } catch {
    return null;
  }
}
