// No zod here: the web client reads methods and paths from this table without pulling in the schemas.
import type { ErrorCode } from './error-codes';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint. The server checks it before it validates anything, so a visitor
 * gets 401 and a reader 403 whatever they send.
 */
export type Access = 'public' | 'user' | 'team' | 'admin';

export interface RouteDef {
  method: HttpMethod;
  /** Fastify-style template: `:name` segments are filled from the params. */
  path: string;
  access: Access;
  /** The success status; 200 unless said. */
  status?: 201 | 202;
  /** The body is multipart/form-data (file uploads) rather than JSON. */
  multipart?: true;
  /** The error codes this endpoint answers with besides the ones its access and input imply. */
  errors: readonly ErrorCode[];
}

const PUB = '/api/public/omegascans/public';
const ME = '/api/omegascans/secure/me';
const TEAM = '/api/omegascans/secure/team';
const ADMIN = '/api/omegascans/secure/admin';

/**
 * Every API endpoint's method, path, access and error codes, declared once. Its request and
 * response schemas sit beside it in `endpoints.ts` under the same name. The nine calls of SPEC §7
 * keep their exact paths; the rest follow the namespaces of DESIGN.md §4.
 */
export const ROUTES = {
  // Account (SPEC §7 and issue 2).
  verify: { method: 'GET', path: '/api/proxy/public/verify', access: 'public', errors: [] },
  login: {
    method: 'POST',
    path: '/api/proxy/public/login',
    access: 'public',
    errors: ['invalid_credentials', 'account_banned', 'two_factor_required', 'rate_limited'],
  },
  // Accepted: the account is made when the mailed link is followed (registerConfirm).
  register: {
    method: 'POST',
    path: '/api/proxy/public/register',
    access: 'public',
    status: 202,
    errors: ['conflict', 'rate_limited', 'registration_closed'],
  },
  registerConfirm: {
    method: 'POST',
    path: '/api/proxy/public/register/confirm',
    access: 'public',
    status: 201,
    errors: ['invalid_token', 'conflict', 'rate_limited', 'registration_closed'],
  },
  forgotPassword: { method: 'POST', path: '/api/proxy/public/forgot-password', access: 'public', errors: ['rate_limited'] },
  resetPassword: {
    method: 'POST',
    path: '/api/proxy/public/reset-password',
    access: 'public',
    errors: ['invalid_token', 'rate_limited'],
  },
  // Idempotent: logging out without a session still clears the cookie.
  logout: { method: 'POST', path: '/api/proxy/secure/logoutUser', access: 'public', errors: [] },
  profile: { method: 'GET', path: '/api/proxy/secure/profiledata', access: 'user', errors: [] },
  changePassword: { method: 'POST', path: '/api/proxy/secure/change-password', access: 'user', errors: ['rate_limited'] },
  // Two-factor sign-in (issue 10 §2). Login answers two_factor_required with a challenge when the
  // account has it on; the second step completes the sign-in. invalid_token: the challenge expired or is not ours.
  loginTwoFactor: {
    method: 'POST',
    path: '/api/proxy/public/login/two-factor',
    access: 'public',
    errors: ['invalid_credentials', 'invalid_token', 'account_banned', 'rate_limited'],
  },
  twoFactorStatus: { method: 'GET', path: '/api/proxy/secure/two-factor', access: 'user', errors: [] },
  // conflict: already on (setup), or not set up / not on (enable, disable, recovery codes).
  twoFactorSetup: { method: 'POST', path: '/api/proxy/secure/two-factor/setup', access: 'user', errors: ['conflict'] },
  twoFactorEnable: {
    method: 'POST',
    path: '/api/proxy/secure/two-factor/enable',
    access: 'user',
    errors: ['conflict', 'rate_limited'],
  },
  twoFactorDisable: {
    method: 'POST',
    path: '/api/proxy/secure/two-factor/disable',
    access: 'user',
    errors: ['conflict', 'rate_limited'],
  },
  twoFactorRecoveryCodes: {
    method: 'POST',
    path: '/api/proxy/secure/two-factor/recovery-codes',
    access: 'user',
    errors: ['conflict', 'rate_limited'],
  },

  // Notifications (SPEC §7).
  notifications: { method: 'GET', path: `${ME}/get/notification`, access: 'user', errors: [] },
  notificationsUnreadCount: { method: 'GET', path: `${ME}/get/notification/unread/count`, access: 'user', errors: [] },
  notificationRead: { method: 'PATCH', path: `${ME}/patch/notification/:id/read`, access: 'user', errors: ['not_found'] },
  notificationsReadAll: { method: 'PATCH', path: `${ME}/patch/notification/read-all`, access: 'user', errors: [] },

  // Site.
  siteSettings: { method: 'GET', path: `${PUB}/site-settings`, access: 'public', errors: [] },
  health: { method: 'GET', path: '/api/health', access: 'public', errors: [] },
  // SPEC §3, §7: the ads call, exact path; answered in the spec's own shape, never cached.
  adsConfig: { method: 'GET', path: `${PUB}/secure/ads/ads-config`, access: 'public', errors: [] },
  // Administration (issue 10 §2): site name, Discord link, footer contacts, ads, maintenance, registration.
  // two_factor_required: a change needs two-factor sign-in on the admin's account.
  adminSiteConfig: { method: 'GET', path: `${ADMIN}/site-config`, access: 'admin', errors: [] },
  adminSiteConfigUpdate: { method: 'PATCH', path: `${ADMIN}/site-config`, access: 'admin', errors: ['two_factor_required'] },

  // Public content (DESIGN §4).
  home: { method: 'GET', path: `${PUB}/home`, access: 'public', errors: [] },
  seriesList: { method: 'GET', path: `${PUB}/series`, access: 'public', errors: [] },
  series: { method: 'GET', path: `${PUB}/series/:slug`, access: 'public', errors: ['series_not_found'] },
  seriesChapters: { method: 'GET', path: `${PUB}/series/:slug/chapters`, access: 'public', errors: ['series_not_found'] },
  chapter: {
    method: 'GET',
    path: `${PUB}/series/:slug/chapters/:chapterSlug`,
    access: 'public',
    errors: ['series_not_found', 'chapter_not_found'],
  },
  // Issue 32 §1: a reader's own offers for a chapter (their pass's recharge), the part of a shared page that is theirs.
  myChapterOffers: {
    method: 'GET',
    path: `${ME}/chapter-offers/:slug/:chapterSlug`,
    access: 'user',
    errors: ['series_not_found', 'chapter_not_found'],
  },
  genres: { method: 'GET', path: `${PUB}/genres`, access: 'public', errors: [] },
  banners: { method: 'GET', path: `${PUB}/banners`, access: 'public', errors: [] },
  // SPEC §7: the top bar's search, exact path.
  searchSeries: { method: 'GET', path: `${PUB}/search/series`, access: 'public', errors: [] },

  // Team: series.
  teamSeriesList: { method: 'GET', path: `${TEAM}/series`, access: 'team', errors: [] },
  teamSeriesCreate: { method: 'POST', path: `${TEAM}/series`, access: 'team', status: 201, errors: ['conflict'] },
  teamSeries: { method: 'GET', path: `${TEAM}/series/:id`, access: 'team', errors: ['series_not_found'] },
  teamSeriesUpdate: { method: 'PATCH', path: `${TEAM}/series/:id`, access: 'team', errors: ['series_not_found', 'conflict'] },
  teamSeriesDelete: { method: 'DELETE', path: `${TEAM}/series/:id`, access: 'team', errors: ['series_not_found'] },
  teamSeriesCover: {
    method: 'PUT',
    path: `${TEAM}/series/:id/cover`,
    access: 'team',
    multipart: true,
    errors: ['series_not_found', 'payload_too_large', 'unsupported_media_type'],
  },

  // Team: chapters and pages.
  teamChapterCreate: {
    method: 'POST',
    path: `${TEAM}/series/:id/chapters`,
    access: 'team',
    status: 201,
    errors: ['series_not_found', 'conflict'],
  },
  teamChapter: { method: 'GET', path: `${TEAM}/chapters/:id`, access: 'team', errors: ['chapter_not_found'] },
  teamChapterUpdate: { method: 'PATCH', path: `${TEAM}/chapters/:id`, access: 'team', errors: ['chapter_not_found', 'conflict'] },
  teamChapterDelete: { method: 'DELETE', path: `${TEAM}/chapters/:id`, access: 'team', errors: ['chapter_not_found'] },
  teamChapterPagesAdd: {
    method: 'POST',
    path: `${TEAM}/chapters/:id/pages`,
    access: 'team',
    multipart: true,
    errors: ['chapter_not_found', 'payload_too_large', 'unsupported_media_type'],
  },
  teamChapterPageOrder: {
    method: 'PUT',
    path: `${TEAM}/chapters/:id/pages/order`,
    access: 'team',
    errors: ['chapter_not_found'],
  },
  teamChapterPageDelete: {
    method: 'DELETE',
    path: `${TEAM}/chapters/:id/pages/:pageId`,
    access: 'team',
    errors: ['chapter_not_found', 'not_found'],
  },
  teamChapterArchive: {
    method: 'POST',
    path: `${TEAM}/chapters/:id/archive`,
    access: 'team',
    multipart: true,
    errors: ['chapter_not_found', 'payload_too_large', 'unsupported_media_type'],
  },

  // Team: genres and banners.
  teamGenres: { method: 'GET', path: `${TEAM}/genres`, access: 'team', errors: [] },
  teamGenreCreate: { method: 'POST', path: `${TEAM}/genres`, access: 'team', status: 201, errors: ['conflict'] },
  teamGenreUpdate: { method: 'PATCH', path: `${TEAM}/genres/:id`, access: 'team', errors: ['not_found', 'conflict'] },
  teamGenreDelete: { method: 'DELETE', path: `${TEAM}/genres/:id`, access: 'team', errors: ['not_found'] },
  teamBanners: { method: 'GET', path: `${TEAM}/banners`, access: 'team', errors: [] },
  teamBannerCreate: { method: 'POST', path: `${TEAM}/banners`, access: 'team', status: 201, errors: [] },
  teamBannerUpdate: { method: 'PATCH', path: `${TEAM}/banners/:id`, access: 'team', errors: ['not_found'] },
  teamBannerImage: {
    method: 'PUT',
    path: `${TEAM}/banners/:id/image`,
    access: 'team',
    multipart: true,
    errors: ['not_found', 'payload_too_large', 'unsupported_media_type'],
  },
  teamBannerDelete: { method: 'DELETE', path: `${TEAM}/banners/:id`, access: 'team', errors: ['not_found'] },

  // The store (DESIGN §4 Money).
  coinPackages: { method: 'GET', path: `${PUB}/store/coin-packages`, access: 'public', errors: [] },
  plans: { method: 'GET', path: `${PUB}/store/plans`, access: 'public', errors: [] },
  checkout: {
    method: 'POST',
    path: `${ME}/checkout`,
    access: 'user',
    status: 201,
    errors: ['not_found', 'conflict', 'payment_provider_error'],
  },
  myPurchases: { method: 'GET', path: `${ME}/purchases`, access: 'user', errors: [] },
  myPurchase: { method: 'GET', path: `${ME}/purchases/:purchaseId`, access: 'user', errors: ['not_found'] },
  testCheckoutComplete: {
    method: 'POST',
    path: '/api/payments/test-checkout/:purchaseId/complete',
    access: 'user',
    errors: ['not_found', 'conflict'],
  },
  testCheckoutCancel: {
    method: 'POST',
    path: '/api/payments/test-checkout/:purchaseId/cancel',
    access: 'user',
    errors: ['not_found', 'conflict'],
  },
  wallet: { method: 'GET', path: `${ME}/wallet`, access: 'user', errors: [] },
  storeSettings: { method: 'PATCH', path: `${ME}/store-settings`, access: 'user', errors: [] },
  unlockChapter: {
    method: 'POST',
    path: `${ME}/chapters/:chapterId/unlock`,
    access: 'user',
    errors: ['chapter_not_found', 'insufficient_coins', 'offer_unavailable'],
  },
  // Issue 22 §1: what "unlock all remaining" costs with the series' bundle discount, before confirming.
  unlockQuote: {
    method: 'GET',
    path: `${ME}/series/:seriesId/unlock-quote`,
    access: 'user',
    errors: ['series_not_found', 'chapter_not_found'],
  },
  unlockChapters: {
    method: 'POST',
    path: `${ME}/series/:seriesId/unlock`,
    access: 'user',
    errors: ['series_not_found', 'chapter_not_found', 'insufficient_coins'],
  },
  // Issue 21 §1: the series a reader chose, while unlocking, to have unlock by themselves.
  autoUnlockSeries: { method: 'GET', path: `${ME}/auto-unlock/series`, access: 'user', errors: [] },
  // Idempotent: turning off a series that was not on changes nothing.
  autoUnlockSeriesRemove: { method: 'DELETE', path: `${ME}/auto-unlock/series/:seriesId`, access: 'user', errors: [] },
  // Issue 22 §2: gifts, supporters, payees and earnings. forbidden: a payee gifting their own series.
  seriesGift: {
    method: 'POST',
    path: `${ME}/series/:seriesId/gifts`,
    access: 'user',
    status: 201,
    errors: ['series_not_found', 'insufficient_coins', 'forbidden'],
  },
  seriesSupporters: { method: 'GET', path: `${PUB}/series/:seriesId/supporters`, access: 'public', errors: ['series_not_found'] },
  adminSeriesPayees: { method: 'GET', path: `${ADMIN}/series/:id/payees`, access: 'admin', errors: ['series_not_found'] },
  adminSeriesPayeesUpdate: {
    method: 'PUT',
    path: `${ADMIN}/series/:id/payees`,
    access: 'admin',
    errors: ['series_not_found', 'not_found'],
  },
  myEarnings: { method: 'GET', path: `${ME}/earnings`, access: 'user', errors: [] },
  myEarningsCsv: { method: 'GET', path: `${ME}/earnings.csv`, access: 'user', errors: [] },
  mySubscription: { method: 'GET', path: `${ME}/subscription`, access: 'user', errors: [] },
  cancelSubscription: {
    method: 'POST',
    path: `${ME}/subscription/cancel`,
    access: 'user',
    errors: ['not_found', 'payment_provider_error'],
  },

  adminPlans: { method: 'GET', path: `${ADMIN}/plans`, access: 'admin', errors: [] },
  adminPlanCreate: { method: 'POST', path: `${ADMIN}/plans`, access: 'admin', status: 201, errors: [] },
  adminPlanUpdate: { method: 'PATCH', path: `${ADMIN}/plans/:id`, access: 'admin', errors: ['not_found'] },
  adminCoinPackages: { method: 'GET', path: `${ADMIN}/coin-packages`, access: 'admin', errors: [] },
  adminCoinPackageCreate: { method: 'POST', path: `${ADMIN}/coin-packages`, access: 'admin', status: 201, errors: [] },
  adminCoinPackageUpdate: { method: 'PATCH', path: `${ADMIN}/coin-packages/:id`, access: 'admin', errors: ['not_found'] },
  // Administration (issue 10): the audit log of every team and admin action.
  adminAuditLog: { method: 'GET', path: `${ADMIN}/audit-log`, access: 'admin', errors: [] },
  adminPurchases: { method: 'GET', path: `${ADMIN}/purchases`, access: 'admin', errors: [] },
  adminPurchase: { method: 'GET', path: `${ADMIN}/purchases/:id`, access: 'admin', errors: ['not_found'] },
  adminPurchaseRefund: {
    method: 'POST',
    path: `${ADMIN}/purchases/:id/refund`,
    access: 'admin',
    errors: ['not_found', 'conflict', 'payment_provider_error'],
  },
  // Administration (issue 10 §2): users. conflict: the last admin would be demoted, or an admin banning themselves.
  adminUsers: { method: 'GET', path: `${ADMIN}/users`, access: 'admin', errors: [] },
  adminUser: { method: 'GET', path: `${ADMIN}/users/:id`, access: 'admin', errors: ['not_found'] },
  adminUserUpdate: { method: 'PATCH', path: `${ADMIN}/users/:id`, access: 'admin', errors: ['not_found', 'conflict'] },
  adminUserCoins: {
    method: 'POST',
    path: `${ADMIN}/users/:id/coins`,
    access: 'admin',
    errors: ['not_found', 'insufficient_coins'],
  },

  // Library: bookmarks, progress, history (DESIGN §4 Library and community).
  bookmarks: { method: 'GET', path: `${ME}/bookmarks`, access: 'user', errors: [] },
  bookmarkAdd: { method: 'PUT', path: `${ME}/bookmarks/:seriesId`, access: 'user', errors: ['series_not_found'] },
  bookmarkRemove: { method: 'DELETE', path: `${ME}/bookmarks/:seriesId`, access: 'user', errors: [] },
  progressSave: { method: 'PUT', path: `${ME}/progress/:chapterId`, access: 'user', errors: ['chapter_not_found'] },
  progressMerge: { method: 'POST', path: `${ME}/progress/merge`, access: 'user', errors: [] },
  history: { method: 'GET', path: `${ME}/history`, access: 'user', errors: [] },
  historyClear: { method: 'DELETE', path: `${ME}/history`, access: 'user', errors: [] },
  historyRemove: { method: 'DELETE', path: `${ME}/history/:chapterId`, access: 'user', errors: [] },
  seriesProgress: { method: 'GET', path: `${ME}/series/:seriesId/progress`, access: 'user', errors: ['series_not_found'] },
  // Device keys for reading apps (issue 19 §1). conflict: the account already has DEVICE_KEYS_MAX.
  deviceKeys: { method: 'GET', path: `${ME}/device-keys`, access: 'user', errors: [] },
  deviceKeyCreate: { method: 'POST', path: `${ME}/device-keys`, access: 'user', errors: ['conflict'] },
  deviceKeyRevoke: { method: 'DELETE', path: `${ME}/device-keys/:id`, access: 'user', errors: ['not_found'] },
  notifyWhenFree: { method: 'GET', path: `${ME}/chapters/:chapterId/notify-when-free`, access: 'user', errors: [] },
  // validation_failed: the chapter is not in early access (already free, or no free date).
  notifyWhenFreeAdd: {
    method: 'PUT',
    path: `${ME}/chapters/:chapterId/notify-when-free`,
    access: 'user',
    errors: ['chapter_not_found', 'validation_failed'],
  },
  notifyWhenFreeRemove: { method: 'DELETE', path: `${ME}/chapters/:chapterId/notify-when-free`, access: 'user', errors: [] },
  // Issue 22 §1. validation_failed: the series has no pass, or the reader's pass is ready now.
  notifyWhenPass: { method: 'GET', path: `${ME}/series/:seriesId/notify-when-pass`, access: 'user', errors: [] },
  notifyWhenPassAdd: {
    method: 'PUT',
    path: `${ME}/series/:seriesId/notify-when-pass`,
    access: 'user',
    errors: ['series_not_found', 'validation_failed'],
  },
  notifyWhenPassRemove: { method: 'DELETE', path: `${ME}/series/:seriesId/notify-when-pass`, access: 'user', errors: [] },
  notificationPreferences: { method: 'GET', path: `${ME}/notification-preferences`, access: 'user', errors: [] },
  notificationPreferencesUpdate: { method: 'PATCH', path: `${ME}/notification-preferences`, access: 'user', errors: [] },
  // Web Push (issue 21 §4).
  pushVapidKey: { method: 'GET', path: `${PUB}/push/vapid-key`, access: 'public', errors: [] },
  // 409: the endpoint belongs to another account until that account removes it (issue 32).
  pushSubscribe: { method: 'POST', path: `${ME}/push/subscriptions`, access: 'user', status: 201, errors: ['conflict'] },
  pushUnsubscribe: { method: 'DELETE', path: `${ME}/push/subscriptions`, access: 'user', errors: [] },

  // Announcements.
  announcements: { method: 'GET', path: `${PUB}/announcements`, access: 'public', errors: [] },
  announcement: { method: 'GET', path: `${PUB}/announcements/:slug`, access: 'public', errors: ['announcement_not_found'] },
  teamAnnouncements: { method: 'GET', path: `${TEAM}/announcements`, access: 'team', errors: [] },
  teamAnnouncementCreate: { method: 'POST', path: `${TEAM}/announcements`, access: 'team', status: 201, errors: ['conflict'] },
  teamAnnouncement: { method: 'GET', path: `${TEAM}/announcements/:id`, access: 'team', errors: ['announcement_not_found'] },
  teamAnnouncementUpdate: {
    method: 'PATCH',
    path: `${TEAM}/announcements/:id`,
    access: 'team',
    errors: ['announcement_not_found', 'conflict'],
  },
  teamAnnouncementDelete: {
    method: 'DELETE',
    path: `${TEAM}/announcements/:id`,
    access: 'team',
    errors: ['announcement_not_found'],
  },
  teamAnnouncementCover: {
    method: 'PUT',
    path: `${TEAM}/announcements/:id/cover`,
    access: 'team',
    multipart: true,
    errors: ['announcement_not_found', 'payload_too_large', 'unsupported_media_type'],
  },

  // Comments.
  chapterComments: {
    method: 'GET',
    path: `${PUB}/chapters/:chapterId/comments`,
    access: 'public',
    errors: ['chapter_not_found'],
  },
  seriesComments: { method: 'GET', path: `${PUB}/series/:seriesId/comments`, access: 'public', errors: ['series_not_found'] },
  commentCreate: {
    method: 'POST',
    path: `${ME}/comments`,
    access: 'user',
    status: 201,
    errors: ['chapter_not_found', 'series_not_found', 'not_found', 'rate_limited', 'account_banned'],
  },
  commentUpdate: { method: 'PATCH', path: `${ME}/comments/:id`, access: 'user', errors: ['not_found', 'forbidden', 'conflict'] },
  commentDelete: { method: 'DELETE', path: `${ME}/comments/:id`, access: 'user', errors: ['not_found', 'forbidden'] },
  commentReport: { method: 'POST', path: `${ME}/comments/:id/report`, access: 'user', errors: ['not_found', 'rate_limited'] },
  teamComments: { method: 'GET', path: `${TEAM}/comments`, access: 'team', errors: [] },
  teamCommentUpdate: { method: 'PATCH', path: `${TEAM}/comments/:id`, access: 'team', errors: ['not_found'] },
  teamCommentDelete: { method: 'DELETE', path: `${TEAM}/comments/:id`, access: 'team', errors: ['not_found'] },

  // Metrics (issue 10 §3): daily series for the charts, `?from=&to=` (UTC days, to included).
  teamMetrics: { method: 'GET', path: `${TEAM}/metrics`, access: 'team', errors: [] },
  teamSeriesFunnel: { method: 'GET', path: `${TEAM}/metrics/series/:id/funnel`, access: 'team', errors: ['series_not_found'] },
  adminMetrics: { method: 'GET', path: `${ADMIN}/metrics`, access: 'admin', errors: [] },
} as const satisfies Record<string, RouteDef>;

/**
 * The one-click unsubscribe link of notification mail (`?token=`; GET from the mail, POST
 * `List-Unsubscribe=One-Click` from mail clients, RFC 8058). It answers a small HTML page for a
 * person who clicked a link, not JSON, so it is not an endpoint of the table.
 */
export const UNSUBSCRIBE_PATH = '/api/proxy/public/unsubscribe';

/** Stripe's webhook: a raw body checked by its signature, so it is not a JSON endpoint of the table. */
export const STRIPE_WEBHOOK_PATH = '/api/webhooks/stripe';

/** The built-in test checkout's page (DESIGN §4), where `checkoutUrl` points while Stripe is not configured. */
export const testCheckoutPagePath = (purchaseId: string) => `/buy/checkout/${encodeURIComponent(purchaseId)}`;

export type EndpointName = keyof typeof ROUTES;

/** The names of a path template's `:params`, as a type: `'/a/:id/b/:pageId'` → `'id' | 'pageId'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** Fills a path template's `:params`, each encoded as one path segment. */
export function fillPath(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${template}`);
    return encodeURIComponent(String(value));
  });
}
