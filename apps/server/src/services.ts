import { join } from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { AttemptLimiter } from './lib/attempt-limiter';
import { createCacheRegistry } from './lib/caches';
import { changeBusTarget, createChangeBus, type ChangeBus } from './lib/change-bus';
import type { Clock } from './lib/clock';
import { createDomainEvents } from './lib/domain-events';
import { createViewerCache } from './modules/access';
import { createAdminUsersService } from './modules/admin-users';
import { createAnnouncementsService } from './modules/announcements';
import { createAuditService } from './modules/audit';
import { createAuthService, createPasswordResetService, createRegistrationService } from './modules/auth';
import { createBannersService } from './modules/banners';
import { createCatalogueService } from './modules/catalogue';
import { createChaptersService, createPublishing } from './modules/chapters';
import { createCommentsService } from './modules/comments';
import { createDeviceKeysService } from './modules/device-keys';
import { createDownloadsService } from './modules/downloads';
import { createFeedsService } from './modules/feeds';
import { createGenresService } from './modules/genres';
import { createJobs } from './modules/jobs';
import { createKoreaderService } from './modules/koreader';
import { createLibraryService } from './modules/library';
import { createMailer, type Mailer } from './modules/mail';
import { createDiskStorage, createImageStore, createS3Storage, createUrlSigner, type MediaStorage } from './modules/media';
import { createMetricsRollup, createMetricsService, createViewCounter } from './modules/metrics';
import {
  createEmailPreferences,
  createFreeAlerts,
  createNewChapterNotices,
  createNotificationsService,
  createUnsubscribeTokens,
} from './modules/notifications';
import { createOpdsService } from './modules/opds';
import { createOpds2Service } from './modules/opds2';
import {
  createPayments,
  createPurchases,
  createStripeClient,
  createStripeEvents,
  createStripeProvider,
  createTestProvider,
  type PaymentProvider,
} from './modules/payments';
import { createPushService } from './modules/push';
import { createSearchService } from './modules/search';
import { createSeoService } from './modules/seo';
import { createSeriesService } from './modules/series';
import { createSiteConfig } from './modules/site-config';
import { createSubscriptions } from './modules/subscriptions';
import { createTwoFactorService } from './modules/two-factor';
import { createPayoutMonths, createPayouts, createUnlockLookup, createUnlocks, createWallet } from './modules/wallet';

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
  /** What carries the domain events between instances; from REDIS_URL and the database when not given (lib/change-bus.ts). */
  changeBus?: ChangeBus;
  /** The payment provider; from the config when not given: Stripe when configured, else the built-in test checkout. */
  paymentProvider?: PaymentProvider;
}

function createStorageFromConfig(config: Config): MediaStorage {
  if (config.mediaDriver === 's3' && config.s3) return createS3Storage(config.s3);
  return createDiskStorage(join(config.dataDir, 'media'));
}

/**
 * Every service of the app, built from its dependencies: buildApp registers their routes. `app`
 * gives them its log and its start and close hooks. Services tell one another of their writes
 * through the domain events, and declare their caches in the registry (decision 0033).
 */
