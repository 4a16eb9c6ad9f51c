// No zod and no error codes here: the web client reads methods and paths from this table without pulling in the
// schemas (endpoints.ts) or the server's error lists (route-errors.ts).

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint. The server checks it before it validates anything, so a visitor
 * gets 401 and a reader 403 whatever they send; the web client asks only the public reads as the
 * viewer a team member previews the site as.
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
  /**
   * A team call a member of one series' team may make too (issue 37 §3); without it, a team call is
   * for editors and admins only. Editors and admins pass whatever it says.
   */
  scope?: SeriesScope;
}

/**
 * Which series a member's call is about, and which members may make it: `by` 'series' (the `:id`
 * is the series), 'chapter' (the `:id` is one of its chapters), 'own' (the answer holds only the
 * member's series, or the handler checks the series it is sent); `who` 'creator' (the series'
 * creator) or 'member' (any role: a translator's and an uploader's work is chapters and pages, and
 * the chapter rules refuse them prices, the ladder and publishing they were not allowed).
 */
export interface SeriesScope {
  by: 'series' | 'chapter' | 'own';
  who: 'creator' | 'member';
}
const SERIES_CREATOR = { by: 'series', who: 'creator' } as const satisfies SeriesScope;
const SERIES_MEMBER = { by: 'series', who: 'member' } as const satisfies SeriesScope;
const CHAPTER_MEMBER = { by: 'chapter', who: 'member' } as const satisfies SeriesScope;
const OWN_MEMBER = { by: 'own', who: 'member' } as const satisfies SeriesScope;

const PUB = '/api/public/omegascans/public';
const ME = '/api/omegascans/secure/me';
const TEAM = '/api/omegascans/secure/team';
const ADMIN = '/api/omegascans/secure/admin';

/**
 * Every API endpoint's method, path and access, declared once: what the web client needs to call
 * it. Under the same name, its error codes sit in `route-errors.ts` (the server's alone) and its
 * request and response schemas in `endpoints.ts`. The nine calls of SPEC §7 keep their exact paths;
 * the rest follow the namespaces of DESIGN.md §4.
 */
