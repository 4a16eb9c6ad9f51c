/**
 * The permission matrix (issue 10 §4): every endpoint of ROUTES × who asks, and the status the
 * server answers. It is written out by hand, never derived from ROUTES' `access`, so it is a second
 * statement of the rules; src/permission-matrix.test.ts sends each cell's request with real
 * fixtures and fails on any difference, and on any endpoint missing here or gone from ROUTES.
 *
 * Columns (who sends the request):
 *   visitor  no session
 *   reader   reader A: a plain reader, no plan (with coins, so unlocking works)
 *   premium  a reader with an active plan that includes premium chapters
 *   editor   an editor
 *   admin    an admin
 *   readerB  reader B, a plain reader, acting on reader A's own thing (a comment, purchase,
 *            notification, bookmark …); `-` where the endpoint acts on nothing someone owns.
 *   creator  a reader who is the creator of series A (issue 37 §3), acting on series A: the shared
 *            series, the workbench, and each fresh series the walk makes for them
 *   translator  a reader who is a translator of series A (not allowed to publish), likewise
 *            Both are walked on the team's and admins' calls only (`-` elsewhere: they are readers
 *            there); on series B, every call scoped to a series must answer 403 (a test of its own).
 *
 * Where a row acts on something owned ("owned" in the notes), each signed-in column acts on a thing
 * of its own, the visitor on reader A's. The walk also checks that nothing changed whenever the
 * answer is not 2xx, and always for the readerB column (reader A's thing stays exactly as it was).
 * Where reader B is refused, premium, editor and admin acting on reader A's thing through the same
 * endpoint must get the same answer (the team moderates through its own endpoints only).
 *
 * Cells: 200/201 done · 401 no session (code `unauthorized`) · 403 wrong role, or not the owner
 * where the code says so (code `forbidden`, never another 403 such as a failed origin check) ·
 * 404 the thing is not the caller's (the code does not reveal it), or the caller has none ·
 * `-` not sent. Notes say what is sent where it is not obvious.
 *
 * Outside ROUTES, so not walked here: Stripe's webhook (STRIPE_WEBHOOK_PATH: registered only when
 * Stripe is configured, and authorized by its signature, not a session: stripe.test.ts) and the
 * mail's unsubscribe link (UNSUBSCRIBE_PATH: authorized by its signed token).
 */
