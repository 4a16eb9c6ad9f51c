import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import type { AttemptLimiter } from './lib/attempt-limiter';
import type { ChangeBus } from './lib/change-bus';
import type { Clock } from './lib/clock';
import type { ReaderLanguages } from './lib/i18n';
import type { Mailer } from './modules/platform/mail';
import type { MediaStorage } from './modules/platform/media';
import type { PaymentProvider } from './modules/money/payments';

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

/** What every area's services are built from (services.ts makes it once from the app's dependencies). */
export interface AreaBase {
  deps: AppDeps;
  config: Config;
  db: Database;
  /** The team's and admin's reports read on a pool of their own (db/client.ts). */
  reportsDb: Database;
  clock: Clock;
  limiter: AttemptLimiter;
  /** The language the server writes to a reader in: theirs, a request's, or the site's default (issue 35 §1). */
  languages: ReaderLanguages;
  /** Its log, and its start and close hooks. */
  app: FastifyInstance;
}
