import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database, DatabaseHandle } from '../../../db/client';
import { createInFlight } from '../../../lib/in-flight';
import { transactionExecutor } from './in-transaction';

/** The queues and what each job carries. A job holds references (keys, ids), never big payloads. */
export interface JobData {
  /** Encode the AVIF twin of a stored WebP (issue 3, decision 0004). */
  'media.avif': { key: string };
  /** Scheduled chapters whose time came: claim and announce them (DESIGN §5 publishing). */
  'chapters.publish-due': Record<string, never>;
  /** Send one e-mail through the mailer (headers: List-Unsubscribe on notification mail). */
  'mail.send': { to: string; subject: string; text: string; headers?: Record<string, string> };
  /** Look an address up and, for a real account, mail it a reset link (after the answer: issue 7 §4.9). */
  'auth.reset-link': { email: string };
  /** A sign-up's mail: the link that finishes it, or "you already have an account" (issue 20 §4). */
  'auth.registration-mail': { pendingId: string };
  /** A change of e-mail address: the link to the new address, or "it already has an account" (issue 36 §2). */
  'auth.email-change-mail': { changeId: string };
  /** Forget view marks older than the dedup window, and the shared top lists ranked days ago (a schedule). */
  'metrics.prune-view-marks': Record<string, never>;
  /** Closed days not rolled up yet: write their figures to metrics_days, then rank the presets' top lists (a schedule). */
  'metrics.roll-up': Record<string, never>;
  /**
   * A released chapter: notify its series' followers once, and mail those who asked (issue 9 §2).
   * A big series is split into `parts` jobs (followers by a byte of their id), so workers share it.
   */
  'notifications.fan-out': { chapterId: string; part?: number; parts?: number; language?: string };
  /** One reader's push (issue 21 §4): the bell's notice to each of their browsers, or held in quiet hours. */
  'push.send': {
    userId: string;
    title: string;
    body: string;
    link: string | null;
    /** The language it is written in, and what names it in a summary of held pushes (issue 35 §1). */
    locale?: string | null;
    summary?: string | null;
  };
  /** Pushes held in quiet hours that have ended: each reader's go out as one (a schedule). */
  'push.release-held': Record<string, never>;
  /** Early-access chapters that turned free: notify the readers who asked (a schedule). */
  'notifications.free-alerts': Record<string, never>;
  /** The daily e-mail digest of new chapters, for readers whose last one is a day old (a schedule). */
  'notifications.daily-digest': Record<string, never>;
  /** Ended months not closed yet: fix their fee and share their subscription revenue among payees (a schedule). */
  'payouts.close-month': Record<string, never>;
  /** A payee's month to send (issue 38 §2): one transfer under its idempotency key, then sent or failed. */
  'payouts.send-transfer': { statementId: string };
  /** The built-in test checkout's billing: lapsed periods renew as if paid, cancelled ones end. */
  'store.test-billing': Record<string, never>;
  /** A verified Stripe event, taken in by the webhook: re-read its object from Stripe and apply it (decision 0010). */
  'store.stripe-event': { eventId: string; type: string; objectId: string };
  /** An uploaded import (issue 37 §1): read the file kept in media storage and write its series and chapters. */
  'imports.run': { importId: string };
  /** Uploaded imports whose instance died mid-run: queue them again (a schedule). */
  'imports.recover-stalled': Record<string, never>;
  /** Every series' "readers also read", computed anew from the readers' progress (issue 39 §5, a nightly schedule). */
  'recommendations.also-read': Record<string, never>;
}
type JobName = keyof JobData;

interface JobWorker<N extends JobName> {
  /** Jobs of this queue one instance works on at once (image work is memory-heavy: keep it at 1). */
  concurrency?: number;
  /**
   * Jobs fetched per poll (default 1). A worker waits a polling interval between fetches, so a queue
   * that fills by the thousand (mail) takes several at once; each is still handled, completed or
   * failed (and retried) on its own.
   */
  batchSize?: number;
  handler: (data: JobData[N]) => Promise<void>;
}

interface SendOptions {
  singletonKey?: string;
  startAfterSeconds?: number;
  /** How long it may run before it is taken for lost (a long job: an import); the queue's default otherwise. */
  expireInSeconds?: number;
  /** Queue the job inside this transaction: it exists only if the transaction commits (and is not seen before). */
  tx?: Database;
}

export interface Jobs {
  send<N extends JobName>(name: N, data: JobData[N], options?: SendOptions): Promise<void>;
  /** Many jobs of one queue in one statement (optionally inside a transaction, as for send). */
  sendMany<N extends JobName>(name: N, items: JobData[N][], options?: Pick<SendOptions, 'tx'>): Promise<void>;
  /** Registers the worker of a queue; workers start polling at start(). */
  work<N extends JobName>(name: N, worker: JobWorker<N>): void;
  /** This instance's workers of a queue look for work now instead of at their next poll (after queueing something urgent). */
  wake(name: JobName): void;
  /** A recurring job: pg-boss keeps one schedule for all instances, so it runs once per tick whatever their number. */
  schedule(name: JobName, cron: string): void;
  start(): Promise<void>;
  /** Takes no more jobs (a deploy's drain); those running finish, and sending still works until stop(). */
  stopWorking(): Promise<void>;
  stop(): Promise<void>;
  /** Whether this instance's queue is running and reaches its tables (the health check). */
  isHealthy(): Promise<boolean>;
  /** Resolves when no job is being queued, queued or running (tests, demo seeding). */
  drain(timeoutMs?: number): Promise<void>;
}

