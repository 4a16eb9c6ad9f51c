// The server's half of the endpoint table (decision 0007): the web app never imports it.
import type { ErrorCode } from './error-codes';
import type { EndpointName } from './routes';

/**
 * The error codes each endpoint of ROUTES answers with besides the ones its access and input imply
 * (400, 401, 403, and 503 in maintenance), under the same name. The server lists their statuses in
 * the endpoint's answer schemas and the OpenAPI document. Kept out of `routes.ts` so the bundle
 * every page loads carries only what the browser calls with; typed by ROUTES' names, so an endpoint
 * without its list, or a list without its endpoint, does not compile.
 */
export const ROUTE_ERRORS: { readonly [N in EndpointName]: readonly ErrorCode[] } = {
  // Account.
  verify: [],
  login: ['invalid_credentials', 'account_banned', 'two_factor_required', 'rate_limited'],
  register: ['conflict', 'rate_limited', 'registration_closed'],
  registerConfirm: ['invalid_token', 'conflict', 'rate_limited', 'registration_closed'],
  forgotPassword: ['rate_limited'],
  resetPassword: ['invalid_token', 'rate_limited'],
  logout: [],
  profile: [],
  changePassword: ['rate_limited'],
  preferencesUpdate: [],
  // conflict: the username is someone's, or held for its former owner (30 days).
  profileUpdate: ['conflict'],
  // validation_failed also: not readable, too small; unsupported_media_type: not an image.
  avatarPut: ['payload_too_large', 'unsupported_media_type'],
  avatarDelete: [],
  // validation_failed: a wrong password, or the address the account has already (nothing changes).
  emailChange: ['rate_limited'],
  // invalid_token: unknown, used, expired or superseded; conflict: the address has an account since.
  emailChangeConfirm: ['invalid_token', 'conflict', 'rate_limited'],
  emailChangeUndo: ['invalid_token', 'conflict', 'rate_limited'],
  sessions: [],
  // not_found: no session of the caller's has that id (another reader's says the same).
  sessionRevoke: ['not_found'],
  sessionsRevokeOthers: [],
  // invalid_token: the two-factor challenge expired or is not ours.
  loginTwoFactor: ['invalid_credentials', 'invalid_token', 'account_banned', 'rate_limited'],
  twoFactorStatus: [],
  // conflict: already on (setup), or not set up / not on (enable, disable, recovery codes).
  twoFactorSetup: ['conflict'],
  twoFactorEnable: ['conflict', 'rate_limited'],
  twoFactorDisable: ['conflict', 'rate_limited'],
  twoFactorRecoveryCodes: ['conflict', 'rate_limited'],
  accountExport: [],
  // validation_failed: a wrong password or two-factor code (nothing changes); payment_provider_error: the plan could not be cancelled.
  accountDelete: ['rate_limited', 'payment_provider_error'],

  // Notifications.
  notifications: [],
  notificationsUnreadCount: [],
  notificationRead: ['not_found'],
  notificationsReadAll: [],

  // Site.
  siteSettings: [],
  health: [],
  adsConfig: [],
  adminSiteConfig: [],
  // two_factor_required: a change needs two-factor sign-in on the admin's account.
  adminSiteConfigUpdate: ['two_factor_required'],

  // Public content.
  home: [],
  seriesList: [],
  // adult_content: a series marked Adult for a viewer who has not opted in (issue 36 §4).
  series: ['series_not_found', 'adult_content'],
  seriesChapters: ['series_not_found', 'adult_content'],
  chapter: ['series_not_found', 'chapter_not_found', 'adult_content'],
  myChapterOffers: ['series_not_found', 'chapter_not_found', 'adult_content'],
  genres: [],
  banners: [],
  searchSeries: [],

  // Team: series.
  teamSeriesList: [],
  teamSeriesCreate: ['conflict'],
  teamSeries: ['series_not_found'],
  teamSeriesUpdate: ['series_not_found', 'conflict'],
  teamSeriesDelete: ['series_not_found'],
  teamSeriesCover: ['series_not_found', 'payload_too_large', 'unsupported_media_type'],
  teamSeriesEditions: ['series_not_found'],
  // conflict: the series already has that edition, or it is the series' own language.
  teamSeriesEditionCreate: ['series_not_found', 'conflict'],
  // not_found: the series has no edition in that language.
  teamSeriesEditionUpdate: ['series_not_found', 'not_found'],
  teamSeriesEditionDelete: ['series_not_found', 'not_found'],

  // Team: chapters and pages.
  teamChapterCreate: ['series_not_found', 'conflict'],
  teamChapter: ['chapter_not_found'],
  teamChapterUpdate: ['chapter_not_found', 'conflict'],
  teamChapterDelete: ['chapter_not_found'],
  // not_found: a `language` the series has no edition in.
  teamChapterPagesAdd: ['chapter_not_found', 'not_found', 'payload_too_large', 'unsupported_media_type'],
  teamChapterPageOrder: ['chapter_not_found'],
  teamChapterPageDelete: ['chapter_not_found', 'not_found'],
  teamChapterArchive: ['chapter_not_found', 'payload_too_large', 'unsupported_media_type'],
  // not_found: the series has no edition in that language (or, deleting, the chapter none in it).
  teamChapterEditionPut: ['chapter_not_found', 'not_found'],
  teamChapterEditionDelete: ['chapter_not_found', 'not_found'],
  teamChaptersRenumber: ['series_not_found', 'conflict'],
  teamSeriesMembers: ['series_not_found'],
  teamSeriesMemberUpdate: ['series_not_found', 'not_found'],
  adminSeriesMembers: ['series_not_found'],
  adminSeriesMemberPut: ['series_not_found', 'not_found', 'conflict'],
  adminSeriesMemberDelete: ['series_not_found', 'not_found'],
  teamImports: [],
  teamImportCreate: ['series_not_found', 'payload_too_large', 'unsupported_media_type'],
  teamImport: ['not_found'],

  // Team: genres and banners.
  teamGenres: [],
  teamGenreCreate: ['conflict'],
  teamGenreUpdate: ['not_found', 'conflict'],
  teamGenreDelete: ['not_found'],
  teamBanners: [],
  teamBannerCreate: [],
  teamBannerUpdate: ['not_found'],
  teamBannerImage: ['not_found', 'payload_too_large', 'unsupported_media_type'],
  teamBannerDelete: ['not_found'],

  // The store.
  coinPackages: [],
  plans: [],
  checkout: ['not_found', 'series_not_found', 'conflict', 'payment_provider_error'],
  myPurchases: [],
  myPurchase: ['not_found'],
  testCheckoutComplete: ['not_found', 'conflict'],
  testCheckoutCancel: ['not_found', 'conflict'],
  wallet: [],
  storeSettings: [],
  unlockChapter: ['chapter_not_found', 'insufficient_coins', 'offer_unavailable'],
  unlockQuote: ['series_not_found', 'chapter_not_found'],
  unlockChapters: ['series_not_found', 'chapter_not_found', 'insufficient_coins'],
  autoUnlockSeries: [],
  autoUnlockSeriesRemove: [],
  // forbidden: a payee gifting their own series.
  seriesGift: ['series_not_found', 'insufficient_coins', 'forbidden'],
  seriesSupporters: ['series_not_found'],
  adminSeriesPayees: ['series_not_found'],
  adminSeriesPayeesUpdate: ['series_not_found', 'not_found'],
  myEarnings: [],
  myEarningsCsv: [],
  mySubscription: [],
  cancelSubscription: ['not_found', 'payment_provider_error'],
  // Issue 38 §1: memberships per series.
  seriesTiers: ['series_not_found'],
  // Issue 39 §5: a series not published (or none); an adult series to a viewer who has not passed its gate.
  seriesAlsoRead: ['series_not_found', 'adult_content'],
  teamSeriesTiers: ['series_not_found'],
  // conflict: the series already offers SERIES_TIERS_MAX tiers.
  teamSeriesTierCreate: ['series_not_found', 'conflict'],
  teamSeriesTierUpdate: ['not_found'],
  // Issue 39 §5: relations. forbidden: the caller may not edit the related series;
  // validation_failed: a series related to itself, a map on another kind, a chapter of another series.
  seriesRelations: ['series_not_found'],
  chapterRelated: ['chapter_not_found'],
  teamSeriesRelations: ['series_not_found'],
  teamSeriesRelationPut: ['series_not_found', 'forbidden'],
  teamSeriesRelationDelete: ['series_not_found', 'forbidden'],
  myMemberships: [],
  cancelMembership: ['not_found', 'payment_provider_error'],
  // Issue 38 §2: payouts.
  myPayoutAccount: [],
  myPayoutAccountStart: ['forbidden', 'payment_provider_error'],
  myPayouts: [],
  myPayoutStatement: ['not_found'],
  testPayoutOnboardingComplete: ['not_found'],
  adminPayouts: [],
  // conflict: only a failed transfer is retried.
  adminPayoutRetry: ['not_found', 'conflict', 'payment_provider_error'],

  adminPlans: [],
  adminPlanCreate: [],
  adminPlanUpdate: ['not_found'],
  adminCoinPackages: [],
  adminCoinPackageCreate: [],
  adminCoinPackageUpdate: ['not_found'],
  adminAuditLog: [],
  adminPurchases: [],
  adminPurchase: ['not_found'],
  adminPurchaseRefund: ['not_found', 'conflict', 'payment_provider_error'],
  adminUsers: [],
  adminUser: ['not_found'],
  // conflict: the last admin would be demoted, or an admin banning themselves.
  adminUserUpdate: ['not_found', 'conflict'],
  adminUserCoins: ['not_found', 'insufficient_coins'],
  // conflict: an admin deleting their own account here (they use their account page).
  adminUserDelete: ['not_found', 'conflict', 'payment_provider_error'],

  // Library: bookmarks, progress, history.
  bookmarks: [],
  bookmarkAdd: ['series_not_found'],
  bookmarkRemove: [],
  progressSave: ['chapter_not_found'],
  progressMerge: [],
  history: [],
  historyClear: [],
  historyRemove: [],
  seriesProgress: ['series_not_found'],
  // Issue 39 §1: a chapter the reader has no places in answers none (nothing is learnt about it).
  chapterPlaces: [],
  deviceKeys: [],
  // conflict: the account already has DEVICE_KEYS_MAX.
  deviceKeyCreate: ['conflict'],
  deviceKeyRevoke: ['not_found'],
  notifyWhenFree: [],
  // validation_failed: the chapter is not in early access (already free, or no free date).
  notifyWhenFreeAdd: ['chapter_not_found', 'validation_failed'],
  notifyWhenFreeRemove: [],
  notifyWhenPass: [],
  // validation_failed: the series has no pass, or the reader's pass is ready now.
  notifyWhenPassAdd: ['series_not_found', 'validation_failed'],
  notifyWhenPassRemove: [],
  readerSettings: [],
  readerSettingsPut: [],
  readerSettingsPatch: [],
  // series_not_found: no such series (a series' choice is kept only for one that exists).
  seriesReaderSettings: ['series_not_found'],
  seriesReaderSettingsPut: ['series_not_found'],
  seriesReaderSettingsClear: [],
  notificationPreferences: [],
  notificationPreferencesUpdate: [],
  pushVapidKey: [],
  // Issue 39 §4: not_found, a share link nobody shares (never shared, or no longer).
  myStats: [],
  myStatsCard: [],
  myStatsShare: [],
  myStatsUnshare: [],
  yearShare: ['not_found'],
  yearShareCard: ['not_found'],
  // conflict: the push endpoint belongs to another account until that account removes it (issue 32).
  pushSubscribe: ['conflict'],
  pushUnsubscribe: [],

  // Announcements.
  announcements: [],
  announcement: ['announcement_not_found'],
  teamAnnouncements: [],
  teamAnnouncementCreate: ['conflict'],
  teamAnnouncement: ['announcement_not_found'],
  teamAnnouncementUpdate: ['announcement_not_found', 'conflict'],
  teamAnnouncementDelete: ['announcement_not_found'],
  teamAnnouncementCover: ['announcement_not_found', 'payload_too_large', 'unsupported_media_type'],

  // Comments.
  chapterComments: ['chapter_not_found'],
  seriesComments: ['series_not_found'],
  commentCreate: ['chapter_not_found', 'series_not_found', 'not_found', 'rate_limited', 'account_banned'],
  commentUpdate: ['not_found', 'forbidden', 'conflict'],
  commentDelete: ['not_found', 'forbidden'],
  commentReport: ['not_found', 'rate_limited'],
  teamComments: [],
  teamCommentUpdate: ['not_found'],
  teamCommentDelete: ['not_found'],

  // Metrics.
  teamMetrics: [],
  teamSeriesFunnel: ['series_not_found'],
  adminMetrics: [],
};
