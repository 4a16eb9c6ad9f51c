import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
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
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { siteConfigRoutes } from './modules/site-config/site-config.routes';
import { authPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
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
}

/** Builds the whole API from its dependencies. It never listens: main.ts does, tests inject. */
export async function buildApp(deps: AppDeps) {
  const { config, db, limiter } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
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

  await app.register(errorsPlugin);
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
  const mediaDir = join(config.dataDir, 'media');
  mkdirSync(mediaDir, { recursive: true });
  await app.register(webPlugin, { webDistDir: config.webDistDir, mediaDir });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
