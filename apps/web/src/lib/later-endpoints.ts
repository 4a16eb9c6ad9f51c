import type { EndpointName } from '@inkwell/contract';

/**
 * Readers' endpoints that only screens loaded later call (the Reader's Area's account, payouts and
 * stats pages, the store's checkout and receipts, parts of a page drawn as the reader scrolls
 * near): the build leaves them out of the endpoint table every page's first chunk holds, and they
 * load with the first call to one (build/contract-tables.ts, endpointTables). A name left off this list is
 * simply at hand sooner; one called through `endpointUrl` (synchronously) must never be on it.
 */
export const LATER_ENDPOINTS = [
  // Account and security
  'changePassword',
  'profileUpdate',
  'avatarPut',
  'avatarDelete',
  'emailChange',
  'sessions',
  'sessionRevoke',
  'sessionsRevokeOthers',
  'twoFactorStatus',
  'twoFactorSetup',
  'twoFactorEnable',
  'twoFactorDisable',
  'twoFactorRecoveryCodes',
  'accountDelete',
  'deviceKeys',
  'deviceKeyCreate',
  'deviceKeyRevoke',
  'notificationPreferences',
  'notificationPreferencesUpdate',
  'pushSubscribe',
  'pushUnsubscribe',
  // Money: receipts, plans, memberships, earnings and payouts
  'myPurchases',
  'myPurchase',
  'testCheckoutComplete',
  'testCheckoutCancel',
  'mySubscription',
  'cancelSubscription',
  'myMemberships',
  'cancelMembership',
  'myEarnings',
  'myPayoutAccount',
  'myPayoutAccountStart',
  'myPayouts',
  'myPayoutStatement',
  'testPayoutOnboardingComplete',
  // The library's own page and the reader's year
  'historyClear',
  'historyRemove',
  'myStats',
  'myStatsShare',
  'myStatsUnshare',
  // Parts a page fetches as the reader comes near
  'seriesAlsoRead',
  'seriesRelations',
  'chapterRelated',
  'chapterPlaces',
] as const satisfies readonly EndpointName[];
