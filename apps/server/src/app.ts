import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import { IMAGE_MAX_BYTES, JSON_BODY_MAX_BYTES, UPLOAD_MAX_FILES } from '@inkwell/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps';
import { registerBackgroundWork } from './background-work';
import type { Config } from './config';
import { createOffsetClock, systemClock } from './lib/clock';
import { auditPlugin } from './modules/team/audit';
import { seriesTeamPlugin } from './modules/team/series-team';
import { removeRetiredCopies } from './modules/platform/media';
import { challengingAddressPlugin, plainAddress } from './modules/reading-apps/opds';
import { maintenancePlugin } from './modules/team/site-config';
import { authPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { inputGuardPlugin } from './plugins/input-guard';
import { openapiPlugin } from './plugins/openapi';
import { originCheckPlugin } from './plugins/origin-check';
import { securityPlugin } from './plugins/security';
import { uploadsPlugin } from './plugins/uploads';
import { registerRoutes } from './routes';
import { createServices, type AppServices } from './services';

export { type AppDeps } from './app-deps';

/** How often counted views are written (each instance writes its own; the marks make them add up once). */
const VIEWS_FLUSH_MS = 15_000;
/**
 * How often an instance prepares the dashboards' first answers: after it starts, and within this
 * long of a day closing, the closed days are ranked before an editor asks (metrics.service.ts).
 */
const METRICS_WARM_MS = 10 * 60_000;
/**
 * How long a start waits for that preparation before it takes requests (issue 40): on a large
 * catalogue it keeps PostgreSQL's cores busy for seconds, which the first readers' requests would
 * share. One that takes longer goes on behind the open doors.
 */
const METRICS_WARM_BEFORE_OPEN_MS = 10_000;

function createInstance(deps: AppDeps) {
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: deps.config.trustProxy,
    // Issue 7 §4.7: the largest legitimate JSON body is a novel chapter; see the constant.
    bodyLimit: JSON_BODY_MAX_BYTES,
    // A request that reaches a closing instance (on a kept-alive connection) is still answered, with
    // `Connection: close`, rather than refused: a deploy drops nothing (issue 20 §1).
    return503OnClosing: false,
    // The reading apps' catalogue addresses that always ask for a key stand for the plain ones (issue 39).
    rewriteUrl: (request) => plainAddress(request.url ?? '/'),
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
  return app;
}

/**
 * The instance's start and close: jobs, the views' writes, the dashboards' warm-up, and the drain
 * a deploy starts. Answers whether it is draining, for the health check.
 */
function registerLifecycle(app: FastifyInstance, deps: AppDeps, services: AppServices): () => boolean {
  const { jobs, views, metrics, push, publishing, storage, changeBus } = services;
  registerBackgroundWork(jobs, { ...services, logger: app.log });

  // A deploy (main.ts on SIGTERM): the health check turns 503 so the balancer looks elsewhere, and
  // this instance takes no more jobs while it finishes what it holds.
  let draining = false;
  app.decorate('drain', async () => {
    draining = true;
    // A running import goes back to the queue at its next item, for another instance to finish.
    services.imports.pause();
    await jobs.stopWorking();
  });

  const viewsTimer = setInterval(() => void views.flush(), VIEWS_FLUSH_MS);
  viewsTimer.unref();
  // The dashboards' closed days ranked before an editor asks; not where scheduled work is off (tests).
  const warmMetrics = () =>
    metrics.warm().catch((error: unknown) => app.log.warn({ err: error }, 'could not prepare the dashboards’ metrics'));
  const metricsTimer = deps.jobs?.runSchedules === false ? undefined : setInterval(() => void warmMetrics(), METRICS_WARM_MS);
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
    if (metricsTimer) await within(warmMetrics(), METRICS_WARM_BEFORE_OPEN_MS);
  });
  app.addHook('onClose', async () => {
    clearInterval(viewsTimer);
    clearInterval(metricsTimer);
    await jobs.stop();
    await views.flush();
    if (!deps.changeBus) await changeBus.close();
  });
  return () => draining;
}

/** Waits for `work`, or `ms` at most (the work goes on). */
function within(work: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise((resolve) => (timer = setTimeout(resolve, ms)));
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

/** The plugins every route runs behind, in the order a request meets them. */
async function registerPlugins(app: FastifyInstance, config: Config, services: AppServices) {
  const isHttps = config.publicUrl.startsWith('https://');
  await app.register(errorsPlugin, { languages: services.languages });
  await app.register(inputGuardPlugin);
  await app.register(securityPlugin, { connectOrigins: config.webOrigins, isHttps });
  if (config.webOrigins.length > 0) {
    await app.register(cors, { origin: config.webOrigins, credentials: true });
  }
  await app.register(originCheckPlugin, { publicUrl: config.publicUrl, webOrigins: config.webOrigins });
  await app.register(cookie);
  await app.register(authPlugin, { auth: services.auth, secureCookies: isHttps });
  await app.register(challengingAddressPlugin, { deviceKeys: services.deviceKeys, publicUrl: config.publicUrl });
  // Once the session is known: in maintenance, only the team's calls and the shell's few go through.
  await app.register(maintenancePlugin, { siteConfig: services.siteConfig });
  await app.register(uploadsPlugin, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: UPLOAD_MAX_FILES, fields: 20, parts: UPLOAD_MAX_FILES + 20 },
  });
  await app.register(openapiPlugin);
}

/** Builds the whole API from its dependencies. It never listens: main.ts does, tests inject. */
export async function buildApp(deps: AppDeps) {
  const { config } = deps;
  // TEST_CLOCK: a clock the browser journeys may move (plugins/test-clock.ts); never in production.
  const testClock = !deps.clock && config.testClock ? createOffsetClock() : null;
  const clock = deps.clock ?? testClock ?? systemClock;
  const app = createInstance(deps);
  const services = createServices(app, deps, clock);
  app.decorate('services', services);
  // Filled by the routes given as a reader's own read (lib/endpoint.ts); the page renderer answers with them.
  app.decorate('ownReads', new Map());
  const isDraining = registerLifecycle(app, deps, services);
  await registerPlugins(app, config, services);
  // Before the routes: a series' team in the access guard, and its chapter rules (issue 37 §3).
  await app.register(seriesTeamPlugin, {
    db: deps.database.db,
    clock,
    chapterOf: (id: string) => services.chapters.getChapter(id),
  });
  // Before the routes: it records every team and admin mutation after its answer.
  await app.register(auditPlugin, { db: deps.database.db });
  await registerRoutes(app, services, {
    config,
    clock,
    testClock,
    health: {
      limiterHealth: () => deps.limiter.health(),
      jobsHealthy: () => services.jobs.isHealthy(),
      isDraining,
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