export function createServices(app: FastifyInstance, deps: AppDeps, clock: Clock) {
  const { config, limiter } = deps;
  const { db } = deps.database;
  // The team's and admin's reports read on a pool of their own (db/client.ts).
  const reportsDb = deps.database.reportsDb ?? db;
  const jobs = createJobs(deps.database, app.log, { ...config.jobTimeouts, ...deps.jobs });
  const mailer = deps.mailer ?? createMailer({ db, logger: app.log, smtpUrl: config.smtpUrl, from: config.mailFrom });
  const changeBus =
    deps.changeBus ??
    createChangeBus(changeBusTarget(config.redisUrl, deps.database), {
      onError: (error) => app.log.warn({ err: error }, 'the change bus could not tell the other instances'),
    });
  // What the writes tell every instance, and the caches that hear it.
  const events = createDomainEvents(changeBus, {
    onError: (error) => app.log.error({ err: error }, 'a domain event listener failed'),
  });
  const caches = createCacheRegistry(clock, events);
  // An instance serves once it hears the others' events (and `npm run user`'s).
  app.addHook('onReady', () => events.ready());
  // What a reader's requests read about them, kept a few seconds and forgotten on every instance when it changes.
  const viewerCache = createViewerCache(clock, caches);
  // The site's configuration (maintenance, registration, ads), read on every request: kept the same way.
  const siteConfig = createSiteConfig({ db, caches, events });
  // Issue 10: authenticator secrets sealed and sign-in challenges signed with the session secret.
  const twoFactor = createTwoFactorService({ db, clock, limiter, events, secret: config.sessionSecret });
  // Issue 19 §1: what reading apps sign in with, never the password.
  const deviceKeys = createDeviceKeysService({ db, clock, limiter });
  const auth = createAuthService({
    db,
    clock,
    limiter,
    viewerCache,
    events,
    twoFactorChallenge: (user) => twoFactor.challengeFor(user),
    attemptLimit: config.authRateLimit,
  });
  // Reset links go out through a job, after the answer, so it takes as long whether or not the account exists (issue 7 §4.9).
  const passwordReset = createPasswordResetService({
    events,
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
  const storage = deps.storage ?? createStorageFromConfig(config);
  const signer = createUrlSigner(config.sessionSecret);
  const images = createImageStore(storage, jobs, { avif: config.mediaAvif });
  const views = createViewCounter(db, clock, app.log);
  const catalogue = createCatalogueService({
    db,
    clock,
    signer,
    views,
    caches,
    unlocks: createUnlockLookup(db, viewerCache, clock),
  });
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
    events,
  });
  // The fan-out was queued with the claim: the workers take it now, not at their next poll.
  events.subscribe('chapter.released', () => jobs.wake('notifications.fan-out'));
  const chapters = createChaptersService({ db, clock, storage, signer, images, publishing, events });
  const series = createSeriesService({ db, clock, storage, images, chapterRows: chapters.chapterRows, events });
  const genres = createGenresService({ db, events });
  const banners = createBannersService({ db, images, events });
  const announcements = createAnnouncementsService({ db, clock, images, caches, events });
  const wallet = createWallet({ db, events });
  const unlocks = createUnlocks({ db, clock, events });
  const feePercent = async () => (await siteConfig.current()).payouts.feePercent;
  const payouts = createPayouts({ db, clock, feePercent, events });
  const payoutMonths = createPayoutMonths({ db, clock, feePercent });
  const subscriptions = createSubscriptions({ db, clock, events });
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
    events,
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
  const notifications = createNotificationsService({ db });
  const search = createSearchService({ db, caches });
  const library = createLibraryService({ db, clock, caches, unlocks: createUnlockLookup(db, viewerCache, clock) });
  // Issue 19: the catalogue for reading apps (OPDS 1.2 and 2.0), its chapters as CBZ and EPUB files
  // (the same bytes every time), and KOReader's progress sync on the same one place per chapter.
  const opds = createOpdsService({ db, clock, publicUrl: config.publicUrl, catalogue, library, storage, deviceKeys });
  const downloads = createDownloadsService({ db, clock, publicUrl: config.publicUrl, catalogue, storage });
  const opds2 = createOpds2Service({
    db,
    clock,
    publicUrl: config.publicUrl,
    catalogue,
    library,
    storage,
    downloads,
    deviceKeys,
  });
  const koreader = createKoreaderService({ db, clock, library });
  const comments = createCommentsService({ db, clock, limiter });
  const metrics = createMetricsService({ db: reportsDb, clock, caches });
  const adminUsers = createAdminUsersService({ db: reportsDb, clock, comments, events });
  const audit = createAuditService({ db: reportsDb });
  const seo = createSeoService({ db, clock, publicUrl: config.publicUrl });
  // Issue 19 §7: the chapters as RSS, Atom and JSON Feed, drawn again after every team change.
  const feeds = createFeedsService({ db, clock, caches, publicUrl: config.publicUrl });

  return {
    jobs,
    mailer,
    /** What carries the events between instances (closed with the app unless it was given). */
    changeBus,
    /** What the writes tell every instance (tests hear what they publish). */
    events,
    /** Every cache of the app, with the events that clear it. */
    caches,
    siteConfig,
    twoFactor,
    deviceKeys,
    auth,
    passwordReset,
    signUps,
    storage,
    signer,
    images,
    views,
    catalogue,
    newChapterNotices,
    freeAlerts,
    emailPreferences,
    push,
    publishing,
    chapters,
    series,
    genres,
    banners,
    announcements,
    wallet,
    unlocks,
    payouts,
    /** Closing payout months (the `payouts.close-month` job's work; tests run it directly). */
    payoutMonths,
    subscriptions,
    purchases,
    payments,
    /** Stripe's webhook work, when Stripe is configured (tests run its job directly). */
    stripeEvents,
    /** The daily metrics roll-up (the `metrics.roll-up` job's work; tests run it directly). */
    metricsRollup,
    notifications,
    search,
    library,
    opds,
    downloads,
    opds2,
    koreader,
    comments,
    metrics,
    adminUsers,
    audit,
    seo,
    feeds,
  };
}
export type AppServices = ReturnType<typeof createServices>;
