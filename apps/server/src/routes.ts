import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Clock, OffsetClock } from './lib/clock';
import { accountDataRoutes } from './modules/identity/account-data';
import { adminUsersRoutes } from './modules/team/admin-users';
import { adsRoutes } from './modules/platform/ads';
import { announcementPageMeta, announcementsRoutes } from './modules/team/announcements';
import { auditRoutes } from './modules/team/audit';
import { accountSecurityRoutes, authRoutes } from './modules/identity/auth';
import { bannersRoutes } from './modules/catalogue/banners';
import { catalogueRoutes, catalogueSeriesPageMeta, sharedPageViews } from './modules/catalogue/catalogue';
import { chaptersRoutes } from './modules/catalogue/chapters';
import { commentsRoutes } from './modules/reading/comments';
import { deviceKeysRoutes } from './modules/identity/device-keys';
import { profileRoutes } from './modules/identity/profile';
import { downloadsRoutes } from './modules/reading-apps/downloads';
import { feedsRoutes } from './modules/reading-apps/feeds';
import { genresRoutes } from './modules/catalogue/genres';
import { importsRoutes } from './modules/catalogue/imports';
import { koreaderRoutes } from './modules/reading-apps/koreader';
import { libraryRoutes } from './modules/reading/library';
import { recommendationsRoutes } from './modules/reading/recommendations';
import { statsRoutes, yearSharePageMeta } from './modules/reading/stats';
import { readerSettingsRoutes } from './modules/reading/reader-settings';
import { mediaRoutes } from './modules/platform/media';
import { metricsRoutes } from './modules/team/metrics';
import { notificationRoutes, notificationSettingsRoutes } from './modules/reading/notifications';
import { opdsRoutes } from './modules/reading-apps/opds';
import { opds2Routes } from './modules/reading-apps/opds2';
import { paymentsRoutes, stripeWebhookRoutes } from './modules/money/payments';
import { payoutsRoutes, payoutStatementsRoutes } from './modules/money/payouts';
import { pushRoutes } from './modules/platform/push';
import { searchRoutes } from './modules/catalogue/search';
import { relationsRoutes } from './modules/catalogue/relations';
import { createPageMetaRegistry, seoRoutes } from './modules/platform/seo';
import { seriesRoutes } from './modules/catalogue/series';
import { seriesTeamRoutes } from './modules/team/series-team';
import { siteConfigRoutes } from './modules/team/site-config';
import { subscriptionsRoutes } from './modules/money/subscriptions';
import { twoFactorRoutes } from './modules/identity/two-factor';
import { viewerOf, type Viewer } from './modules/identity/access';
import { toSessionUser } from './modules/identity/users';
import { walletRoutes } from './modules/money/wallet';
import { testClockRoutes } from './plugins/test-clock';
import { webPlugin } from './plugins/web';

type Services = FastifyInstance['services'];

/** What the routes take besides the services. */
export interface RouteOptions {
  config: Config;
  clock: Clock;
  /** TEST_CLOCK's clock, which the browser journeys may move; never in production. */
  testClock: OffsetClock | null;
  /** What the health check reports besides the database. */
  health: Pick<Parameters<typeof siteConfigRoutes>[1], 'limiterHealth' | 'jobsHealthy' | 'isDraining'>;
}

/** Identity: sign-in and accounts, the second factor, the reading apps' device keys. */
async function identityRoutes(app: FastifyInstance, services: Services, { config }: RouteOptions) {
  const { auth, passwordReset, siteConfig, signUps, payouts, twoFactor, deviceKeys, languages } = services;
  await app.register(authRoutes, {
    auth,
    passwordReset,
    registration: siteConfig,
    signUps,
    hasEarnings: payouts.hasEarnings,
    languages,
  });
  await app.register(twoFactorRoutes, { auth, twoFactor });
  await app.register(deviceKeysRoutes, { deviceKeys, publicUrl: config.publicUrl });
  await app.register(accountDataRoutes, { accountData: services.accountData });
  await app.register(profileRoutes, { profile: services.profile, hasEarnings: payouts.hasEarnings });
  await app.register(accountSecurityRoutes, { auth, emailChange: services.emailChange, sessions: services.accountSessions });
}

/** Catalogue: the public reads and search, and the team's series, chapters, genres and banners. */
async function catalogueAreaRoutes(app: FastifyInstance, services: Services, { config, clock }: RouteOptions) {
  const { catalogue, caches, search, genres, banners, series, chapters, languages } = services;
  const siteLocale = languages.siteDefault;
  await app.register(catalogueRoutes, {
    catalogue,
    caches,
    clock,
    secret: config.sessionSecret,
    siteLocale: () => languages.siteDefaultAtHand(),
  });
  await app.register(searchRoutes, { search, siteLocale });
  await app.register(genresRoutes, { genres });
  await app.register(bannersRoutes, { banners });
  await app.register(seriesRoutes, { series });
  await app.register(chaptersRoutes, { chapters });
  await app.register(importsRoutes, { imports: services.imports });
  await app.register(relationsRoutes, { relations: services.relations });
}