export const API_MATRIX = `
endpoint                       | visitor  | reader  | premium  | editor  | admin  | readerB  | creator  | translator  | notes
# Account (SPEC §7)
verify                         | 200      | 200     | 200      | 200     | 200    | -        | -        | -           |
login                          | 200      | 200     | 200      | 200     | 200    | -        | -        | -           | a fresh account of the column's role (the visitor: a reader's), from an address of its own
register                       | 202      | 202     | 202      | 202     | 202    | -        | -        | -           | a new address, from an address of its own (the account is made by registerConfirm)
registerConfirm                | 201      | 201     | 201      | 201     | 201    | -        | -        | -           | the live link of a fresh sign-up, from an address of its own
forgotPassword                 | 200      | 200     | 200      | 200     | 200    | -        | -        | -           | the caller's own e-mail (the visitor: reader A's)
resetPassword                  | 200      | 200     | 200      | 200     | 200    | -        | -        | -           | a live token of a fresh account of the role, sent from its session
logout                         | 200      | 200     | 200      | 200     | 200    | -        | -        | -           | a fresh session, so the walk keeps its own
profile                        | 401      | 200     | 200      | 200     | 200    | -        | -        | -           |
changePassword                 | 401      | 200     | 200      | 200     | 200    | -        | -        | -           | a fresh account of the role
# Two-factor sign-in (issue 10 §2): each on a fresh account of the role
loginTwoFactor                 | 200      | 200     | 200      | 200     | 200    | -        | -        | -           | login's challenge and a recovery code of an account with it on
twoFactorStatus                | 401      | 200     | 200      | 200     | 200    | -        | -        | -           |
twoFactorSetup                 | 401      | 200     | 200      | 200     | 200    | -        | -        | -           |
twoFactorEnable                | 401      | 200     | 200      | 200     | 200    | -        | -        | -           | the authenticator's code after setup
twoFactorDisable               | 401      | 200     | 200      | 200     | 200    | -        | -        | -           | the password and a recovery code
twoFactorRecoveryCodes         | 401      | 200     | 200      | 200     | 200    | -        | -        | -           | the authenticator's code
# A reader's own data (issue 36 §3)
accountExport                  | 401      | 200     | 200      | 200     | 200    | -        | -        | -           |
accountDelete                  | 401      | 200     | 200      | 200     | 200    | -        | -        | -           | a fresh account of the role, with its password
# Notifications (SPEC §7)
notifications                  | 401      | 200     | 200      | 200     | 200    | -        | -        | -           |
notificationsUnreadCount       | 401      | 200     | 200      | 200     | 200    | -        | -        | -           |
notificationRead               | 401      | 200     | 200      | 200     | 200    | 404      | -        | -           | owned: a notification
notificationsReadAll           | 401      | 200     | 200      | 200     | 200    | 200      | -        | -           | owned: reader B's call leaves reader A's unread
# Site
siteSettings                   | 200      | 200     | 200      | 200     | 200    | -        | -        | -           |
health                         | 200      | 200     | 200      | 200     | 200    | -        | -        | -           |
adsConfig                      | 200      | 200     | 200      | 200     | 200    | -        | -        | -           |
adminSiteConfig                | 401      | 403     | 403      | 403     | 200    | -        | 403      | 403         |
adminSiteConfigUpdate          | 401      | 403     | 403      | 403     | 200    | -        | 403      | 403         | registration stays open; the admin has two-factor sign-in on (without it: 403)
# Public content
home                           | 200      | 200     | 200      | 200     | 200    | -        | -        | -           |
seriesList                     | 200      | 200     | 200      | 200     | 200    | -        | -        | -           |
series                         | 200      | 200     | 200      | 200     | 200    | -        | -        | -           |
seriesChapters                 | 200      | 200     | 200      | 200     | 200    | -        | -        | -           |
chapter                        | 200      | 200     | 200      | 200     | 200    | -        | -        | -           | the locked chapter (who may read it: a test of its own)
myChapterOffers                | 401      | 200     | 200      | 200     | 200    | -        | -        | -           | the locked chapter: the reader's own offers for it
genres                         | 200      | 200     | 200      | 200     | 200    | -        | -        | -           |
banners                        | 200      | 200     | 200      | 200     | 200    | -        | -        | -           |
searchSeries                   | 200      | 200     | 200      | 200     | 200    | -        | -        | -           |
# Team: series, chapters, pages
teamSeriesList                 | 401      | 403     | 403      | 200     | 200    | -        | 200      | 200         |
teamSeriesCreate               | 401      | 403     | 403      | 201     | 201    | -        | 403      | 403         |
teamSeries                     | 401      | 403     | 403      | 200     | 200    | -        | 200      | 200         |
teamSeriesUpdate               | 401      | 403     | 403      | 200     | 200    | -        | 200      | 403         |
teamSeriesDelete               | 401      | 403     | 403      | 200     | 200    | -        | 403      | 403         |
teamSeriesCover                | 401      | 403     | 403      | 200     | 200    | -        | 200      | 403         |
teamChapterCreate              | 401      | 403     | 403      | 201     | 201    | -        | 201      | 201         |
teamChapter                    | 401      | 403     | 403      | 200     | 200    | -        | 200      | 200         |
teamChapterUpdate              | 401      | 403     | 403      | 200     | 200    | -        | 200      | 200         |
teamChapterDelete              | 401      | 403     | 403      | 200     | 200    | -        | 200      | 403         |
teamChapterPagesAdd            | 401      | 403     | 403      | 200     | 200    | -        | 200      | 200         |
teamChapterPageOrder           | 401      | 403     | 403      | 200     | 200    | -        | 200      | 200         |
teamChapterPageDelete          | 401      | 403     | 403      | 200     | 200    | -        | 200      | 200         |
teamChapterArchive             | 401      | 403     | 403      | 200     | 200    | -        | 200      | 200         |
teamSeriesEditions             | 401      | 403     | 403      | 200     | 200    | -        | 200      | 200         |
teamSeriesEditionCreate        | 401      | 403     | 403      | 201     | 201    | -        | 201      | 201         |
teamSeriesEditionUpdate        | 401      | 403     | 403      | 200     | 200    | -        | 200      | 200         |
teamSeriesEditionDelete        | 401      | 403     | 403      | 200     | 200    | -        | 200      | 200         |
teamChapterEditionPut          | 401      | 403     | 403      | 200     | 200    | -        | 200      | 200         |
teamChapterEditionDelete       | 401      | 403     | 403      | 200     | 200    | -        | 200      | 200         |
teamChaptersRenumber           | 401      | 403     | 403      | 200     | 200    | -        | 200      | 200         | two chapters of a fresh series into volume 1
# A team per series (issue 37 §3)
teamSeriesMembers              | 401      | 403     | 403      | 200     | 200    | -        | 200      | 403         |
teamSeriesMemberUpdate         | 401      | 403     | 403      | 200     | 200    | -        | 200      | 403         | a translator of a fresh series may publish
adminSeriesMembers             | 401      | 403     | 403      | 403     | 200    | -        | 403      | 403         |
adminSeriesMemberPut           | 401      | 403     | 403      | 403     | 200    | -        | 403      | 403         | a fresh reader joins a fresh series as its translator
adminSeriesMemberDelete        | 401      | 403     | 403      | 403     | 200    | -        | 403      | 403         | an uploader leaves a fresh series
# Imports (issue 37 §1)
teamImports                    | 401      | 403     | 403      | 200     | 200    | -        | 200      | 200         |
teamImportCreate               | 401      | 403     | 403      | 202     | 202    | -        | 403      | 403         | a .zip of one series folder
teamImport                     | 401      | 403     | 403      | 200     | 200    | -        | 200      | 200         | an import of the caller's
# Team: genres and banners
teamGenres                     | 401      | 403     | 403      | 200     | 200    | -        | 200      | 200         |
teamGenreCreate                | 401      | 403     | 403      | 201     | 201    | -        | 403      | 403         |
teamGenreUpdate                | 401      | 403     | 403      | 200     | 200    | -        | 403      | 403         |
teamGenreDelete                | 401      | 403     | 403      | 200     | 200    | -        | 403      | 403         |
teamBanners                    | 401      | 403     | 403      | 200     | 200    | -        | 403      | 403         |
teamBannerCreate               | 401      | 403     | 403      | 201     | 201    | -        | 403      | 403         |
teamBannerUpdate               | 401      | 403     | 403      | 200     | 200    | -        | 403      | 403         |
teamBannerImage                | 401      | 403     | 403      | 200     | 200    | -        | 403      | 403         |
teamBannerDelete               | 401      | 403     | 403      | 200     | 200    | -        | 403      | 403         |
# The store
coinPackages                   | 200      | 200     | 200      | 200     | 200    | -        | -        | -           |
plans                          | 200      | 200     | 200      | 200     | 200    | -        | -        | -           |
checkout                       | 401      | 201     | 201      | 201     | 201    | -        | -        | -           | a coin package
myPurchases                    | 401      | 200     | 200      | 200     | 200    | -        | -        | -           |
myPurchase                     | 401      | 200     | 200      | 200     | 200    | 404      | -        | -           | owned: a pending purchase
testCheckoutComplete           | 401      | 200     | 200      | 200     | 200    | 404      | -        | -           | owned: a pending purchase (reader A's stays pending, no coins)
testCheckoutCancel             | 401      | 200     | 200      | 200     | 200    | 404      | -        | -           | owned: a pending purchase
wallet                         | 401      | 200     | 200      | 200     | 200    | -        | -        | -           |
storeSettings                  | 401      | 200     | 200      | 200     | 200    | -        | -        | -           |
preferencesUpdate              | 401      | 200     | 200      | 200     | 200    | -        | -        | -           |
profileUpdate                  | 401      | 200     | 200      | 200     | 200    | -        | -        | -           | a new bio (the visitor's aims at reader A's)
avatarPut                      | 401      | 200     | 200      | 200     | 200    | -        | -        | -           | one image (the visitor's aims at reader A's avatar)
avatarDelete                   | 401      | 200     | 200      | 200     | 200    | -        | -        | -           | (the visitor's aims at reader A's avatar)
emailChange                    | 401      | 202     | 202      | 202     | 202    | -        | -        | -           | a new address, with the password of a fresh account of the role
emailChangeConfirm             | 200      | 200     | 200      | 200     | 200    | -        | -        | -           | the mailed link of a fresh reader's change, from an address of its own
emailChangeUndo                | 200      | 200     | 200      | 200     | 200    | -        | -        | -           | the old address's link of a fresh reader's confirmed change
sessions                       | 401      | 200     | 200      | 200     | 200    | -        | -        | -           |
sessionRevoke                  | 401      | 200     | 200      | 200     | 200    | 404      | -        | -           | owned: another session of the owner's; reader A's stays
sessionsRevokeOthers           | 401      | 200     | 200      | 200     | 200    | -        | -        | -           | a fresh account of the role, signed in twice
unlockChapter                  | 401      | 200     | 200      | 200     | 200    | -        | -        | -           | a locked chapter (coins for the reader; free for premium and the team)
unlockChapters                 | 401      | 200     | 200      | 200     | 200    | -        | -        | -           | two locked chapters of one series
unlockQuote                    | 401      | 200     | 200      | 200     | 200    | -        | -        | -           | two locked chapters of one series
autoUnlockSeries               | 401      | 200     | 200      | 200     | 200    | -        | -        | -           |
seriesGift                     | 401      | 201     | 201      | 201     | 201    | -        | -        | -           | 10 coins to a fresh series (the sender given them first)
seriesSupporters               | 200      | 200     | 200      | 200     | 200    | -        | -        | -           |
adminSeriesPayees              | 401      | 403     | 403      | 403     | 200    | -        | 403      | 403         |
adminSeriesPayeesUpdate        | 401      | 403     | 403      | 403     | 200    | -        | 403      | 403         | reader A takes all of a fresh series
myEarnings                     | 401      | 200     | 200      | 200     | 200    | -        | -        | -           |
myEarningsCsv                  | 401      | 200     | 200      | 200     | 200    | -        | -        | -           |
myPayoutAccount                | 401      | 200     | 200      | 200     | 200    | -        | -        | -           |
myPayoutAccountStart           | 401      | 403     | 403      | 403     | 403    | -        | -        | -           | the actor is a payee of no series: only payees connect one (a payee's start: payout-account-access.test.ts)
testPayoutOnboardingComplete   | 401      | 200     | 200      | 200     | 200    | -        | -        | -           | a fresh account of the role, made a series' payee, that started onboarding
myPayouts                      | 401      | 200     | 200      | 200     | 200    | -        | -        | -           |
myPayoutStatement              | 401      | 200     | 200      | 200     | 200    | 404      | -        | -           | owned: a month's statement (reader B has none that month)
adminPayouts                   | 401      | 403     | 403      | 403     | 200    | -        | 403      | 403         |
adminPayoutRetry               | 401      | 403     | 403      | 403     | 200    | -        | 403      | 403         | a failed transfer of a fresh payee (sent by the admin, left failed for others)
autoUnlockSeriesRemove         | 401      | 200     | 200      | 200     | 200    | 200      | -        | -           | owned: a series with auto-unlock on
mySubscription                 | 401      | 200     | 200      | 200     | 200    | -        | -        | -           |
cancelSubscription             | 401      | 404     | 200      | 404     | 404    | 404      | -        | -           | 404: no plan of one's own; readerB: the premium reader's plan stays on
seriesTiers                    | 200      | 200     | 200      | 200     | 200    | -        | -        | -           |
seriesAlsoRead                 | 200      | 200     | 200      | 200     | 200    | -        | -        | -           |
myMemberships                  | 401      | 200     | 200      | 200     | 200    | -        | -        | -           |
cancelMembership               | 401      | 200     | 200      | 200     | 200    | 404      | -        | -           | owned: a fresh membership of a fresh series' tier (reader A's runs on, not cancelled)
teamSeriesTiers                | 401      | 403     | 403      | 200     | 200    | -        | 200      | 403         |
teamSeriesTierCreate           | 401      | 403     | 403      | 201     | 201    | -        | 201      | 403         | a tier of a fresh series
teamSeriesTierUpdate           | 401      | 403     | 403      | 200     | 200    | -        | 200      | 403         | a fresh series' tier renamed
# Issue 39 §5: relations between series (the creator of both series may edit one; the walk makes both theirs)
seriesRelations                | 200      | 200     | 200      | 200     | 200    | -        | -        | -           |
chapterRelated                 | 200      | 200     | 200      | 200     | 200    | -        | -        | -           |
teamSeriesRelations            | 401      | 403     | 403      | 200     | 200    | -        | 200      | 403         |
teamSeriesRelationPut          | 401      | 403     | 403      | 200     | 200    | -        | 200      | 403         | two fresh series related, with a chapter map
teamSeriesRelationDelete       | 401      | 403     | 403      | 200     | 200    | -        | 200      | 403         | two fresh series' relation removed
# Admin: finances
adminPlans                     | 401      | 403     | 403      | 403     | 200    | -        | 403      | 403         |
adminPlanCreate                | 401      | 403     | 403      | 403     | 201    | -        | 403      | 403         |
adminPlanUpdate                | 401      | 403     | 403      | 403     | 200    | -        | 403      | 403         |
adminCoinPackages              | 401      | 403     | 403      | 403     | 200    | -        | 403      | 403         |
adminCoinPackageCreate         | 401      | 403     | 403      | 403     | 201    | -        | 403      | 403         |
adminCoinPackageUpdate         | 401      | 403     | 403      | 403     | 200    | -        | 403      | 403         |
adminPurchases                 | 401      | 403     | 403      | 403     | 200    | -        | 403      | 403         |
adminPurchase                  | 401      | 403     | 403      | 403     | 200    | -        | 403      | 403         | reader A's purchase
adminPurchaseRefund            | 401      | 403     | 403      | 403     | 200    | -        | 403      | 403         | a paid purchase of a fresh reader
# Admin: users and the audit log
adminAuditLog                  | 401      | 403     | 403      | 403     | 200    | -        | 403      | 403         |
adminUsers                     | 401      | 403     | 403      | 403     | 200    | -        | 403      | 403         |
adminUser                      | 401      | 403     | 403      | 403     | 200    | -        | 403      | 403         | reader A
adminUserUpdate                | 401      | 403     | 403      | 403     | 200    | -        | 403      | 403         | bans a fresh reader
adminUserCoins                 | 401      | 403     | 403      | 403     | 200    | -        | 403      | 403         | gives a fresh reader coins, with a reason
adminUserDelete                | 401      | 403     | 403      | 403     | 200    | -        | 403      | 403         | deletes a fresh reader's account
# Library
bookmarks                      | 401      | 200     | 200      | 200     | 200    | -        | -        | -           |
bookmarkAdd                    | 401      | 200     | 200      | 200     | 200    | -        | -        | -           |
bookmarkRemove                 | 401      | 200     | 200      | 200     | 200    | 200      | -        | -           | owned: reader B removes only their own; reader A's bookmark stays
progressSave                   | 401      | 200     | 200      | 200     | 200    | -        | -        | -           |
progressMerge                  | 401      | 200     | 200      | 200     | 200    | -        | -        | -           |
history                        | 401      | 200     | 200      | 200     | 200    | -        | -        | -           |
historyClear                   | 401      | 200     | 200      | 200     | 200    | 200      | -        | -           | owned: reader A's history stays
historyRemove                  | 401      | 200     | 200      | 200     | 200    | 200      | -        | -           | owned: reader A's entry for that chapter stays
# The reader's year (issue 39 §4): each asks for 2025, their own
myStats                        | 401      | 200     | 200      | 200     | 200    | -        | -        | -           |
myStatsCard                    | 401      | 200     | 200      | 200     | 200    | -        | -        | -           |
myStatsShare                   | 401      | 200     | 200      | 200     | 200    | -        | -        | -           |
myStatsUnshare                 | 401      | 200     | 200      | 200     | 200    | 200      | -        | -           | owned: reader A's shared year stays shared
yearShare                      | 200      | 200     | 200      | 200     | 200    | -        | -        | -           | reader A's live share link
yearShareCard                  | 200      | 200     | 200      | 200     | 200    | -        | -        | -           | reader A's live share link
seriesProgress                 | 401      | 200     | 200      | 200     | 200    | -        | -        | -           |
chapterPlaces                  | 401      | 200     | 200      | 200     | 200    | -        | -        | -           | each answers its own places only
deviceKeys                     | 401      | 200     | 200      | 200     | 200    | -        | -        | -           |
deviceKeyCreate                | 401      | 201     | 201      | 201     | 201    | -        | -        | -           |
deviceKeyRevoke                | 401      | 200     | 200      | 200     | 200    | 404      | -        | -           | owned: reader A's key stays
notifyWhenPass                 | 401      | 200     | 200      | 200     | 200    | -        | -        | -           | a series
notifyWhenPassAdd              | 401      | 200     | 200      | 200     | 200    | -        | -        | -           | a series whose pass the caller just used
notifyWhenPassRemove           | 401      | 200     | 200      | 200     | 200    | 200      | -        | -           | owned: reader A's alert stays
notifyWhenFree                 | 401      | 200     | 200      | 200     | 200    | -        | -        | -           | an early-access chapter
notifyWhenFreeAdd              | 401      | 200     | 200      | 200     | 200    | -        | -        | -           | an early-access chapter
notifyWhenFreeRemove           | 401      | 200     | 200      | 200     | 200    | 200      | -        | -           | owned: reader A's alert stays
notificationPreferences        | 401      | 200     | 200      | 200     | 200    | -        | -        | -           |
notificationPreferencesUpdate  | 401      | 200     | 200      | 200     | 200    | -        | -        | -           |
# Settings that travel (issue 39 §2): the caller's own, in the account and per series
readerSettings                 | 401      | 200     | 200      | 200     | 200    | -        | -        | -           |
readerSettingsPut              | 401      | 200     | 200      | 200     | 200    | -        | -        | -           |
readerSettingsPatch            | 401      | 200     | 200      | 200     | 200    | -        | -        | -           |
seriesReaderSettings           | 401      | 200     | 200      | 200     | 200    | -        | -        | -           | a series
seriesReaderSettingsPut        | 401      | 200     | 200      | 200     | 200    | -        | -        | -           | a series
seriesReaderSettingsClear      | 401      | 200     | 200      | 200     | 200    | 200      | -        | -           | owned: reader A's choice stays
pushVapidKey                   | 200      | 200     | 200      | 200     | 200    | -        | -        | -           |
pushSubscribe                  | 401      | 201     | 201      | 201     | 201    | -        | -        | -           | a new browser's subscription
pushUnsubscribe                | 401      | 200     | 200      | 200     | 200    | 200      | -        | -           | owned: reader B names reader A's endpoint; it stays subscribed
# Announcements
announcements                  | 200      | 200     | 200      | 200     | 200    | -        | -        | -           |
announcement                   | 200      | 200     | 200      | 200     | 200    | -        | -        | -           |
teamAnnouncements              | 401      | 403     | 403      | 200     | 200    | -        | 403      | 403         |
teamAnnouncementCreate         | 401      | 403     | 403      | 201     | 201    | -        | 403      | 403         |
teamAnnouncement               | 401      | 403     | 403      | 200     | 200    | -        | 403      | 403         |
teamAnnouncementUpdate         | 401      | 403     | 403      | 200     | 200    | -        | 403      | 403         |
teamAnnouncementDelete         | 401      | 403     | 403      | 200     | 200    | -        | 403      | 403         |
teamAnnouncementCover          | 401      | 403     | 403      | 200     | 200    | -        | 403      | 403         |
# Comments
chapterComments                | 200      | 200     | 200      | 200     | 200    | -        | -        | -           |
seriesComments                 | 200      | 200     | 200      | 200     | 200    | -        | -        | -           |
commentCreate                  | 401      | 201     | 201      | 201     | 201    | -        | -        | -           |
commentUpdate                  | 401      | 200     | 200      | 200     | 200    | 403      | -        | -           | owned: a comment
commentDelete                  | 401      | 200     | 200      | 200     | 200    | 403      | -        | -           | owned: a comment
commentReport                  | 401      | 200     | 200      | 200     | 200    | 200      | -        | -           | someone else's comment (reporting is for others' comments); reader A's is not changed
teamComments                   | 401      | 403     | 403      | 200     | 200    | -        | 403      | 403         |
teamCommentUpdate              | 401      | 403     | 403      | 200     | 200    | -        | 403      | 403         | hides a reader's comment
teamCommentDelete              | 401      | 403     | 403      | 200     | 200    | -        | 403      | 403         |
# Metrics
teamMetrics                    | 401      | 403     | 403      | 200     | 200    | -        | 403      | 403         |
teamSeriesFunnel               | 401      | 403     | 403      | 200     | 200    | -        | 200      | 403         |
adminMetrics                   | 401      | 403     | 403      | 403     | 200    | -        | 403      | 403         |
`;

