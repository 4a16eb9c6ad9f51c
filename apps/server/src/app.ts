import { join } from 'node:path';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import { IMAGE_MAX_BYTES, JSON_BODY_MAX_BYTES, UPLOAD_MAX_FILES } from '@inkwell/contract';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { AttemptLimiter } from './lib/attempt-limiter';
import { createOffsetClock, systemClock, type Clock } from './lib/clock';
import { testClockRoutes } from './plugins/test-clock';
import { registerBackgroundWork } from './background-work';
import multipart from '@fastify/multipart';
import {
  createPayments,
  createPurchases,
  createStripeClient,
  createStripeEvents,
  createStripeProvider,
  createTestProvider,
  type PaymentProvider,
  paymentsRoutes,
  type StripeEvents,
  stripeWebhookRoutes,
} from './modules/payments';
import { createSubscriptions, subscriptionsRoutes } from './modules/subscriptions';
import {
  createPayoutMonths,
  createPayouts,
  type PayoutMonths,
  createUnlockLookup,
  createUnlocks,
  createWallet,
  payoutsRoutes,
  walletRoutes,
} from './modules/wallet';
import { createViewerCache } from './modules/access';
import { changeBusTarget, createChangeBus, type ChangeBus } from './lib/change-bus';
import { auditPlugin, auditRoutes, createAuditService } from './modules/audit';
import { createPushService, pushRoutes } from './modules/push';
import { authRoutes, createAuthService, createPasswordResetService, createRegistrationService } from './modules/auth';
import { toSessionUser } from './modules/users';
import { createTwoFactorService, twoFactorRoutes } from './modules/two-factor';
import { createDeviceKeysService, deviceKeysRoutes } from './modules/device-keys';
import { announcementPageMeta, announcementsRoutes, createAnnouncementsService } from './modules/announcements';
import { bannersRoutes, createBannersService } from './modules/banners';
import { catalogueRoutes, catalogueSeriesPageMeta, createCatalogueService, sharedPageViews } from './modules/catalogue';
import { chaptersRoutes, createChaptersService, createPublishing } from './modules/chapters';
import { commentsRoutes, createCommentsService } from './modules/comments';
import { adminUsersRoutes, createAdminUsersService } from './modules/admin-users';
import { createGenresService, genresRoutes } from './modules/genres';
import { createLibraryService, libraryRoutes } from './modules/library';
import { createJobs, type Jobs } from './modules/jobs';
import { createMailer, type Mailer } from './modules/mail';
import {
  createDiskStorage,
  createImageStore,
  createS3Storage,
  createUrlSigner,
  mediaRoutes,
  type MediaStorage,
} from './modules/media';
import {
  createMetricsRollup,
  createMetricsService,
  createViewCounter,
  metricsRoutes,
  type MetricsRollup,
} from './modules/metrics';
import {
  createEmailPreferences,
  createFreeAlerts,
  createNewChapterNotices,
  createUnsubscribeTokens,
  createNotificationsService,
  notificationRoutes,
  notificationSettingsRoutes,
} from './modules/notifications';
import { createSearchService, searchRoutes } from './modules/search';
import { createPageMetaRegistry, createSeoService, seoRoutes } from './modules/seo';
import { createFeedsService, feedsRoutes } from './modules/feeds';
import { createOpdsService, opdsRoutes } from './modules/opds';
import { createOpds2Service, opds2Routes } from './modules/opds2';
import { createDownloadsService, downloadsRoutes } from './modules/downloads';
import { createKoreaderService, koreaderRoutes } from './modules/koreader';
import { createSeriesService, seriesRoutes } from './modules/series';
import { adsRoutes } from './modules/ads';
import { createSiteConfig, maintenancePlugin, siteConfigRoutes } from './modules/site-config';
import { authPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { inputGuardPlugin } from './plugins/input-guard';
import { openapiPlugin } from './plugins/openapi';
import { originCheckPlugin } from './plugins/origin-check';
import { securityPlugin } from './plugins/security';
import { webPlugin } from './plugins/web';

export interface AppDeps {
  config: Config;
  /** The database, and raw SQL for the job queue (pg-boss) on it. */
  database: Pick<DatabaseHandle, 'db' | 'kind' | 'executeSql' | 'url'> & Partial<Pick<DatabaseHandle, 'reportsDb'>>;
  limiter: AttemptLimiter;
  /**
   * Job queue settings: tests poll faster and run scheduled work themselves (never on a clock tick
   * that could fall in the middle of a test); a bench can leave the workers off.
   */
  jobs?: { pollingIntervalSeconds?: number; runWorkers?: boolean; runSchedules?: boolean };
  clock?: Clock;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** Where media bytes go; from the config when not given. */
  storage?: MediaStorage;
  /** How instances tell each other a user changed; from REDIS_URL and the database when not given (lib/change-bus.ts). */
  changeBus?: ChangeBus;
  /** The payment provider; from the config when not given: Stripe when configured, else the built-in test checkout. */
  paymentProvider?: PaymentProvider;
}

/** How often counted views are written (each instance writes its own; the marks make them add up once). */
const VIEWS_FLUSH_MS = 15_000;

export function createStorageFromConfig(config: Config): MediaStorage {
  if (config.mediaDriver === 's3' && config.s3) return createS3Storage(config.s3);
  return createDiskStorage(join(config.dataDir, 'media'));
}

/** Builds the whole API from its dependencies. It never listens: main.ts does, tests inject. */
export async function buildApp(deps: AppDeps) {
  const { config, limiter } = deps;
  const { db } = deps.database;
  // The team's and admin's reports read on a pool of their own (db/client.ts).
  const reportsDb = deps.database.reportsDb ?? db;
  // TEST_CLOCK: a clock the browser journeys may move (plugins/test-clock.ts); never in production.
  const testClock = !deps.clock && config.testClock ? createOffsetClock() : null;
  const clock = deps.clock ?? testClock ?? systemClock;
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: config.trustProxy,
    // Issue 7 §4.7: the largest legitimate JSON body is a novel chapter; see the constant.
    bodyLimit: JSON_BODY_MAX_BYTES,
    // A request that reaches a closing instance (on a kept-alive connection) is still answered, with
    // `Connection: close`, rather than refused: a deploy drops nothing (issue 20 §1).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // SPEC §7: logout is a JSON POST with no body; an empty JSON body is read as no body.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' || body === undefined) return done(null, undefined);
    return parseJson(request, body as string, done);
  });

  const jobs = createJobs(deps.database, app.log, { ...config.jobTimeouts, ...deps.jobs });
  const mailer = deps.mailer ?? createMailer({ db, logger: app.log, smtpUrl: config.smtpUrl, from: config.mailFrom });
  // What a reader's requests read about them, kept a few seconds and forgotten on every instance when it changes.
  const changeBus =
    deps.changeBus ??
    createChangeBus(changeBusTarget(config.redisUrl, deps.database), {
      onError: (error) => app.log.warn({ err: error }, 'the change bus could not tell the other instances'),
    });
  // An instance serves once it hears the others' changes (and `npm run user`'s).
  app.addHook('onReady', () => changeBus.ready());
  const viewerCache = createViewerCache(clock, changeBus);
  // The site's configuration (maintenance, registration, ads), read on every request: kept the same way.
  const siteConfig = createSiteConfig({ db, clock, bus: changeBus });
  const onUserChanged = (userId: string) => viewerCache.forgetUser(userId);
  // Issue 10: authenticator secrets sealed and sign-in challenges signed with the session secret.
  const twoFactor = createTwoFactorService({ db, clock, limiter, viewerCache, secret: config.sessionSecret });
  // Issue 19 §1: what reading apps sign in with, never the password.
  const deviceKeys = createDeviceKeysService({ db, clock });
  const auth = createAuthService({
    db,
    clock,
    limiter,
    viewerCache,
    twoFactorChallenge: (user) => twoFactor.challengeFor(user),
    attemptLimit: config.authRateLimit,
  });
  // Reset links go out through a job, after the answer, so it takes as long whether or not the account exists (issue 7 §4.9).
  const passwordReset = createPasswordResetService({
    viewerCache,
    db,
    clock,
    mailer,
    limiter,
    logger: app.log,
    publicUrl: config.publicUrl,
    deliver: (request) =>
      void jobs
        .send('auth.reset-link', request)
        .catch((error: unknown) => app.log.error({ err: error }, 'could not queue a reset link')),
  });
  app.addHook('onClose', () => passwordReset.idle());
  const signUps = createRegistrationService({
    db,
    clock,
    mailer,
    limiter,
    publicUrl: config.publicUrl,
    queueMail: (tx, request) => jobs.send('auth.registration-mail', request, { tx }),
  });
  const isHttps = config.publicUrl.startsWith('https://');
  const storage = deps.storage ?? createStorageFromConfig(config);
  const signer = createUrlSigner(config.sessionSecret);
  const images = createImageStore(storage, jobs, { avif: config.mediaAvif });
  const views = createViewCounter(db, clock, app.log);
  const catalogue = createCatalogueService({ db, clock, signer, views, unlocks: createUnlockLookup(db, viewerCache, clock) });
  // The team's catalogue changes drop what was kept of it: its answers, and visitors' rendered pages (web plugin).
  const catalogueListeners: (() => void)[] = [() => catalogue.invalidate()];
  const onChange = () => catalogueListeners.forEach((listener) => listener());
  // Issue 9 §2: a release's fan-out job is queued inside its claim; mail carries a signed unsubscribe link.
  const unsubscribe = createUnsubscribeTokens(config.sessionSecret);
  const newChapterNotices = createNewChapterNotices({
    db,
    clock,
    jobs,
    logger: app.log,
    publicUrl: config.publicUrl,
    unsubscribe,
  });
  const freeAlerts = createFreeAlerts({ db, clock, logger: app.log });
  const emailPreferences = createEmailPreferences({ db, clock, unsubscribe });
  const push = createPushService({
    db,
    clock,
    logger: app.log,
    subject: `mailto:${/<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom}`,
    allowPrivateEndpoints: config.pushAllowPrivateEndpoints,
  });
  const publishing = createPublishing({
    db,
    clock,
    logger: app.log,
    inClaim: newChapterNotices.queueFanOut,
    onReleased: () => {
      onChange();
      // The fan-out was queued with the claim: this instance's workers take it now, not at their next poll.
      jobs.wake('notifications.fan-out');
    },
  });
  const chapters = createChaptersService({ db, clock, storage, signer, images, publishing, onChange });
  const series = createSeriesService({ db, clock, storage, images, chapterRows: chapters.chapterRows, onChange });
  const genres = createGenresService({ db, onChange });
  const banners = createBannersService({ db, images, onChange });
  const announcements = createAnnouncementsService({ db, clock, images });
  const wallet = createWallet({ db, onUserChanged });
  const unlocks = createUnlocks({ db, clock, onUserChanged });
  const feePercent = async () => (await siteConfig.current()).payouts.feePercent;
  const payouts = createPayouts({ db, clock, feePercent, onUserChanged });
  const payoutMonths = createPayoutMonths({ db, clock, feePercent });
  const subscriptions = createSubscriptions({ db, clock, onUserChanged });
  const purchases = createPurchases({ db });
  // DESIGN §3: Stripe when both its variables are set (config.ts refuses half of them), else the test checkout.
  const stripe = config.stripe ? createStripeClient(config.stripe) : undefined;
  const payments = createPayments({
    db,
    clock,
    logger: app.log,
    provider: deps.paymentProvider ?? (stripe ? createStripeProvider(stripe) : createTestProvider()),
    unlocks,
    subscriptions,
    publicUrl: config.publicUrl,
    onUserChanged,
  });
  const stripeEvents =
    stripe && config.stripe
      ? createStripeEvents({
          db,
          clock,
          logger: app.log,
          stripe,
          webhookSecret: config.stripe.webhookSecret,
          payments,
          subscriptions,
          jobs,
        })
      : undefined;
  const metricsRollup = createMetricsRollup({ db: reportsDb, clock });
  app.decorate('services', {
    catalogue,
    series,
    chapters,
    genres,
    banners,
    announcements,
    publishing,
    views,
    jobs,
    storage,
    images,
    wallet,
    unlocks,
    subscriptions,
    purchases,
    payments,
    stripeEvents,
    newChapterNotices,
    freeAlerts,
    siteConfig,
    changeBus,
    metricsRollup,
    payoutMonths,
    deviceKeys,
    push,
  });

  registerBackgroundWork(jobs, { ...app.services, logger: app.log, mailer, passwordReset, signUps });

  // A deploy (main.ts on SIGTERM): the health check turns 503 so the balancer looks elsewhere, and
  // this instance takes no more jobs while it finishes what it holds.
  let draining = false;
  app.decorate('drain', async () => {
    draining = true;
    await jobs.stopWorking();
  });

  const viewsTimer = setInterval(() => void views.flush(), VIEWS_FLUSH_MS);
  viewsTimer.unref();
  app.addHook('onReady', async () => {
    await jobs.start();
    // The VAPID keys exist from the first start (issue 21 §4), made by one instance, read by all.
    await push.publicKey();
    // Chapters that came due while no instance was running are released at once, not at the next tick.
    await publishing.publishDue();
  });
  app.addHook('onClose', async () => {
    clearInterval(viewsTimer);
    await jobs.stop();
    await views.flush();
    if (!deps.changeBus) await changeBus.close();
  });

  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(securityPlugin, { connectOrigins: config.webOrigins, isHttps });
  if (config.webOrigins.length > 0) {
    await app.register(cors, { origin: config.webOrigins, credentials: true });
  }
  await app.register(originCheckPlugin, { publicUrl: config.publicUrl, webOrigins: config.webOrigins });
  await app.register(cookie);
  await app.register(authPlugin, { auth, secureCookies: isHttps });
  // Once the session is known: in maintenance, only the team's calls and the shell's few go through.
  await app.register(maintenancePlugin, { siteConfig });
  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: UPLOAD_MAX_FILES, fields: 20, parts: UPLOAD_MAX_FILES + 20 },
  });
  await app.register(openapiPlugin);
  // Before the routes: it records every team and admin mutation after its answer.
  await app.register(auditPlugin, { db });

  await app.register(authRoutes, { auth, passwordReset, registration: siteConfig, signUps });
  await app.register(twoFactorRoutes, { db, auth, twoFactor });
  await app.register(deviceKeysRoutes, { deviceKeys });
  await app.register(notificationRoutes, { notifications: createNotificationsService({ db }) });
  await app.register(notificationSettingsRoutes, { freeAlerts, emailPreferences, push });
  await app.register(pushRoutes, { push });
  await app.register(siteConfigRoutes, {
    siteConfig,
    limiterHealth: () => deps.limiter.health(),
    jobsHealthy: () => jobs.isHealthy(),
    isDraining: () => draining,
  });
  await app.register(catalogueRoutes, { catalogue, clock, secret: config.sessionSecret });
  const search = createSearchService({ db, clock });
  catalogueListeners.push(() => search.invalidate());
  await app.register(searchRoutes, { search });
  await app.register(adsRoutes, { siteConfig, publicUrl: config.publicUrl });
  await app.register(genresRoutes, { genres });
  await app.register(bannersRoutes, { banners });
  await app.register(announcementsRoutes, { announcements });
  await app.register(seriesRoutes, { series });
  await app.register(chaptersRoutes, { chapters });
  await app.register(mediaRoutes, { storage, signer, clock });
  await app.register(walletRoutes, { wallet, unlocks });
  await app.register(payoutsRoutes, { payouts });
  await app.register(subscriptionsRoutes, { subscriptions });
  await app.register(paymentsRoutes, { purchases, payments, subscriptions, stripeEvents });
  if (testClock) await app.register(testClockRoutes, { clock: testClock });
  const library = createLibraryService({ db, clock, unlocks: createUnlockLookup(db, viewerCache, clock) });
  catalogueListeners.push(() => library.invalidate());
  await app.register(libraryRoutes, { library });
  // Issue 19 §2: the catalogue for reading apps, signed in with device keys.
  await app.register(opdsRoutes, {
    opds: createOpdsService({ db, clock, publicUrl: config.publicUrl, catalogue, library, storage, deviceKeys }),
    deviceKeys,
  });
  // Issue 19 §4: chapters as CBZ and EPUB files, the same bytes every time.
  const downloads = createDownloadsService({ db, clock, publicUrl: config.publicUrl, catalogue, storage });
  await app.register(downloadsRoutes, { downloads, deviceKeys, auth });
  // Issue 19 §3: the catalogue again as OPDS 2.0, with Readium manifests and progressions.
  await app.register(opds2Routes, {
    opds2: createOpds2Service({ db, clock, publicUrl: config.publicUrl, catalogue, library, storage, downloads, deviceKeys }),
    deviceKeys,
  });
  // Issue 19 §5: KOReader's progress sync, on the same one place per chapter.
  await app.register(koreaderRoutes, { koreader: createKoreaderService({ db, clock, library }), deviceKeys });
  const comments = createCommentsService({ db, clock, limiter });
  await app.register(commentsRoutes, { comments });
  const metrics = createMetricsService({ db: reportsDb, clock });
  catalogueListeners.push(() => metrics.invalidate());
  await app.register(metricsRoutes, { metrics, clock });
  await app.register(adminUsersRoutes, {
    adminUsers: createAdminUsersService({ db: reportsDb, clock, comments, onUserChanged }),
  });
  if (stripeEvents) await app.register(stripeWebhookRoutes, { stripeEvents });
  await app.register(auditRoutes, { audit: createAuditService({ db: reportsDb }) });
  await app.register(seoRoutes, { seo: createSeoService({ db, clock, publicUrl: config.publicUrl }) });
  // Issue 19 §7: the chapters as RSS, Atom and JSON Feed, drawn again after every team change.
  const feeds = createFeedsService({ db, clock, publicUrl: config.publicUrl });
  catalogueListeners.push(() => feeds.invalidate());
  await app.register(feedsRoutes, { feeds });

  const pageMeta = createPageMetaRegistry();
  pageMeta.register(catalogueSeriesPageMeta(catalogue, config.publicUrl));
  pageMeta.register(announcementPageMeta(announcements, config.publicUrl));
  await app.register(webPlugin, {
    webDistDir: config.webDistDir,
    pageMeta: pageMeta.lookup,
    isInMaintenance: async () => (await siteConfig.current()).maintenance.enabled,
    onCatalogueChange: (listener) => catalogueListeners.push(listener),
    onSharedPageServed: sharedPageViews(catalogue, clock, config.sessionSecret),
    readerPages: {
      seriesAccessClass: catalogue.accessClassOf,
      sessionOf: async (token) => {
        const found = await auth.resolveSession(token);
        return found ? toSessionUser(found.user) : null;
      },
    },
    clock,
  });

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Starts a shutdown: health answers 503 and no job is taken; requests are still served until close(). */
    drain(): Promise<void>;
    /** The services, for the demo seed, tests and benchmarks. */
    services: {
      catalogue: ReturnType<typeof createCatalogueService>;
      series: ReturnType<typeof createSeriesService>;
      chapters: ReturnType<typeof createChaptersService>;
      genres: ReturnType<typeof createGenresService>;
      banners: ReturnType<typeof createBannersService>;
      announcements: ReturnType<typeof createAnnouncementsService>;
      publishing: ReturnType<typeof createPublishing>;
      views: ReturnType<typeof createViewCounter>;
      jobs: Jobs;
      storage: MediaStorage;
      images: ReturnType<typeof createImageStore>;
      wallet: ReturnType<typeof createWallet>;
      unlocks: ReturnType<typeof createUnlocks>;
      subscriptions: ReturnType<typeof createSubscriptions>;
      purchases: ReturnType<typeof createPurchases>;
      payments: ReturnType<typeof createPayments>;
      /** Stripe's webhook work, when Stripe is configured (tests run its job directly). */
      stripeEvents: StripeEvents | undefined;
      newChapterNotices: ReturnType<typeof createNewChapterNotices>;
      freeAlerts: ReturnType<typeof createFreeAlerts>;
      siteConfig: ReturnType<typeof createSiteConfig>;
      deviceKeys: ReturnType<typeof createDeviceKeysService>;
      push: ReturnType<typeof createPushService>;
      /** How this instance hears the others' changes (tests await its deliveries). */
      changeBus: ChangeBus;
      /** The daily metrics roll-up (the `metrics.roll-up` job's work; tests run it directly). */
      metricsRollup: MetricsRollup;
      /** Closing payout months (the `payouts.close-month` job's work; tests run it directly). */
      payoutMonths: PayoutMonths;
    };
  }
}

export type App = Awaited<ReturnType<typeof buildApp>>;
