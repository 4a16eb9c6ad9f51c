import {
  importListResponseSchema,
  importResponseSchema,
  renumberInputSchema,
  renumberResponseSchema,
  seriesMemberInputSchema,
  seriesMemberParamsSchema,
  seriesMemberPatchSchema,
  seriesMembersResponseSchema,
} from './teamwork';
import type { z } from 'zod';
import { avatarResponseSchema, profileUpdateSchema } from './account-profile';
import {
  accountSessionsResponseSchema,
  emailChangeRequestSchema,
  emailChangeResultResponseSchema,
  emailChangeTokenSchema,
  sessionIdParamsSchema,
  sessionsRevokedResponseSchema,
} from './account-security';
import { accountDeletedResponseSchema, accountDeleteRequestSchema, accountExportResponseSchema } from './account-data';
import {
  deviceKeyCreatedResponseSchema,
  deviceKeyCreateSchema,
  deviceKeyIdParamsSchema,
  deviceKeysResponseSchema,
} from './device-keys';
import {
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  preferencesResponseSchema,
  preferencesUpdateSchema,
  profileResponseSchema,
  registerRequestSchema,
  registerConfirmRequestSchema,
  registerConfirmResponseSchema,
  resetPasswordRequestSchema,
  verifyResponseSchema,
} from './auth';
import {
  bannerListResponseSchema,
  chapterContentResponseSchema,
  chapterOffersResponseSchema,
  chapterParamsSchema,
  editionQuerySchema,
  genreListResponseSchema,
  homeResponseSchema,
  searchRawQuerySchema,
  searchResponseSchema,
  seriesChaptersQuerySchema,
  seriesChaptersResponseSchema,
  seriesDetailResponseSchema,
  seriesListQuerySchema,
  seriesListResponseSchema,
  seriesSlugParamsSchema,
} from './catalogue';
import { adsConfigResponseSchema } from './ads';
import {
  chapterEditionInputSchema,
  editionInputSchema,
  editionParamsSchema,
  editionPatchSchema,
  teamEditionListResponseSchema,
  teamEditionResponseSchema,
} from './editions';
import {
  earningsCsvResponseSchema,
  earningsQuerySchema,
  earningsResponseSchema,
  giftRequestSchema,
  giftResponseSchema,
  payeesInputSchema,
  payeesResponseSchema,
  supportersResponseSchema,
} from './payouts';
import { auditLogQuerySchema, auditLogResponseSchema } from './audit';
import {
  adminUserListQuerySchema,
  adminUserListResponseSchema,
  adminUserPatchSchema,
  adminUserResponseSchema,
  coinAdjustmentResponseSchema,
  coinAdjustmentSchema,
} from './admin-users';
import { MEMBERSHIP_SCHEMAS } from './endpoints-memberships';
import { STATS_SCHEMAS } from './endpoints-stats';
import { RELATION_SCHEMAS } from './endpoints-relations';
import { RECOMMENDATION_SCHEMAS } from './recommendations';
import {
  readerSettingsPatchSchema,
  readerSettingsPutSchema,
  readerSettingsQuerySchema,
  readerSettingsResponseSchema,
  seriesReaderSettingsParamsSchema,
  seriesReaderSettingsResponseSchema,
  seriesReaderSettingsUpdateSchema,
} from './reader-settings';
import { envelope } from './errors';
import {
  loginErrorBodySchema,
  loginTwoFactorRequestSchema,
  recoveryCodesResponseSchema,
  twoFactorCodeRequestSchema,
  twoFactorDisableRequestSchema,
  twoFactorDisableResponseSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusResponseSchema,
} from './two-factor';
import { adminMetricsResponseSchema, metricsQuerySchema, seriesFunnelResponseSchema, teamMetricsResponseSchema } from './metrics';
import {
  bookmarkListQuerySchema,
  bookmarkListResponseSchema,
  bookmarkStateResponseSchema,
  historyQuerySchema,
  historyResponseSchema,
  notificationPreferencesResponseSchema,
  notificationPreferencesSchema,
  notifyWhenFreeResponseSchema,
  notifyWhenPassResponseSchema,
  progressInputSchema,
  progressMergeResponseSchema,
  progressMergeSchema,
  chapterPlacesQuerySchema,
  chapterPlacesResponseSchema,
  progressResponseSchema,
  seriesProgressResponseSchema,
} from './library';
import {
  announcementInputSchema,
  announcementListQuerySchema,
  announcementListResponseSchema,
  announcementPatchSchema,
  announcementResponseSchema,
  announcementSlugParamsSchema,
  teamAnnouncementListQuerySchema,
  teamAnnouncementListResponseSchema,
  teamAnnouncementResponseSchema,
} from './announcements';
import {
  commentInputSchema,
  commentListQuerySchema,
  commentListResponseSchema,
  commentPatchSchema,
  commentReportSchema,
  commentResponseSchema,
  teamCommentListQuerySchema,
  teamCommentListResponseSchema,
  teamCommentPatchSchema,
  teamCommentResponseSchema,
} from './comments';
import {
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  unreadCountResponseSchema,
} from './notifications';
import { ROUTES, type EndpointName, type RouteDef } from './routes';
import {
  adminCoinPackageListResponseSchema,
  adminCoinPackageResponseSchema,
  adminPlanListResponseSchema,
  adminPlanResponseSchema,
  adminPurchaseListQuerySchema,
  adminPurchaseListResponseSchema,
  adminPurchaseResponseSchema,
  bulkUnlockRequestSchema,
  bulkUnlockResponseSchema,
  chapterIdParamsSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  coinPackageInputSchema,
  coinPackageListResponseSchema,
  coinPackagePatchSchema,
  planInputSchema,
  planListResponseSchema,
  storeCurrencyQuerySchema,
  planPatchSchema,
  purchaseIdParamsSchema,
  purchaseListQuerySchema,
  purchaseListResponseSchema,
  purchaseResponseSchema,
  seriesIdParamsSchema,
  storeSettingsResponseSchema,
  unlockRequestSchema,
  unlockQuoteQuerySchema,
  unlockQuoteResponseSchema,
  autoUnlockSeriesListResponseSchema,
  autoUnlockSeriesRemovedResponseSchema,
  storeSettingsSchema,
  subscriptionResponseSchema,
  unlockResponseSchema,
  walletQuerySchema,
  walletResponseSchema,
} from './store';
import { pushEndpointSchema, pushSubscriptionResponseSchema, pushSubscriptionSchema, pushVapidKeyResponseSchema } from './push';
import { healthResponseSchema, publicSiteSettingsSchema, siteConfigPatchSchema, siteConfigResponseSchema } from './site';
import {
  bannerInputSchema,
  bannerPatchSchema,
  chapterInputSchema,
  chapterPatchSchema,
  genreInputSchema,
  genreResponseSchema,
  idParamsSchema,
  pageOrderSchema,
  pageParamsSchema,
  seriesInputSchema,
  seriesPatchSchema,
  teamBannerListResponseSchema,
  teamBannerResponseSchema,
  teamChapterResponseSchema,
  teamSeriesListQuerySchema,
  teamSeriesListResponseSchema,
  teamSeriesResponseSchema,
} from './team-catalogue';