/** Money: coins and unlocks, payouts, plans, purchases and Stripe's webhook. */
async function moneyRoutes(app: FastifyInstance, services: Services) {
  const { wallet, unlocks, payouts, subscriptions, purchases, payments, stripeEvents } = services;
  await app.register(walletRoutes, { wallet, unlocks });
  await app.register(payoutsRoutes, { payouts });
  const { payoutAccounts, payoutStatements, payoutTransfers } = services;
  await app.register(payoutStatementsRoutes, { payoutAccounts, payoutStatements, payoutTransfers });
  await app.register(subscriptionsRoutes, { subscriptions });
  await app.register(paymentsRoutes, { purchases, payments, subscriptions, stripeEvents });
  if (stripeEvents) await app.register(stripeWebhookRoutes, { stripeEvents });
}

/** Reading: the bell and what a reader is told of, their library, comments. */
async function readingRoutes(app: FastifyInstance, services: Services) {
  const { notifications, freeAlerts, emailPreferences, push, library, comments, languages } = services;
  await app.register(notificationRoutes, { notifications, languages });
  await app.register(notificationSettingsRoutes, { freeAlerts, emailPreferences, push, languages });
  await app.register(libraryRoutes, { library });
  await app.register(statsRoutes, { stats: services.stats });
  await app.register(commentsRoutes, { comments });
  // Issue 39 §5: what a series' readers also read.
  await app.register(recommendationsRoutes, {
    recommendations: services.recommendations,
    catalogue: services.catalogue,
    siteLocale: languages.siteDefault,
  });
  await app.register(readerSettingsRoutes, { readerSettings: services.readerSettings });
}

/** Reading apps (issue 19), signed in with device keys. */
async function readingAppsRoutes(app: FastifyInstance, services: Services) {
  const { opds, downloads, opds2, koreader, feeds, deviceKeys, auth } = services;
  // §2: the catalogue for reading apps.
  await app.register(opdsRoutes, { opds, deviceKeys, languages: services.languages });
  // §4: chapters as CBZ and EPUB files, the same bytes every time.
  await app.register(downloadsRoutes, { downloads, deviceKeys, auth });
  // §3: the catalogue again as OPDS 2.0, with Readium manifests and progressions.
  await app.register(opds2Routes, { opds2, deviceKeys, languages: services.languages });
  // §5: KOReader's progress sync, on the same one place per chapter.
  await app.register(koreaderRoutes, { koreader, deviceKeys });
  await app.register(feedsRoutes, { feeds, languages: services.languages });
}

/** Team: the site's settings and health, news, metrics, the admin's users, the audit log. */
async function teamRoutes(app: FastifyInstance, services: Services, { health }: RouteOptions) {
  const { siteConfig, announcements, metrics, caches, adminUsers, audit, seriesTeam } = services;
  await app.register(siteConfigRoutes, { siteConfig, ...health });
  await app.register(announcementsRoutes, { announcements });
  await app.register(metricsRoutes, { metrics, caches });
  await app.register(adminUsersRoutes, { adminUsers });
  await app.register(auditRoutes, { audit });
  await app.register(seriesTeamRoutes, { seriesTeam });
}

/** Platform: web push, ads, media, what search engines read, and the test clock. */
async function platformRoutes(app: FastifyInstance, services: Services, { config, clock, testClock }: RouteOptions) {
  const { push, siteConfig, storage, signer, seo, jobs } = services;
  await app.register(pushRoutes, { push });
  await app.register(adsRoutes, { siteConfig, publicUrl: config.publicUrl });
  await app.register(mediaRoutes, { storage, signer, clock });
  await app.register(seoRoutes, { seo });
  if (testClock) await app.register(testClockRoutes, { clock: testClock, jobs });
}

/** The web app's pages, last: its shell answers what no route above did. */
async function webPages(app: FastifyInstance, services: Services, { config, clock }: RouteOptions) {
  const { catalogue, announcements, siteConfig, caches, auth } = services;
  const pageMeta = createPageMetaRegistry<Viewer>();
  pageMeta.register(catalogueSeriesPageMeta(catalogue, config.publicUrl));
  pageMeta.register(announcementPageMeta(announcements, config.publicUrl));
  pageMeta.register(yearSharePageMeta(services.stats, config.publicUrl));
  await app.register(webPlugin, {
    webDistDir: config.webDistDir,
    pageMeta: pageMeta.lookup,
    isInMaintenance: async () => (await siteConfig.current()).maintenance.enabled,
    caches,
    onSharedPageServed: sharedPageViews(catalogue, clock, config.sessionSecret),
    siteLocale: async () => (await siteConfig.current()).site.defaultLocale,
    allowPseudoLocale: config.env !== 'production',
    publicUrl: config.publicUrl,
    readerPages: {
      seriesAccessClass: catalogue.accessClassOf,
      sessionOf: async (token) => {
        const found = await auth.resolveSession(token);
        return found ? { user: toSessionUser(found.user), account: found.user, viewer: viewerOf(found.user) } : null;
      },
    },
  });
}

/** Every area's routes, then the web app's pages. */
export async function registerRoutes(app: FastifyInstance, services: Services, options: RouteOptions) {
  await identityRoutes(app, services, options);
  await catalogueAreaRoutes(app, services, options);
  await moneyRoutes(app, services);
  await readingRoutes(app, services);
  await readingAppsRoutes(app, services);
  await teamRoutes(app, services, options);
  await platformRoutes(app, services, options);
  await webPages(app, services, options);
}