export const MATRIX_COLUMNS = ['visitor', 'reader', 'premium', 'editor', 'admin', 'readerB', 'creator', 'translator'] as const;
export type MatrixColumn = (typeof MATRIX_COLUMNS)[number];

export interface MatrixRow {
  endpoint: string;
  /** The expected status per column; absent where the cell is `-`. */
  expected: Partial<Record<MatrixColumn, number>>;
  notes: string;
}

/** Reads the table above (and checks its shape: a malformed line is an error, not a skipped row). */
export function parseMatrix(text: string): MatrixRow[] {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const [header, ...body] = lines;
  const columns = header!.split('|').map((cell) => cell.trim());
  if (columns.join() !== ['endpoint', ...MATRIX_COLUMNS, 'notes'].join()) throw new Error(`Unexpected header: ${header}`);
  return body.map((line) => {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length !== columns.length) throw new Error(`Expected ${columns.length} cells: ${line}`);
    const expected: MatrixRow['expected'] = {};
    MATRIX_COLUMNS.forEach((column, i) => {
      const cell = cells[i + 1]!;
      if (cell === '-') return;
      if (!/^[1-5]\d\d$/.test(cell)) throw new Error(`Not a status: "${cell}" in ${line}`);
      expected[column] = Number(cell);
    });
    return { endpoint: cells[0]!, expected, notes: cells.at(-1)! };
  });
}
