import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../../db/client';

/** The queues and what each job carries. A job holds references (keys, ids), never big payloads. */
export interface JobData {
  /** Encode the AVIF twin of a stored WebP (issue 3, decision 0004). */
  'media.avif': { key: string };
  /** Scheduled chapters whose time came: claim and announce them (DESIGN §5 publishing). */
  'chapters.publish-due': Record<string, never>;
  /** Send one e-mail through the mailer. */
  'mail.send': { to: string; subject: string; text: string };
  /** Look an address up and, for a real account, mail it a reset link (after the answer: issue 7 §4.9). */
  'auth.reset-link': { email: string };
  /** Forget view marks older than the dedup window. */
  'metrics.prune-view-marks': Record<string, never>;
  /** The built-in test checkout's billing: lapsed periods renew as if paid, cancelled ones end. */
  'store.test-billing': Record<string, never>;
  /** A verified Stripe event, taken in by the webhook: re-read its object from Stripe and apply it (decision 0010). */
  'store.stripe-event': { eventId: string; type: string; objectId: string };
}
export type JobName = keyof JobData;

export interface JobWorker<N extends JobName> {
  /** Jobs of this queue one instance works on at once (image work is memory-heavy: keep it at 1). */
  concurrency?: number;
  handler: (data: JobData[N]) => Promise<void>;
}

export interface Jobs {
  send<N extends JobName>(name: N, data: JobData[N], options?: { singletonKey?: string; startAfterSeconds?: number }): Promise<void>;
  /** Registers the worker of a queue; workers start polling at start(). */
  work<N extends JobName>(name: N, worker: JobWorker<N>): void;
  /** A recurring job: pg-boss keeps one schedule for all instances, so it runs once per tick whatever their number. */
  schedule(name: JobName, cron: string): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves when no job is queued or running (tests, demo seeding). */
  drain(timeoutMs?: number): Promise<void>;
}

const QUEUES: JobName[] = [
  'media.avif',
  'chapters.publish-due',
  'mail.send',
  'auth.reset-link',
  'metrics.prune-view-marks',
  'store.test-billing',
  'store.stripe-event',
];

/**
 * Durable background work through pg-boss (decision 0006) on the app's own database: PostgreSQL
 * through pg-boss's own pool, PGlite through its "bring your own database" executeSql hook.
 */
export function createJobs(
  database: Pick<DatabaseHandle, 'kind' | 'executeSql'> & { url?: string },
  logger: FastifyBaseLogger,
  options: { pollingIntervalSeconds?: number; runWorkers?: boolean } = {},
): Jobs {
  const boss = new PgBoss({
    schema: 'pgboss',
    ...(database.kind === 'postgres' && database.url
      ? { connectionString: database.url, max: 3 }
      : { db: { executeSql: (text: string, values: unknown[]) => database.executeSql(text, values) } }),
    // Keep finished jobs a day, then let maintenance drop them.
    deleteAfterDays: 1,
    archiveCompletedAfterSeconds: 3600,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  const workers = new Map<JobName, JobWorker<JobName>>();
  const schedules = new Map<JobName, string>();
  const running = new Set<Promise<unknown>>();
  let started = false;
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;

  return {
    async send(name, data, sendOptions = {}) {
      await boss.send(name, data as object, {
        retryLimit: 3,
        retryDelay: 5,
        retryBackoff: true,
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
      });
    },
    work(name, worker) {
      workers.set(name, worker as JobWorker<JobName>);
    },
    schedule(name, cron) {
      schedules.set(name, cron);
    },
    async start() {
      await boss.start();
      for (const name of QUEUES) {
        if (!(await boss.getQueue(name))) await boss.createQueue(name);
      }
      for (const [name, cron] of schedules) await boss.schedule(name, cron);
      if (options.runWorkers !== false) {
        for (const [name, worker] of workers) {
          for (let i = 0; i < (worker.concurrency ?? 1); i += 1) {
            await boss.work(name, { batchSize: 1, pollingIntervalSeconds }, async ([job]) => {
              if (!job) return;
              const work = worker.handler(job.data as JobData[JobName]);
              running.add(work);
              try {
                await work;
              } finally {
                running.delete(work);
              }
            });
          }
        }
      }
      started = true;
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
    async drain(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        let waiting = running.size;
        for (const name of workers.keys()) waiting += await boss.getQueueSize(name, { before: 'completed' });
        if (waiting === 0) return;
        if (Date.now() > deadline) throw new Error(`jobs still pending after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}