export const ROUTES = {
  // Account (SPEC §7 and issue 2).
  verify: { method: 'GET', path: '/api/proxy/public/verify', access: 'public' },
  login: { method: 'POST', path: '/api/proxy/public/login', access: 'public' },
  // Accepted: the account is made when the mailed link is followed (registerConfirm).
  register: { method: 'POST', path: '/api/proxy/public/register', access: 'public', status: 202 },
  registerConfirm: { method: 'POST', path: '/api/proxy/public/register/confirm', access: 'public', status: 201 },
  forgotPassword: { method: 'POST', path: '/api/proxy/public/forgot-password', access: 'public' },
  resetPassword: { method: 'POST', path: '/api/proxy/public/reset-password', access: 'public' },
  // Idempotent: logging out without a session still clears the cookie.
  logout: { method: 'POST', path: '/api/proxy/secure/logoutUser', access: 'public' },
  profile: { method: 'GET', path: '/api/proxy/secure/profiledata', access: 'user' },
  changePassword: { method: 'POST', path: '/api/proxy/secure/change-password', access: 'user' },
  // The reader's account preferences (issue 35 §1: the language of their e-mails and pushes).
  preferencesUpdate: { method: 'PATCH', path: `${ME}/preferences`, access: 'user' },
  // Issue 36 §1: the reader's username and bio, and their avatar (one image, re-encoded into two squares).
  profileUpdate: { method: 'PATCH', path: `${ME}/profile`, access: 'user' },
  avatarPut: { method: 'PUT', path: `${ME}/avatar`, access: 'user', multipart: true },
  avatarDelete: { method: 'DELETE', path: `${ME}/avatar`, access: 'user' },
  // Issue 36 §2: a new e-mail address, made the account's from the link mailed to it (accepted: the
  // same answer whether or not it has an account); the old address's link undoes it.
  emailChange: { method: 'POST', path: `${ME}/email-change`, access: 'user', status: 202 },
  emailChangeConfirm: { method: 'POST', path: '/api/proxy/public/email-change/confirm', access: 'public' },
  emailChangeUndo: { method: 'POST', path: '/api/proxy/public/email-change/undo', access: 'public' },
  // Where the reader is signed in (issue 36 §2): their sessions, one ended, or all but this one.
  sessions: { method: 'GET', path: `${ME}/sessions`, access: 'user' },
  sessionRevoke: { method: 'DELETE', path: `${ME}/sessions/:id`, access: 'user' },
  sessionsRevokeOthers: { method: 'POST', path: `${ME}/sessions/revoke-others`, access: 'user' },
  // Two-factor sign-in (issue 10 §2). Login answers two_factor_required with a challenge when the
  // account has it on; the second step completes the sign-in.
  loginTwoFactor: { method: 'POST', path: '/api/proxy/public/login/two-factor', access: 'public' },
  twoFactorStatus: { method: 'GET', path: '/api/proxy/secure/two-factor', access: 'user' },
  twoFactorSetup: { method: 'POST', path: '/api/proxy/secure/two-factor/setup', access: 'user' },
  twoFactorEnable: { method: 'POST', path: '/api/proxy/secure/two-factor/enable', access: 'user' },
  twoFactorDisable: { method: 'POST', path: '/api/proxy/secure/two-factor/disable', access: 'user' },
  twoFactorRecoveryCodes: { method: 'POST', path: '/api/proxy/secure/two-factor/recovery-codes', access: 'user' },
  // A reader's own data (issue 36 §3): everything held about them as one JSON file, and the account's deletion.
  accountExport: { method: 'GET', path: `${ME}/export`, access: 'user' },
  accountDelete: { method: 'DELETE', path: `${ME}/account`, access: 'user' },

  // Notifications (SPEC §7).
  notifications: { method: 'GET', path: `${ME}/get/notification`, access: 'user' },
  notificationsUnreadCount: { method: 'GET', path: `${ME}/get/notification/unread/count`, access: 'user' },
  notificationRead: { method: 'PATCH', path: `${ME}/patch/notification/:id/read`, access: 'user' },
  notificationsReadAll: { method: 'PATCH', path: `${ME}/patch/notification/read-all`, access: 'user' },

  // Site.
  siteSettings: { method: 'GET', path: `${PUB}/site-settings`, access: 'public' },
  health: { method: 'GET', path: '/api/health', access: 'public' },
  // SPEC §3, §7: the ads call, exact path; answered in the spec's own shape, never cached.
  adsConfig: { method: 'GET', path: `${PUB}/secure/ads/ads-config`, access: 'public' },
  // Administration (issue 10 §2): site name, Discord link, footer contacts, ads, maintenance, registration.
  adminSiteConfig: { method: 'GET', path: `${ADMIN}/site-config`, access: 'admin' },
  adminSiteConfigUpdate: { method: 'PATCH', path: `${ADMIN}/site-config`, access: 'admin' },

  // Public content (DESIGN §4).
  home: { method: 'GET', path: `${PUB}/home`, access: 'public' },
  seriesList: { method: 'GET', path: `${PUB}/series`, access: 'public' },
  series: { method: 'GET', path: `${PUB}/series/:slug`, access: 'public' },
  seriesChapters: { method: 'GET', path: `${PUB}/series/:slug/chapters`, access: 'public' },
  chapter: { method: 'GET', path: `${PUB}/series/:slug/chapters/:chapterSlug`, access: 'public' },
  // Issue 32 §1: a reader's own offers for a chapter (their pass's recharge), the part of a shared page that is theirs.
  myChapterOffers: { method: 'GET', path: `${ME}/chapter-offers/:slug/:chapterSlug`, access: 'user' },
  genres: { method: 'GET', path: `${PUB}/genres`, access: 'public' },
  banners: { method: 'GET', path: `${PUB}/banners`, access: 'public' },
  // SPEC §7: the top bar's search, exact path.
  searchSeries: { method: 'GET', path: `${PUB}/search/series`, access: 'public' },

  // Team: series.
  teamSeriesList: { method: 'GET', path: `${TEAM}/series`, access: 'team', scope: OWN_MEMBER },
  teamSeriesCreate: { method: 'POST', path: `${TEAM}/series`, access: 'team', status: 201 },
  teamSeries: { method: 'GET', path: `${TEAM}/series/:id`, access: 'team', scope: SERIES_MEMBER },
  teamSeriesUpdate: { method: 'PATCH', path: `${TEAM}/series/:id`, access: 'team', scope: SERIES_CREATOR },
  teamSeriesDelete: { method: 'DELETE', path: `${TEAM}/series/:id`, access: 'team' },
  teamSeriesCover: { method: 'PUT', path: `${TEAM}/series/:id/cover`, access: 'team', multipart: true, scope: SERIES_CREATOR },
  // Issue 35 §2: a series' translated editions (the original is the series itself).
  teamSeriesEditions: { method: 'GET', path: `${TEAM}/series/:id/editions`, access: 'team', scope: SERIES_MEMBER },
  teamSeriesEditionCreate: {
    method: 'POST',
    path: `${TEAM}/series/:id/editions`,
    access: 'team',
    status: 201,
    scope: SERIES_MEMBER,
  },
  teamSeriesEditionUpdate: {
    method: 'PATCH',
    path: `${TEAM}/series/:id/editions/:language`,
    access: 'team',
    scope: SERIES_MEMBER,
  },
  teamSeriesEditionDelete: {
    method: 'DELETE',
    path: `${TEAM}/series/:id/editions/:language`,
    access: 'team',
    scope: SERIES_MEMBER,
  },

  // Team: chapters and pages.
  teamChapterCreate: { method: 'POST', path: `${TEAM}/series/:id/chapters`, access: 'team', status: 201, scope: SERIES_MEMBER },
  teamChapter: { method: 'GET', path: `${TEAM}/chapters/:id`, access: 'team', scope: CHAPTER_MEMBER },
  teamChapterUpdate: { method: 'PATCH', path: `${TEAM}/chapters/:id`, access: 'team', scope: CHAPTER_MEMBER },
  teamChapterDelete: { method: 'DELETE', path: `${TEAM}/chapters/:id`, access: 'team', scope: CHAPTER_MEMBER },
  teamChapterPagesAdd: {
    method: 'POST',
    path: `${TEAM}/chapters/:id/pages`,
    access: 'team',
    multipart: true,
    scope: CHAPTER_MEMBER,
  },
  teamChapterPageOrder: { method: 'PUT', path: `${TEAM}/chapters/:id/pages/order`, access: 'team', scope: CHAPTER_MEMBER },
  teamChapterPageDelete: { method: 'DELETE', path: `${TEAM}/chapters/:id/pages/:pageId`, access: 'team', scope: CHAPTER_MEMBER },
  teamChapterArchive: {
    method: 'POST',
    path: `${TEAM}/chapters/:id/archive`,
    access: 'team',
    multipart: true,
    scope: CHAPTER_MEMBER,
  },
  // Issue 35 §2: a chapter's translation into one of its series' editions (a comic's pages: the
  // pages call with a `language` field).
  teamChapterEditionPut: {
    method: 'PUT',
    path: `${TEAM}/chapters/:id/editions/:language`,
    access: 'team',
    scope: CHAPTER_MEMBER,
  },
  // Issue 37 §2: a range of chapters moved into a volume or renumbered at once.
  teamChaptersRenumber: { method: 'POST', path: `${TEAM}/series/:id/chapters/renumber`, access: 'team', scope: SERIES_MEMBER },
  // Issue 37 §3: a series' team. Admins choose it; its creator sees it and lets a member publish.
  teamSeriesMembers: { method: 'GET', path: `${TEAM}/series/:id/members`, access: 'team', scope: SERIES_CREATOR },
  teamSeriesMemberUpdate: { method: 'PATCH', path: `${TEAM}/series/:id/members/:userId`, access: 'team', scope: SERIES_CREATOR },
  adminSeriesMembers: { method: 'GET', path: `${ADMIN}/series/:id/members`, access: 'admin' },
  adminSeriesMemberPut: { method: 'PUT', path: `${ADMIN}/series/:id/members`, access: 'admin' },
  adminSeriesMemberDelete: { method: 'DELETE', path: `${ADMIN}/series/:id/members/:userId`, access: 'admin' },
  // Issue 37 §1: imports. An upload is a .zip of series folders (editors and admins), or one
  // .cbz/.epub into a series the caller may add chapters to.
  teamImports: { method: 'GET', path: `${TEAM}/imports`, access: 'team', scope: OWN_MEMBER },
  teamImportCreate: { method: 'POST', path: `${TEAM}/imports`, access: 'team', status: 202, multipart: true, scope: OWN_MEMBER },
  teamImport: { method: 'GET', path: `${TEAM}/imports/:id`, access: 'team', scope: OWN_MEMBER },
  teamChapterEditionDelete: {
    method: 'DELETE',
    path: `${TEAM}/chapters/:id/editions/:language`,
    access: 'team',
    scope: CHAPTER_MEMBER,
  },

  // Team: genres and banners.
  teamGenres: { method: 'GET', path: `${TEAM}/genres`, access: 'team', scope: OWN_MEMBER },
  teamGenreCreate: { method: 'POST', path: `${TEAM}/genres`, access: 'team', status: 201 },
  teamGenreUpdate: { method: 'PATCH', path: `${TEAM}/genres/:id`, access: 'team' },
  teamGenreDelete: { method: 'DELETE', path: `${TEAM}/genres/:id`, access: 'team' },
  teamBanners: { method: 'GET', path: `${TEAM}/banners`, access: 'team' },
  teamBannerCreate: { method: 'POST', path: `${TEAM}/banners`, access: 'team', status: 201 },
  teamBannerUpdate: { method: 'PATCH', path: `${TEAM}/banners/:id`, access: 'team' },
  teamBannerImage: { method: 'PUT', path: `${TEAM}/banners/:id/image`, access: 'team', multipart: true },
  teamBannerDelete: { method: 'DELETE', path: `${TEAM}/banners/:id`, access: 'team' },

  // The store (DESIGN §4 Money).
  coinPackages: { method: 'GET', path: `${PUB}/store/coin-packages`, access: 'public' },
  plans: { method: 'GET', path: `${PUB}/store/plans`, access: 'public' },
  checkout: { method: 'POST', path: `${ME}/checkout`, access: 'user', status: 201 },
  myPurchases: { method: 'GET', path: `${ME}/purchases`, access: 'user' },
  myPurchase: { method: 'GET', path: `${ME}/purchases/:purchaseId`, access: 'user' },
  testCheckoutComplete: { method: 'POST', path: '/api/payments/test-checkout/:purchaseId/complete', access: 'user' },
  testCheckoutCancel: { method: 'POST', path: '/api/payments/test-checkout/:purchaseId/cancel', access: 'user' },
  wallet: { method: 'GET', path: `${ME}/wallet`, access: 'user' },
  storeSettings: { method: 'PATCH', path: `${ME}/store-settings`, access: 'user' },
  unlockChapter: { method: 'POST', path: `${ME}/chapters/:chapterId/unlock`, access: 'user' },
  // Issue 22 §1: what "unlock all remaining" costs with the series' bundle discount, before confirming.
  unlockQuote: { method: 'GET', path: `${ME}/series/:seriesId/unlock-quote`, access: 'user' },
  unlockChapters: { method: 'POST', path: `${ME}/series/:seriesId/unlock`, access: 'user' },
  // Issue 21 §1: the series a reader chose, while unlocking, to have unlock by themselves.
  autoUnlockSeries: { method: 'GET', path: `${ME}/auto-unlock/series`, access: 'user' },
  // Idempotent: turning off a series that was not on changes nothing.
  autoUnlockSeriesRemove: { method: 'DELETE', path: `${ME}/auto-unlock/series/:seriesId`, access: 'user' },
  // Issue 22 §2: gifts, supporters, payees and earnings.
  seriesGift: { method: 'POST', path: `${ME}/series/:seriesId/gifts`, access: 'user', status: 201 },
  seriesSupporters: { method: 'GET', path: `${PUB}/series/:seriesId/supporters`, access: 'public' },
  adminSeriesPayees: { method: 'GET', path: `${ADMIN}/series/:id/payees`, access: 'admin' },
  adminSeriesPayeesUpdate: { method: 'PUT', path: `${ADMIN}/series/:id/payees`, access: 'admin' },
  myEarnings: { method: 'GET', path: `${ME}/earnings`, access: 'user' },
  myEarningsCsv: { method: 'GET', path: `${ME}/earnings.csv`, access: 'user' },
  mySubscription: { method: 'GET', path: `${ME}/subscription`, access: 'user' },
  cancelSubscription: { method: 'POST', path: `${ME}/subscription/cancel`, access: 'user' },
  // Issue 38 §1: memberships per series (tiers), bought through checkout {kind: 'tier'}.
  seriesTiers: { method: 'GET', path: `${PUB}/series/:id/tiers`, access: 'public' },
  // Issue 39 §5: what the series' readers also read (a nightly job's pairs), or the same genres on a cold start.
  seriesAlsoRead: { method: 'GET', path: `${PUB}/series/:id/also-read`, access: 'public' },
  teamSeriesTiers: { method: 'GET', path: `${TEAM}/series/:id/tiers`, access: 'team', scope: SERIES_CREATOR },
  teamSeriesTierCreate: {
    method: 'POST',
    path: `${TEAM}/series/:id/tiers`,
    access: 'team',
    status: 201,
    scope: SERIES_CREATOR,
  },
  teamSeriesTierUpdate: { method: 'PATCH', path: `${TEAM}/series/:id/tiers/:tierId`, access: 'team', scope: SERIES_CREATOR },
  // Issue 39 §5: relations between series (kept both ways), with a chapter map between an adaptation and its source.
  seriesRelations: { method: 'GET', path: `${PUB}/series/:id/relations`, access: 'public' },
  chapterRelated: { method: 'GET', path: `${PUB}/chapters/:chapterId/related`, access: 'public' },
  teamSeriesRelations: { method: 'GET', path: `${TEAM}/series/:id/relations`, access: 'team', scope: SERIES_CREATOR },
  teamSeriesRelationPut: {
    method: 'PUT',
    path: `${TEAM}/series/:id/relations/:relatedId`,
    access: 'team',
    scope: SERIES_CREATOR,
  },
  teamSeriesRelationDelete: {
    method: 'DELETE',
    path: `${TEAM}/series/:id/relations/:relatedId`,
    access: 'team',
    scope: SERIES_CREATOR,
  },
  myMemberships: { method: 'GET', path: `${ME}/memberships`, access: 'user' },
  cancelMembership: { method: 'POST', path: `${ME}/memberships/:membershipId/cancel`, access: 'user' },
  // Issue 38 §2: payout accounts, statements and transfers.
  myPayoutAccount: { method: 'GET', path: `${ME}/payout-account`, access: 'user' },
  myPayoutAccountStart: { method: 'POST', path: `${ME}/payout-account`, access: 'user' },
  myPayouts: { method: 'GET', path: `${ME}/payouts`, access: 'user' },
  myPayoutStatement: { method: 'GET', path: `${ME}/payouts/:month`, access: 'user' },
  testPayoutOnboardingComplete: { method: 'POST', path: '/api/payments/test-connect/complete', access: 'user' },
  adminPayouts: { method: 'GET', path: `${ADMIN}/payouts`, access: 'admin' },
  adminPayoutRetry: { method: 'POST', path: `${ADMIN}/payouts/:id/retry`, access: 'admin' },

  adminPlans: { method: 'GET', path: `${ADMIN}/plans`, access: 'admin' },
  adminPlanCreate: { method: 'POST', path: `${ADMIN}/plans`, access: 'admin', status: 201 },
  adminPlanUpdate: { method: 'PATCH', path: `${ADMIN}/plans/:id`, access: 'admin' },
  adminCoinPackages: { method: 'GET', path: `${ADMIN}/coin-packages`, access: 'admin' },
  adminCoinPackageCreate: { method: 'POST', path: `${ADMIN}/coin-packages`, access: 'admin', status: 201 },
  adminCoinPackageUpdate: { method: 'PATCH', path: `${ADMIN}/coin-packages/:id`, access: 'admin' },
  // Administration (issue 10): the audit log of every team and admin action.
  adminAuditLog: { method: 'GET', path: `${ADMIN}/audit-log`, access: 'admin' },
  adminPurchases: { method: 'GET', path: `${ADMIN}/purchases`, access: 'admin' },
  adminPurchase: { method: 'GET', path: `${ADMIN}/purchases/:id`, access: 'admin' },
  adminPurchaseRefund: { method: 'POST', path: `${ADMIN}/purchases/:id/refund`, access: 'admin' },
  // Administration (issue 10 §2): users.
  adminUsers: { method: 'GET', path: `${ADMIN}/users`, access: 'admin' },
  adminUser: { method: 'GET', path: `${ADMIN}/users/:id`, access: 'admin' },
  adminUserUpdate: { method: 'PATCH', path: `${ADMIN}/users/:id`, access: 'admin' },
  adminUserCoins: { method: 'POST', path: `${ADMIN}/users/:id/coins`, access: 'admin' },
  // Issue 36 §3: the admin deletes an account as its owner would (audited).
  adminUserDelete: { method: 'DELETE', path: `${ADMIN}/users/:id`, access: 'admin' },

  // Library: bookmarks, progress, history (DESIGN §4 Library and community).
  bookmarks: { method: 'GET', path: `${ME}/bookmarks`, access: 'user' },
  bookmarkAdd: { method: 'PUT', path: `${ME}/bookmarks/:seriesId`, access: 'user' },
  bookmarkRemove: { method: 'DELETE', path: `${ME}/bookmarks/:seriesId`, access: 'user' },
  progressSave: { method: 'PUT', path: `${ME}/progress/:chapterId`, access: 'user' },
  progressMerge: { method: 'POST', path: `${ME}/progress/merge`, access: 'user' },
  history: { method: 'GET', path: `${ME}/history`, access: 'user' },
  historyClear: { method: 'DELETE', path: `${ME}/history`, access: 'user' },
  historyRemove: { method: 'DELETE', path: `${ME}/history/:chapterId`, access: 'user' },
  seriesProgress: { method: 'GET', path: `${ME}/series/:seriesId/progress`, access: 'user' },
  // Issue 39 §1: each device's place in a chapter, beside the merged one.
  chapterPlaces: { method: 'GET', path: `${ME}/chapters/:chapterId/places`, access: 'user' },
  // Device keys for reading apps (issue 19 §1).
  deviceKeys: { method: 'GET', path: `${ME}/device-keys`, access: 'user' },
  deviceKeyCreate: { method: 'POST', path: `${ME}/device-keys`, access: 'user' },
  deviceKeyRevoke: { method: 'DELETE', path: `${ME}/device-keys/:id`, access: 'user' },
  notifyWhenFree: { method: 'GET', path: `${ME}/chapters/:chapterId/notify-when-free`, access: 'user' },
  notifyWhenFreeAdd: { method: 'PUT', path: `${ME}/chapters/:chapterId/notify-when-free`, access: 'user' },
  notifyWhenFreeRemove: { method: 'DELETE', path: `${ME}/chapters/:chapterId/notify-when-free`, access: 'user' },
  // Issue 22 §1: being told when the reader's pass for a series is back.
  notifyWhenPass: { method: 'GET', path: `${ME}/series/:seriesId/notify-when-pass`, access: 'user' },
  notifyWhenPassAdd: { method: 'PUT', path: `${ME}/series/:seriesId/notify-when-pass`, access: 'user' },
  notifyWhenPassRemove: { method: 'DELETE', path: `${ME}/series/:seriesId/notify-when-pass`, access: 'user' },
  // Settings that travel (issue 39 §2): the account's comic and novel settings, a series' own choice.
  readerSettings: { method: 'GET', path: `${ME}/reader-settings`, access: 'user' },
  readerSettingsPut: { method: 'PUT', path: `${ME}/reader-settings`, access: 'user' },
  readerSettingsPatch: { method: 'PATCH', path: `${ME}/reader-settings`, access: 'user' },
  seriesReaderSettings: { method: 'GET', path: `${ME}/series/:seriesId/reader-settings`, access: 'user' },
  seriesReaderSettingsPut: { method: 'PUT', path: `${ME}/series/:seriesId/reader-settings`, access: 'user' },
  seriesReaderSettingsClear: { method: 'DELETE', path: `${ME}/series/:seriesId/reader-settings`, access: 'user' },
  notificationPreferences: { method: 'GET', path: `${ME}/notification-preferences`, access: 'user' },
  notificationPreferencesUpdate: { method: 'PATCH', path: `${ME}/notification-preferences`, access: 'user' },
  // Web Push (issue 21 §4).
  pushVapidKey: { method: 'GET', path: `${PUB}/push/vapid-key`, access: 'public' },
  pushSubscribe: { method: 'POST', path: `${ME}/push/subscriptions`, access: 'user', status: 201 },
  pushUnsubscribe: { method: 'DELETE', path: `${ME}/push/subscriptions`, access: 'user' },
  // Issue 39 §4: the reader's year, its card, and the card shared by an unguessable link.
  myStats: { method: 'GET', path: `${ME}/stats`, access: 'user' },
  myStatsCard: { method: 'GET', path: `${ME}/stats/:year/card.png`, access: 'user' },
  myStatsShare: { method: 'POST', path: `${ME}/stats/:year/share`, access: 'user' },
  myStatsUnshare: { method: 'DELETE', path: `${ME}/stats/:year/share`, access: 'user' },
  yearShare: { method: 'GET', path: `${PUB}/year-shares/:token`, access: 'public' },
  yearShareCard: { method: 'GET', path: `${PUB}/year-shares/:token/card.png`, access: 'public' },

  // Announcements.
  announcements: { method: 'GET', path: `${PUB}/announcements`, access: 'public' },
  announcement: { method: 'GET', path: `${PUB}/announcements/:slug`, access: 'public' },
  teamAnnouncements: { method: 'GET', path: `${TEAM}/announcements`, access: 'team' },
  teamAnnouncementCreate: { method: 'POST', path: `${TEAM}/announcements`, access: 'team', status: 201 },
  teamAnnouncement: { method: 'GET', path: `${TEAM}/announcements/:id`, access: 'team' },
  teamAnnouncementUpdate: { method: 'PATCH', path: `${TEAM}/announcements/:id`, access: 'team' },
  teamAnnouncementDelete: { method: 'DELETE', path: `${TEAM}/announcements/:id`, access: 'team' },
  teamAnnouncementCover: { method: 'PUT', path: `${TEAM}/announcements/:id/cover`, access: 'team', multipart: true },

  // Comments.
  chapterComments: { method: 'GET', path: `${PUB}/chapters/:chapterId/comments`, access: 'public' },
  seriesComments: { method: 'GET', path: `${PUB}/series/:seriesId/comments`, access: 'public' },
  commentCreate: { method: 'POST', path: `${ME}/comments`, access: 'user', status: 201 },
  commentUpdate: { method: 'PATCH', path: `${ME}/comments/:id`, access: 'user' },
  commentDelete: { method: 'DELETE', path: `${ME}/comments/:id`, access: 'user' },
  commentReport: { method: 'POST', path: `${ME}/comments/:id/report`, access: 'user' },
  teamComments: { method: 'GET', path: `${TEAM}/comments`, access: 'team' },
  teamCommentUpdate: { method: 'PATCH', path: `${TEAM}/comments/:id`, access: 'team' },
  teamCommentDelete: { method: 'DELETE', path: `${TEAM}/comments/:id`, access: 'team' },

  // Metrics (issue 10 §3): daily series for the charts, `?from=&to=` (UTC days, to included).
  teamMetrics: { method: 'GET', path: `${TEAM}/metrics`, access: 'team' },
  teamSeriesFunnel: { method: 'GET', path: `${TEAM}/metrics/series/:id/funnel`, access: 'team', scope: SERIES_CREATOR },
  adminMetrics: { method: 'GET', path: `${ADMIN}/metrics`, access: 'admin' },
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
/** The built-in test provider's payout onboarding page, where `onboardingUrl` points while Stripe is not configured. */
export const testPayoutOnboardingPagePath = '/account/payouts/test-onboarding';
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
