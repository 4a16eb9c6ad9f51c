import { join } from 'node:path';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import { JSON_BODY_MAX_BYTES } from '@inkwell/contract';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import type { AttemptLimiter } from './lib/attempt-limiter';
import { systemClock, type Clock } from './lib/clock';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createPasswordResetService } from './modules/auth/password-reset.service';
import { createMailer, type Mailer } from './modules/mail/mailer';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { createCatalogueService } from './modules/catalogue/catalogue.service';
import { teamCatalogueRoutes } from './modules/catalogue/team-catalogue.routes';
import { createTeamCatalogueService } from './modules/catalogue/team-catalogue.service';
import { createPageMeta, seoRoutes } from './modules/catalogue/seo';
import { createViewCounter } from './modules/catalogue/view-counter';
import { createAvifQueue } from './modules/media/avif-queue';
import { mediaRoutes } from './modules/media/media.routes';
import { createUrlSigner } from './modules/media/signed-urls';
import { createDiskStorage, createS3Storage, type MediaStorage } from './modules/media/storage';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { siteConfigRoutes } from './modules/site-config/site-config.routes';
import { authPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { inputGuardPlugin } from './plugins/input-guard';
import { openapiPlugin } from './plugins/openapi';
import { originCheckPlugin } from './plugins/origin-check';
import { securityPlugin } from './plugins/security';
import { webPlugin } from './plugins/web';

export interface AppDeps {
  config: Config;
  db: Database;
  limiter: AttemptLimiter;
  clock?: Clock;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** Where media bytes go; from the config when not given. */
  storage?: MediaStorage;
}

/** How often scheduled chapters are looked for (their series move up "latest"). */
const SCHEDULE_TICK_MS = 30_000;
/** How often counted views are written. */
const VIEWS_FLUSH_MS = 15_000;

export function createStorageFromConfig(config: Config): MediaStorage {
  if (config.mediaDriver === 's3' && config.s3) return createS3Storage(config.s3);
  return createDiskStorage(join(config.dataDir, 'media'));
}

/** Builds the whole API from its dependencies. It never listens: main.ts does, tests inject. */
export async function buildApp(deps: AppDeps) {
  const { config, db, limiter } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: config.trustProxy,
    // Issue 7 §4.7: the largest legitimate JSON body is a novel chapter; see the constant.
    bodyLimit: JSON_BODY_MAX_BYTES,
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

  const mailer = deps.mailer ?? createMailer({ db, logger: app.log, smtpUrl: config.smtpUrl, from: config.mailFrom });
  const auth = createAuthService({ db, clock, limiter });
  const passwordReset = createPasswordResetService({ db, clock, mailer, publicUrl: config.publicUrl });
  const isHttps = config.publicUrl.startsWith('https://');
  const storage = deps.storage ?? createStorageFromConfig(config);
  const signer = createUrlSigner(config.sessionSecret);
  const avif = createAvifQueue(storage, app.log, config.mediaAvif);
  const views = createViewCounter(db, clock, app.log);
  const catalogue = createCatalogueService({ db, clock, signer, views });
  const team = createTeamCatalogueService({ db, clock, storage, signer, avif, onChange: () => catalogue.invalidate() });
  app.decorate('catalogue', { service: catalogue, team, views, avif, storage });

  const timers = [
    setInterval(() => void views.flush(), VIEWS_FLUSH_MS),
    setInterval(() => void catalogue.publishDue().catch((error: unknown) => app.log.error({ err: error }, 'schedule tick failed')), SCHEDULE_TICK_MS),
  ];
  for (const timer of timers) timer.unref();
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
    await avif.idle();
    await views.flush();
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
  await app.register(openapiPlugin);

  await app.register(authRoutes, { auth, passwordReset });
  await app.register(notificationRoutes, { db });
  await app.register(siteConfigRoutes, { db });
  await app.register(catalogueRoutes, { catalogue });
  await app.register(teamCatalogueRoutes, { team });
  await app.register(mediaRoutes, { storage, signer, clock });
  await app.register(seoRoutes, { db, clock, publicUrl: config.publicUrl });
  await app.register(webPlugin, { webDistDir: config.webDistDir, pageMeta: createPageMeta(catalogue, config.publicUrl) });

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalogue's services, for the demo seed, tests and benchmarks. */
    catalogue: {
      service: ReturnType<typeof createCatalogueService>;
      team: ReturnType<typeof createTeamCatalogueService>;
      views: ReturnType<typeof createViewCounter>;
      avif: ReturnType<typeof createAvifQueue>;
      storage: MediaStorage;
    };
  }
}

export type App = Awaited<ReturnType<typeof buildApp>>;
