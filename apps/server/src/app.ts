import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import { IMAGE_MAX_BYTES, JSON_BODY_MAX_BYTES, UPLOAD_MAX_FILES } from '@inkwell/contract';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerBackgroundWork } from './background-work';
import { createOffsetClock, systemClock } from './lib/clock';
import { adminUsersRoutes } from './modules/admin-users';
import { adsRoutes } from './modules/ads';
import { announcementPageMeta, announcementsRoutes } from './modules/announcements';
import { auditPlugin, auditRoutes } from './modules/audit';
import { authRoutes } from './modules/auth';
import { bannersRoutes } from './modules/banners';
import { catalogueRoutes, catalogueSeriesPageMeta, sharedPageViews } from './modules/catalogue';
import { chaptersRoutes } from './modules/chapters';
import { commentsRoutes } from './modules/comments';
import { deviceKeysRoutes } from './modules/device-keys';
import { downloadsRoutes } from './modules/downloads';
import { feedsRoutes } from './modules/feeds';
import { genresRoutes } from './modules/genres';
import { koreaderRoutes } from './modules/koreader';
import { libraryRoutes } from './modules/library';
import { mediaRoutes, removeRetiredCopies } from './modules/media';
import { metricsRoutes } from './modules/metrics';
import { notificationRoutes, notificationSettingsRoutes } from './modules/notifications';
import { opdsRoutes } from './modules/opds';
import { opds2Routes } from './modules/opds2';
import { paymentsRoutes, stripeWebhookRoutes } from './modules/payments';
import { pushRoutes } from './modules/push';
import { searchRoutes } from './modules/search';
import { createPageMetaRegistry, seoRoutes } from './modules/seo';
import { seriesRoutes } from './modules/series';
import { maintenancePlugin, siteConfigRoutes } from './modules/site-config';
import { subscriptionsRoutes } from './modules/subscriptions';
import { twoFactorRoutes } from './modules/two-factor';
import { toSessionUser } from './modules/users';
import { payoutsRoutes, walletRoutes } from './modules/wallet';
import { authPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { inputGuardPlugin } from './plugins/input-guard';
import { openapiPlugin } from './plugins/openapi';
import { originCheckPlugin } from './plugins/origin-check';
import { securityPlugin } from './plugins/security';
import { testClockRoutes } from './plugins/test-clock';
import { webPlugin } from './plugins/web';
import { createServices, type AppDeps, type AppServices } from './services';

export { type AppDeps } from './services';

/** How often counted views are written (each instance writes its own; the marks make them add up once). */
const VIEWS_FLUSH_MS = 15_000;
/**
 * How often an instance prepares the dashboards' first answers: after it starts, and within this
 * long of a day closing, the closed days are ranked before an editor asks (metrics.service.ts).
 */
const METRICS_WARM_MS = 10 * 60_000;

/** Builds the whole API from its dependencies. It never listens: main.ts does, tests inject. */
export async function buildApp(deps: AppDeps) {
  const { config } = deps;
  const { db } = deps.database;
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

  const services = createServices(app, deps, clock);
  const {
    jobs,
    changeBus,
    caches,
    siteConfig,
    twoFactor,
    deviceKeys,
    auth,
    passwordReset,
    signUps,
    storage,
    signer,
    views,
    catalogue,
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
    subscriptions,
    purchases,
    payments,
    stripeEvents,
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
  } = services;
  const isHttps = config.publicUrl.startsWith('https://');
  app.decorate('services', services);

  registerBackgroundWork(jobs, { ...services, logger: app.log });

  // A deploy (main.ts on SIGTERM): the health check turns 503 so the balancer looks elsewhere, and
  // this instance takes no more jobs while it finishes what it holds.
  let draining = false;
  app.decorate('drain', async () => {
    draining = true;
    await jobs.stopWorking();
  });

  const viewsTimer = setInterval(() => void views.flush(), VIEWS_FLUSH_MS);
  viewsTimer.unref();
  // The dashboards' closed days ranked before an editor asks; not where scheduled work is off (tests).
  const warmMetrics = () =>
    void metrics.warm().catch((error: unknown) => app.log.warn({ err: error }, 'could not prepare the dashboards’ metrics'));
  const metricsTimer = deps.jobs?.runSchedules === false ? undefined : setInterval(warmMetrics, METRICS_WARM_MS);
  metricsTimer?.unref();
  app.addHook('onReady', async () => {
    await jobs.start();
    // The VAPID keys exist from the first start (issue 21 §4), made by one instance, read by all.
    await push.publicKey();
    // Chapters that came due while no instance was running are released at once, not at the next tick.
    await publishing.publishDue();
    // Chapter files and app page copies once kept under public keys (decision 0004): a cache, dropped.
    await removeRetiredCopies(storage).catch((error: unknown) =>
      app.log.warn({ err: error }, 'could not remove the retired copies of chapter files and pages'),
    );
    if (metricsTimer) setImmediate(warmMetrics);
  });
  app.addHook('onClose', async () => {
    clearInterval(viewsTimer);
    clearInterval(metricsTimer);
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

  await app.register(authRoutes, { auth, passwordReset, registration: siteConfig, signUps, hasEarnings: payouts.hasEarnings });
  await app.register(twoFactorRoutes, { auth, twoFactor });
  await app.register(deviceKeysRoutes, { deviceKeys });
  await app.register(notificationRoutes, { notifications });
  await app.register(notificationSettingsRoutes, { freeAlerts, emailPreferences, push });
  await app.register(pushRoutes, { push });
  await app.register(siteConfigRoutes, {
    siteConfig,
    limiterHealth: () => deps.limiter.health(),
    jobsHealthy: () => jobs.isHealthy(),
    isDraining: () => draining,
  });
  await app.register(catalogueRoutes, { catalogue, caches, clock, secret: config.sessionSecret });
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
  await app.register(libraryRoutes, { library });
  // Issue 19 §2: the catalogue for reading apps, signed in with device keys.
  await app.register(opdsRoutes, { opds, deviceKeys });
  // Issue 19 §4: chapters as CBZ and EPUB files, the same bytes every time.
  await app.register(downloadsRoutes, { downloads, deviceKeys, auth });
  // Issue 19 §3: the catalogue again as OPDS 2.0, with Readium manifests and progressions.
  await app.register(opds2Routes, { opds2, deviceKeys });
  // Issue 19 §5: KOReader's progress sync, on the same one place per chapter.
  await app.register(koreaderRoutes, { koreader, deviceKeys });
  await app.register(commentsRoutes, { comments });
  await app.register(metricsRoutes, { metrics, caches });
  await app.register(adminUsersRoutes, { adminUsers });
  if (stripeEvents) await app.register(stripeWebhookRoutes, { stripeEvents });
  await app.register(auditRoutes, { audit });
  await app.register(seoRoutes, { seo });
  await app.register(feedsRoutes, { feeds });

  const pageMeta = createPageMetaRegistry();
  pageMeta.register(catalogueSeriesPageMeta(catalogue, config.publicUrl));
  pageMeta.register(announcementPageMeta(announcements, config.publicUrl));
  await app.register(webPlugin, {
    webDistDir: config.webDistDir,
    pageMeta: pageMeta.lookup,
    isInMaintenance: async () => (await siteConfig.current()).maintenance.enabled,
    caches: services.caches,
    onSharedPageServed: sharedPageViews(catalogue, clock, config.sessionSecret),
    readerPages: {
      seriesAccessClass: catalogue.accessClassOf,
      sessionOf: async (token) => {
        const found = await auth.resolveSession(token);
        return found ? toSessionUser(found.user) : null;
      },
    },
  });

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Starts a shutdown: health answers 503 and no job is taken; requests are still served until close(). */
    drain(): Promise<void>;
    /** The services, for the demo seed, tests and benchmarks. */
    services: AppServices;
  }
}

export type App = Awaited<ReturnType<typeof buildApp>>;
