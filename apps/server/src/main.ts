import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { createFirstAdmin } from './bootstrap';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { createLimiter } from './lib/limiter-factory';
import { loggerOptions } from './lib/logger';
import { seedDemoStore } from './demo/seed-store';
import { seedSiteSettings } from './demo/seed-site';
import { seedDemoAds } from './demo/seed-ads';
import { systemClock } from './lib/clock';
import { seedDemoContent } from './demo/seed-demo';

/** Reads config, opens and migrates the database, listens, and shuts down cleanly. */
async function main() {
  // The built SPA sits beside the server's build: apps/web/dist.
  const config = { ...loadConfig(), webDistDir: join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'web', 'dist') };

  const database = await openDatabase(config);
  await database.migrate();
  await createFirstAdmin(database.db, (text) => process.stdout.write(`${text}\n`));
  if (config.seedDemo) {
    await seedSiteSettings(database.db);
    await seedDemoStore(database.db);
    await seedDemoAds(database.db);
  }

  // Redis going away is said in the app's log once the app has one (issue 20 §1).
  let warn: (message: string, error?: unknown) => void = (message) => process.stderr.write(`${message}\n`);
  const limiter = createLimiter(config.redisUrl, { log: (message, error) => warn(message, error) });
  const app = await buildApp({
    config,
    database,
    limiter,
    logger: loggerOptions(config.logLevel),
  });
  warn = (message, error) => app.log.warn({ err: error }, message);

  if (config.seedDemo) {
    const started = Date.now();
    if (await seedDemoContent(database.db, app.services.storage, systemClock)) {
      app.log.info(`Demo content created in ${Date.now() - started} ms (SEED_DEMO=0 skips it)`);
    }
  }

  // A deploy (issue 20 §1): SIGTERM drains (health 503, no new jobs) for SHUTDOWN_DRAIN_SECONDS so
  // the balancer stops sending readers here, then closes: no new connections, requests in flight
  // finish, running jobs finish (each given up to 10 s), and the process exits 0.
  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info(`${signal} received: draining for ${config.shutdownDrainSeconds} s, then closing`);
    const force = setTimeout(
      () => {
        app.log.error('shutdown took too long: exiting');
        process.exit(1);
      },
      (config.shutdownDrainSeconds + 20) * 1000,
    );
    force.unref();
    try {
      await app.drain();
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainSeconds * 1000));
      await app.close();
      await limiter.close();
      await database.close();
      app.log.info('closed');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Inkwell is running at ${config.publicUrl} (database: ${database.kind})`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