export interface EndpointSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success answer (status 200, or the route's `status`). */
  response: z.ZodType;
  /** The error answers, when they carry more than the envelope (login's two-factor challenge). */
  errorBody?: z.ZodType;
}

/** Each endpoint's request and response schemas, under the same name as its route in ROUTES. */
const SCHEMAS = {
  verify: { response: verifyResponseSchema },
  login: { body: loginRequestSchema, response: loginResponseSchema, errorBody: loginErrorBodySchema },
  register: { body: registerRequestSchema, response: messageResponseSchema },
  registerConfirm: { body: registerConfirmRequestSchema, response: registerConfirmResponseSchema },
  forgotPassword: { body: forgotPasswordRequestSchema, response: messageResponseSchema },
  resetPassword: { body: resetPasswordRequestSchema, response: messageResponseSchema },
  logout: { response: messageResponseSchema },
  profile: { response: profileResponseSchema },
  changePassword: { body: changePasswordRequestSchema, response: messageResponseSchema },
  preferencesUpdate: { body: preferencesUpdateSchema, response: preferencesResponseSchema },
  profileUpdate: { body: profileUpdateSchema, response: profileResponseSchema },
  avatarPut: { response: avatarResponseSchema },
  avatarDelete: { response: avatarResponseSchema },
  emailChange: { body: emailChangeRequestSchema, response: messageResponseSchema },
  emailChangeConfirm: { body: emailChangeTokenSchema, response: emailChangeResultResponseSchema },
  emailChangeUndo: { body: emailChangeTokenSchema, response: emailChangeResultResponseSchema },
  sessions: { response: accountSessionsResponseSchema },
  sessionRevoke: { params: sessionIdParamsSchema, response: messageResponseSchema },
  sessionsRevokeOthers: { response: sessionsRevokedResponseSchema },
  loginTwoFactor: { body: loginTwoFactorRequestSchema, response: loginResponseSchema },
  twoFactorStatus: { response: twoFactorStatusResponseSchema },
  twoFactorSetup: { response: twoFactorSetupResponseSchema },
  twoFactorEnable: { body: twoFactorCodeRequestSchema, response: recoveryCodesResponseSchema },
  twoFactorDisable: { body: twoFactorDisableRequestSchema, response: twoFactorDisableResponseSchema },
  twoFactorRecoveryCodes: { body: twoFactorCodeRequestSchema, response: recoveryCodesResponseSchema },
  accountExport: { response: accountExportResponseSchema },
  accountDelete: { body: accountDeleteRequestSchema, response: accountDeletedResponseSchema },

  notifications: { query: notificationListQuerySchema, response: notificationListResponseSchema },
  notificationsUnreadCount: { response: unreadCountResponseSchema },
  notificationRead: { params: notificationIdParamsSchema, response: messageResponseSchema },
  notificationsReadAll: { response: messageResponseSchema },

  siteSettings: { response: envelope(publicSiteSettingsSchema) },
  health: { response: healthResponseSchema },
  adsConfig: { response: adsConfigResponseSchema },
  adminSiteConfig: { response: siteConfigResponseSchema },
  adminSiteConfigUpdate: { body: siteConfigPatchSchema, response: siteConfigResponseSchema },

  home: { response: homeResponseSchema },
  seriesList: { query: seriesListQuerySchema, response: seriesListResponseSchema },
  series: { params: seriesSlugParamsSchema, query: editionQuerySchema, response: seriesDetailResponseSchema },
  seriesChapters: { params: seriesSlugParamsSchema, query: seriesChaptersQuerySchema, response: seriesChaptersResponseSchema },
  chapter: { params: chapterParamsSchema, query: editionQuerySchema, response: chapterContentResponseSchema },
  myChapterOffers: { params: chapterParamsSchema, response: chapterOffersResponseSchema },
  genres: { response: genreListResponseSchema },
  banners: { response: bannerListResponseSchema },
  searchSeries: { query: searchRawQuerySchema, response: searchResponseSchema },

  teamSeriesList: { query: teamSeriesListQuerySchema, response: teamSeriesListResponseSchema },
  teamSeriesCreate: { body: seriesInputSchema, response: teamSeriesResponseSchema },
  teamSeries: { params: idParamsSchema, response: teamSeriesResponseSchema },
  teamSeriesUpdate: { params: idParamsSchema, body: seriesPatchSchema, response: teamSeriesResponseSchema },
  teamSeriesDelete: { params: idParamsSchema, response: messageResponseSchema },
  teamSeriesCover: { params: idParamsSchema, response: teamSeriesResponseSchema },
  teamSeriesEditions: { params: idParamsSchema, response: teamEditionListResponseSchema },
  teamSeriesEditionCreate: { params: idParamsSchema, body: editionInputSchema, response: teamEditionResponseSchema },
  teamSeriesEditionUpdate: { params: editionParamsSchema, body: editionPatchSchema, response: teamEditionResponseSchema },
  teamSeriesEditionDelete: { params: editionParamsSchema, response: messageResponseSchema },

  teamChapterCreate: { params: idParamsSchema, body: chapterInputSchema, response: teamChapterResponseSchema },
  teamChapter: { params: idParamsSchema, response: teamChapterResponseSchema },
  teamChapterUpdate: { params: idParamsSchema, body: chapterPatchSchema, response: teamChapterResponseSchema },
  teamChapterDelete: { params: idParamsSchema, response: messageResponseSchema },
  teamChapterPagesAdd: { params: idParamsSchema, response: teamChapterResponseSchema },
  teamChapterPageOrder: { params: idParamsSchema, body: pageOrderSchema, response: teamChapterResponseSchema },
  teamChapterPageDelete: { params: pageParamsSchema, response: teamChapterResponseSchema },
  teamChapterArchive: { params: idParamsSchema, response: teamChapterResponseSchema },
  teamChapterEditionPut: { params: editionParamsSchema, body: chapterEditionInputSchema, response: teamChapterResponseSchema },
  teamChapterEditionDelete: { params: editionParamsSchema, response: teamChapterResponseSchema },
  teamChaptersRenumber: { params: idParamsSchema, body: renumberInputSchema, response: renumberResponseSchema },
  teamSeriesMembers: { params: idParamsSchema, response: seriesMembersResponseSchema },
  teamSeriesMemberUpdate: {
    params: seriesMemberParamsSchema,
    body: seriesMemberPatchSchema,
    response: seriesMembersResponseSchema,
  },
  adminSeriesMembers: { params: idParamsSchema, response: seriesMembersResponseSchema },
  adminSeriesMemberPut: { params: idParamsSchema, body: seriesMemberInputSchema, response: seriesMembersResponseSchema },
  adminSeriesMemberDelete: { params: seriesMemberParamsSchema, response: seriesMembersResponseSchema },
  teamImports: { response: importListResponseSchema },
  teamImportCreate: { response: importResponseSchema },
  teamImport: { params: idParamsSchema, response: importResponseSchema },

  teamGenres: { response: genreListResponseSchema },
  teamGenreCreate: { body: genreInputSchema, response: genreResponseSchema },
  teamGenreUpdate: { params: idParamsSchema, body: genreInputSchema, response: genreResponseSchema },
  teamGenreDelete: { params: idParamsSchema, response: messageResponseSchema },
  teamBanners: { response: teamBannerListResponseSchema },
  teamBannerCreate: { body: bannerInputSchema, response: teamBannerResponseSchema },
  teamBannerUpdate: { params: idParamsSchema, body: bannerPatchSchema, response: teamBannerResponseSchema },
  teamBannerImage: { params: idParamsSchema, response: teamBannerResponseSchema },
  teamBannerDelete: { params: idParamsSchema, response: messageResponseSchema },

  coinPackages: { query: storeCurrencyQuerySchema, response: coinPackageListResponseSchema },
  plans: { query: storeCurrencyQuerySchema, response: planListResponseSchema },
  checkout: { body: checkoutRequestSchema, response: checkoutResponseSchema },
  myPurchases: { query: purchaseListQuerySchema, response: purchaseListResponseSchema },
  myPurchase: { params: purchaseIdParamsSchema, response: purchaseResponseSchema },
  testCheckoutComplete: { params: purchaseIdParamsSchema, response: purchaseResponseSchema },
  testCheckoutCancel: { params: purchaseIdParamsSchema, response: purchaseResponseSchema },
  wallet: { query: walletQuerySchema, response: walletResponseSchema },
  storeSettings: { body: storeSettingsSchema, response: storeSettingsResponseSchema },
  unlockChapter: { params: chapterIdParamsSchema, body: unlockRequestSchema, response: unlockResponseSchema },
  unlockChapters: { params: seriesIdParamsSchema, body: bulkUnlockRequestSchema, response: bulkUnlockResponseSchema },
  unlockQuote: { params: seriesIdParamsSchema, query: unlockQuoteQuerySchema, response: unlockQuoteResponseSchema },
  autoUnlockSeries: { response: autoUnlockSeriesListResponseSchema },
  seriesGift: { params: seriesIdParamsSchema, body: giftRequestSchema, response: giftResponseSchema },
  seriesSupporters: { params: seriesIdParamsSchema, response: supportersResponseSchema },
  adminSeriesPayees: { params: idParamsSchema, response: payeesResponseSchema },
  adminSeriesPayeesUpdate: { params: idParamsSchema, body: payeesInputSchema, response: payeesResponseSchema },
  myEarnings: { query: earningsQuerySchema, response: earningsResponseSchema },
  myEarningsCsv: { query: earningsQuerySchema, response: earningsCsvResponseSchema },
  autoUnlockSeriesRemove: { params: seriesIdParamsSchema, response: autoUnlockSeriesRemovedResponseSchema },
  mySubscription: { response: subscriptionResponseSchema },
  cancelSubscription: { response: subscriptionResponseSchema },

  adminPlans: { response: adminPlanListResponseSchema },
  adminPlanCreate: { body: planInputSchema, response: adminPlanResponseSchema },
  adminPlanUpdate: { params: idParamsSchema, body: planPatchSchema, response: adminPlanResponseSchema },
  adminCoinPackages: { response: adminCoinPackageListResponseSchema },
  adminCoinPackageCreate: { body: coinPackageInputSchema, response: adminCoinPackageResponseSchema },
  adminCoinPackageUpdate: { params: idParamsSchema, body: coinPackagePatchSchema, response: adminCoinPackageResponseSchema },
  adminAuditLog: { query: auditLogQuerySchema, response: auditLogResponseSchema },
  adminPurchases: { query: adminPurchaseListQuerySchema, response: adminPurchaseListResponseSchema },
  adminPurchase: { params: idParamsSchema, response: adminPurchaseResponseSchema },
  adminPurchaseRefund: { params: idParamsSchema, response: adminPurchaseResponseSchema },
  adminUsers: { query: adminUserListQuerySchema, response: adminUserListResponseSchema },
  adminUser: { params: idParamsSchema, response: adminUserResponseSchema },
  adminUserUpdate: { params: idParamsSchema, body: adminUserPatchSchema, response: adminUserResponseSchema },
  adminUserCoins: { params: idParamsSchema, body: coinAdjustmentSchema, response: coinAdjustmentResponseSchema },
  adminUserDelete: { params: idParamsSchema, response: accountDeletedResponseSchema },

  bookmarks: { query: bookmarkListQuerySchema, response: bookmarkListResponseSchema },
  bookmarkAdd: { params: seriesIdParamsSchema, response: bookmarkStateResponseSchema },
  bookmarkRemove: { params: seriesIdParamsSchema, response: bookmarkStateResponseSchema },
  progressSave: { params: chapterIdParamsSchema, body: progressInputSchema, response: progressResponseSchema },
  progressMerge: { body: progressMergeSchema, response: progressMergeResponseSchema },
  history: { query: historyQuerySchema, response: historyResponseSchema },
  historyClear: { response: messageResponseSchema },
  historyRemove: { params: chapterIdParamsSchema, response: messageResponseSchema },
  seriesProgress: { params: seriesIdParamsSchema, response: seriesProgressResponseSchema },
  chapterPlaces: { params: chapterIdParamsSchema, query: chapterPlacesQuerySchema, response: chapterPlacesResponseSchema },
  deviceKeys: { response: deviceKeysResponseSchema },
  deviceKeyCreate: { body: deviceKeyCreateSchema, response: deviceKeyCreatedResponseSchema },
  deviceKeyRevoke: { params: deviceKeyIdParamsSchema, response: messageResponseSchema },
  notifyWhenFree: { params: chapterIdParamsSchema, response: notifyWhenFreeResponseSchema },
  notifyWhenFreeAdd: { params: chapterIdParamsSchema, response: notifyWhenFreeResponseSchema },
  notifyWhenFreeRemove: { params: chapterIdParamsSchema, response: notifyWhenFreeResponseSchema },
  notifyWhenPass: { params: seriesIdParamsSchema, response: notifyWhenPassResponseSchema },
  notifyWhenPassAdd: { params: seriesIdParamsSchema, response: notifyWhenPassResponseSchema },
  notifyWhenPassRemove: { params: seriesIdParamsSchema, response: notifyWhenPassResponseSchema },
  readerSettings: { query: readerSettingsQuerySchema, response: readerSettingsResponseSchema },
  readerSettingsPut: { body: readerSettingsPutSchema, response: readerSettingsResponseSchema },
  readerSettingsPatch: { body: readerSettingsPatchSchema, response: readerSettingsResponseSchema },
  seriesReaderSettings: { params: seriesReaderSettingsParamsSchema, response: seriesReaderSettingsResponseSchema },
  seriesReaderSettingsPut: {
    params: seriesReaderSettingsParamsSchema,
    body: seriesReaderSettingsUpdateSchema,
    response: seriesReaderSettingsResponseSchema,
  },
  seriesReaderSettingsClear: { params: seriesReaderSettingsParamsSchema, response: seriesReaderSettingsResponseSchema },
  notificationPreferences: { response: notificationPreferencesResponseSchema },
  notificationPreferencesUpdate: { body: notificationPreferencesSchema, response: notificationPreferencesResponseSchema },
  pushVapidKey: { response: pushVapidKeyResponseSchema },
  pushSubscribe: { body: pushSubscriptionSchema, response: pushSubscriptionResponseSchema },
  pushUnsubscribe: { body: pushEndpointSchema, response: pushSubscriptionResponseSchema },

  announcements: { query: announcementListQuerySchema, response: announcementListResponseSchema },
  announcement: { params: announcementSlugParamsSchema, response: announcementResponseSchema },
  teamAnnouncements: { query: teamAnnouncementListQuerySchema, response: teamAnnouncementListResponseSchema },
  teamAnnouncementCreate: { body: announcementInputSchema, response: teamAnnouncementResponseSchema },
  teamAnnouncement: { params: idParamsSchema, response: teamAnnouncementResponseSchema },
  teamAnnouncementUpdate: { params: idParamsSchema, body: announcementPatchSchema, response: teamAnnouncementResponseSchema },
  teamAnnouncementDelete: { params: idParamsSchema, response: messageResponseSchema },
  teamAnnouncementCover: { params: idParamsSchema, response: teamAnnouncementResponseSchema },

  chapterComments: { params: chapterIdParamsSchema, query: commentListQuerySchema, response: commentListResponseSchema },
  seriesComments: { params: seriesIdParamsSchema, query: commentListQuerySchema, response: commentListResponseSchema },
  commentCreate: { body: commentInputSchema, response: commentResponseSchema },
  commentUpdate: { params: idParamsSchema, body: commentPatchSchema, response: commentResponseSchema },
  commentDelete: { params: idParamsSchema, response: messageResponseSchema },
  commentReport: { params: idParamsSchema, body: commentReportSchema, response: messageResponseSchema },
  teamComments: { query: teamCommentListQuerySchema, response: teamCommentListResponseSchema },
  teamCommentUpdate: { params: idParamsSchema, body: teamCommentPatchSchema, response: teamCommentResponseSchema },
  teamCommentDelete: { params: idParamsSchema, response: messageResponseSchema },

  teamMetrics: { query: metricsQuerySchema, response: teamMetricsResponseSchema },
  teamSeriesFunnel: { params: idParamsSchema, query: metricsQuerySchema, response: seriesFunnelResponseSchema },
  adminMetrics: { query: metricsQuerySchema, response: adminMetricsResponseSchema },
  ...MEMBERSHIP_SCHEMAS,
  ...STATS_SCHEMAS,
  ...RELATION_SCHEMAS,
  ...RECOMMENDATION_SCHEMAS,
} as const satisfies { [N in EndpointName]: EndpointSchemas };