const QUEUES: JobName[] = [
  'media.avif',
  'chapters.publish-due',
  'mail.send',
  'auth.reset-link',
  'auth.registration-mail',
  'auth.email-change-mail',
  'metrics.prune-view-marks',
  'metrics.roll-up',
  'notifications.fan-out',
  'notifications.free-alerts',
  'push.send',
  'push.release-held',
  'notifications.daily-digest',
  'payouts.close-month',
  'payouts.send-transfer',
  'store.test-billing',
  'store.stripe-event',
  'imports.run',
  'imports.recover-stalled',
  'recommendations.also-read',
];

const RETRY = { retryLimit: 3, retryDelay: 5, retryBackoff: true };
/** How long the health check waits for the queue's tables. */
const HEALTH_TIMEOUT_MS = 2_000;
const SEND_MANY_BATCH = 2000;

/**
 * Durable background work through pg-boss (decision 0006) on the app's own database: PostgreSQL
 * through pg-boss's own pool, PGlite through its "bring your own database" executeSql hook.
 */
export function createJobs(
  database: Pick<DatabaseHandle, 'kind' | 'executeSql'> & { url?: string },
  logger: FastifyBaseLogger,
  options: {
    pollingIntervalSeconds?: number;
    runWorkers?: boolean;
    runSchedules?: boolean;
    /** A job running longer is taken for lost (its instance died) and retried; checked every `maintenanceSeconds`. */
    expireSeconds?: number;
    maintenanceSeconds?: number;
  } = {},
): Jobs {
  const boss = new PgBoss({
    schema: 'pgboss',
    ...(database.kind === 'postgres' && database.url
      ? { connectionString: database.url, max: 3 }
      : { db: { executeSql: (text: string, values: unknown[]) => database.executeSql(text, values) } }),
    // Keep finished jobs a day, then let maintenance drop them.
    deleteAfterDays: 1,
    archiveCompletedAfterSeconds: 3600,
    // pg-boss's defaults (15 min, every 2 min) would leave a dead instance's jobs, a release's
    // notices among them, waiting a quarter of an hour.
    expireInSeconds: options.expireSeconds ?? 300,
    maintenanceIntervalSeconds: options.maintenanceSeconds ?? 60,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  const workers = new Map<JobName, JobWorker<JobName>>();
  const workerIds = new Map<JobName, string[]>();
  const schedules = new Map<JobName, string>();
  const running = createInFlight();
  // Jobs being handed to the queue: a send started before drain() is not in the table yet, and a
  // drain that counted without it would return before the job ran (a reset link is sent this way,
  // after the answer).
  const sending = createInFlight();
  let started = false;
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;

  return {
    async send(name, data, sendOptions = {}) {
      await sending.track(
        boss.send(name, data as object, {
          ...RETRY,
          ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
          ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
          ...(sendOptions.expireInSeconds ? { expireInSeconds: sendOptions.expireInSeconds } : {}),
          ...(sendOptions.tx ? { db: transactionExecutor(sendOptions.tx) } : {}),
        }),
      );
    },
    async sendMany(name, items, sendOptions = {}) {
      // pg-boss inserts a batch as one JSON parameter; a few thousand per statement keeps it small.
      for (let i = 0; i < items.length; i += SEND_MANY_BATCH) {
        const batch = items.slice(i, i + SEND_MANY_BATCH).map((data) => ({ name, data, ...RETRY }));
        await sending.track(boss.insert(batch, sendOptions.tx ? { db: transactionExecutor(sendOptions.tx) } : {}));
      }
    },
    work(name, worker) {
      workers.set(name, worker as JobWorker<JobName>);
    },
    wake(name) {
      for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
    },
    schedule(name, cron) {
      schedules.set(name, cron);
    },
    async start() {
      await boss.start();
      for (const name of QUEUES) {
        if (!(await boss.getQueue(name))) await boss.createQueue(name);
      }
      if (options.runSchedules !== false) for (const [name, cron] of schedules) await boss.schedule(name, cron);
      if (options.runWorkers !== false) {
        for (const [name, worker] of workers) {
          for (let i = 0; i < (worker.concurrency ?? 1); i += 1) {
            const id = await boss.work(name, { batchSize: worker.batchSize ?? 1, pollingIntervalSeconds }, async (batch) => {
              for (const job of batch) {
                try {
                  await running.track(worker.handler(job.data as JobData[JobName]));
                } catch (error) {
                  // One job alone fails through pg-boss; in a batch, only this one fails (the rest complete together).
                  if (batch.length === 1) throw error;
                  await boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
                }
              }
            });
            workerIds.set(name, [...(workerIds.get(name) ?? []), id]);
          }
        }
      }
      started = true;
    },
    async stopWorking() {
      if (!started) return;
      await Promise.all([...workers.keys()].map((name) => boss.offWork(name)));
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
    async isHealthy() {
      if (!started) return false;
      const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), HEALTH_TIMEOUT_MS).unref());
      const check = boss.getQueue('mail.send').then(
        () => true,
        () => false,
      );
      return Promise.race([check, timeout]);
    },
    async drain(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        await sending.settled();
        // One count over every queue, in one snapshot: counted queue by queue, a job could finish
        // (queueing its follow-up on a queue already counted) between two counts and go unseen.
        const queued = await boss
          .getDb()
          .executeSql(`select count(*)::int as count from pgboss.job where name = any($1) and state < 'completed'`, [
            [...workers.keys()],
          ]);
        const waiting = running.size() + Number((queued.rows[0] as { count: number } | undefined)?.count ?? 0);
        if (waiting === 0) return;
        if (Date.now() > deadline) throw new Error(`jobs still pending after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}
