import { join } from 'node:path';
import type { AreaBase } from '../app-deps';
import type { Config } from '../config';
import { createCacheRegistry } from '../lib/caches';
import { changeBusTarget, createChangeBus } from '../lib/change-bus';
import { createDomainEvents } from '../lib/domain-events';
import { createJobs } from '../modules/platform/jobs';
import { createMailer } from '../modules/platform/mail';
import {
  createDiskStorage,
  createImageStore,
  createS3Storage,
  createUrlSigner,
  type MediaStorage,
} from '../modules/platform/media';
import { createPushService } from '../modules/platform/push';
import { createSeoService } from '../modules/platform/seo';

function createStorageFromConfig(config: Config): MediaStorage {
  if (config.mediaDriver === 's3' && config.s3) return createS3Storage(config.s3);
  return createDiskStorage(join(config.dataDir, 'media'));
}

/**
 * Platform (modules/platform/CONTEXT.md): jobs, mail, the events every write tells every instance and
 * the caches that hear them, media, web push, and what search engines read.
 */
export function createPlatformServices({ app, deps, config, db, clock, languages }: AreaBase) {
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
  const storage = deps.storage ?? createStorageFromConfig(config);
  const signer = createUrlSigner(config.sessionSecret);
  const images = createImageStore(storage, jobs, { avif: config.mediaAvif });
  const push = createPushService({
    db,
    clock,
    logger: app.log,
    subject: `mailto:${/<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom}`,
    allowPrivateEndpoints: config.pushAllowPrivateEndpoints,
    languages,
  });
  const seo = createSeoService({ db, clock, publicUrl: config.publicUrl });
  return {
    jobs,
    mailer,
    /** What carries the events between instances (closed with the app unless it was given). */
    changeBus,
    /** What the writes tell every instance (tests hear what they publish). */
    events,
    /** Every cache of the app, with the events that clear it. */
    caches,
    storage,
    signer,
    images,
    push,
    seo,
  };
}
export type PlatformServices = ReturnType<typeof createPlatformServices>;