type Routes = typeof ROUTES;
type Schemas = typeof SCHEMAS;

/** One endpoint, whole: its route (method, path, access) and its schemas; its error codes are in ROUTE_ERRORS. */
export type Endpoint<N extends EndpointName> = Routes[N] & Schemas[N];

/** The endpoint table: the server registers every route from it and the web client is typed by it. */
export const ENDPOINTS = Object.fromEntries(
  (Object.keys(ROUTES) as EndpointName[]).map((name) => [name, { ...ROUTES[name], ...SCHEMAS[name] }]),
  // Through unknown: with this many endpoints TypeScript gives up comparing the two shapes.
) as unknown as { [N in EndpointName]: Endpoint<N> };

type Field<N extends EndpointName, K extends string> = Schemas[N] extends Record<K, infer S extends z.ZodType> ? S : undefined;
type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a caller sends (before defaults and coercion) … */
export type EndpointParams<N extends EndpointName> = InputOf<Field<N, 'params'>>;
export type EndpointQuery<N extends EndpointName> = InputOf<Field<N, 'query'>>;
export type EndpointBody<N extends EndpointName> = InputOf<Field<N, 'body'>>;
/** … and what a handler receives once the schema has parsed it. */
export type ParsedParams<N extends EndpointName> = OutputOf<Field<N, 'params'>>;
export type ParsedQuery<N extends EndpointName> = OutputOf<Field<N, 'query'>>;
export type ParsedBody<N extends EndpointName> = OutputOf<Field<N, 'body'>>;
/** The whole success answer (the envelope), as the server sends it. */
export type EndpointResponse<N extends EndpointName> = z.output<Schemas[N]['response']>;
/** The `data` of an enveloped answer. */
export type EndpointData<N extends EndpointName> = EndpointResponse<N> extends { data: infer D } ? D : never;

export type { RouteDef };
