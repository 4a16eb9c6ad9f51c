import { Redis } from 'ioredis';
import pg from 'pg';
import { createInFlight } from './in-flight';

/** The one channel the domain events travel on (lib/domain-events.ts), as JSON. */
const CHANNEL = 'inkwell:events';

/**
 * Redis's channel for the processes on one database. PostgreSQL's notifications never leave their
 * database, but one Redis may serve several sites (or a site and its staging copy): each hears
 * only the changes of its own database. While a deploy changes it, PostgreSQL still carries every change.
 */
function redisChannelFor(postgresUrl: string | undefined): string {
  if (!postgresUrl) return CHANNEL;
  const url = new URL(postgresUrl);
  return `${CHANNEL}:${url.hostname}:${url.port || '5432'}${url.pathname}`;
}

/**
 * Carries messages (the domain events, lib/domain-events.ts) to every process on the same data.
 * A listener hears every message sent on its transport, its own process's included; in process
 * (PGlite) nothing travels, there being no one else to tell.
 *
 * Send after the change is committed: the bus sends on a connection of its own, never inside
 * the caller's transaction, so a notice sent earlier could make another instance reload the old
 * values.
 */
export interface ChangeBus {
  send(message: string): void;
  listen(handler: (message: string) => void): void;
  /** Resolves once this process hears the others' changes (an instance waits for it before it serves). */
  ready(): Promise<void>;
  /** Sends what is still on its way (a command publishes, then closes and exits), then lets go of the connections. */
  close(): Promise<void>;
}

/** Where the other processes listen: what the servers and `npm run user` both derive from the same config. */
export interface ChangeBusTarget {
  redisUrl?: string | undefined;
  /** The PostgreSQL database's URL; unset on PGlite. */
  postgresUrl?: string | undefined;
}

export type ChangeBusTransport = 'redis+postgres' | 'redis' | 'postgres' | 'process';

/**
 * Redis pub/sub when REDIS_URL is set, and PostgreSQL's LISTEN/NOTIFY beside it when the
 * database is PostgreSQL: every change goes out on both and is heard from either, so a Redis that
 * is away loses no change (issue 20 §1; hearing one twice only drops a cache twice). PostgreSQL
 * alone needs nothing more than the database. In process on PGlite: it is opened by one process
 * at a time, so there is no one else to tell.
 */
export function chooseChangeBusTransport(target: ChangeBusTarget): ChangeBusTransport {
  if (target.redisUrl && target.postgresUrl) return 'redis+postgres';
  if (target.redisUrl) return 'redis';
  if (target.postgresUrl) return 'postgres';
  return 'process';
}

/** The bus's target for a process on this database: the servers and `npm run user` both use it, so they meet on one transport. */
export function changeBusTarget(
  redisUrl: string | undefined,
  database: { kind: 'pglite' | 'postgres'; url?: string | undefined },
): ChangeBusTarget {
  return { redisUrl, postgresUrl: database.kind === 'postgres' ? database.url : undefined };
}

/** Carries messages between processes; `listen` resolves once it hears the channel. */
interface Transport {
  send(message: string): Promise<unknown>;
  listen(onMessage: (message: string) => void): Promise<void>;
  close(): Promise<void>;
}

export function createChangeBus(target: ChangeBusTarget, options: { onError?: (error: unknown) => void } = {}): ChangeBus {
  const onError = options.onError ?? (() => {});
  const handlers: ((message: string) => void)[] = [];
  const transport = openTransport(target);

  // Listening starts with the first subscriber: `npm run user` only publishes and opens no listener.
  let listening: Promise<void> | undefined;
  const listen = () => {
    if (!transport || listening) return;
    listening = transport.listen((message) => handlers.forEach((handler) => handler(message)));
    listening.catch(() => {}); // ready() reports it
  };
  // Sends under way, so that close() lets them finish; each reports its own failure to onError.
  const sending = createInFlight();
  const send = (message: string) => {
    if (!transport) return;
    void sending.track(transport.send(message).then(() => {}, onError));
  };

  return {
    send(message) {
      send(message);
    },
    listen(handler) {
      handlers.push(handler);
      listen();
    },
    async ready() {
      await listening;
    },
    async close() {
      await sending.settled();
      await transport?.close();
    },
  };
}

function openTransport(target: ChangeBusTarget): Transport | undefined {
  const transport = chooseChangeBusTransport(target);
  if (transport === 'redis+postgres' && target.redisUrl && target.postgresUrl) {
    return eitherTransport([
      redisTransport(target.redisUrl, redisChannelFor(target.postgresUrl)),
      postgresTransport(target.postgresUrl),
    ]);
  }
  if (transport === 'redis' && target.redisUrl) return redisTransport(target.redisUrl, CHANNEL);
  if (transport === 'postgres' && target.postgresUrl) return postgresTransport(target.postgresUrl);
  return undefined;
}

/**
 * Several transports as one: a message goes out on each (sent when one took it) and is heard from
 * any; listening is ready once one of them listens, the others join when they can.
 */
function eitherTransport(transports: Transport[]): Transport {
  return {
    async send(message) {
      const sent = await Promise.allSettled(transports.map((transport) => transport.send(message)));
      const failed = sent.filter((result) => result.status === 'rejected');
      if (failed.length === sent.length) throw (failed[0] as PromiseRejectedResult).reason;
    },
    async listen(onMessage) {
      const listening = transports.map((transport) => transport.listen(onMessage));
      for (const attempt of listening) attempt.catch(() => {});
      await Promise.any(listening);
    },
    async close() {
      await Promise.allSettled(transports.map((transport) => transport.close()));
    },
  };
}

function redisTransport(url: string, channel: string): Transport {
  // A message sent before the connection is up waits for it; while Redis is away it fails after one
  // reconnection attempt (the other transport, when there is one, carries it).
  const publisher = new Redis(url, { maxRetriesPerRequest: 1, retryStrategy: (attempt) => Math.min(attempt * 200, 2_000) });
  publisher.on('error', () => {});
  let subscriber: Redis | undefined;
  return {
    send: (message) => publisher.publish(channel, message),
    async listen(onMessage) {
      // The subscriber reconnects and subscribes again by itself when Redis comes back.
      subscriber = new Redis(url, { maxRetriesPerRequest: null });
      subscriber.on('error', () => {});
      subscriber.on('message', (_channel: string, message: string) => onMessage(message));
      await subscriber.subscribe(channel);
    },
    async close() {
      subscriber?.disconnect();
      publisher.disconnect();
    },
  };
}

/**
 * NOTIFY goes out on one small pooled connection; `listen` holds a connection of its own for good.
 * When that one is cut (PostgreSQL restarted, the connection killed or dropped) it connects and
 * LISTENs again by itself, waiting a little longer after each failure (up to 2 s), until closed.
 * What is published while it is cut is missed: caches keep what they hold a few seconds at most,
 * so that is how stale it can be.
 */
function postgresTransport(url: string): Transport {
  const notifier = new pg.Pool({ connectionString: url, max: 1, idleTimeoutMillis: 60_000, connectionTimeoutMillis: 5_000 });
  // A dropped idle connection is replaced by the next send; without a listener its error would end the process.
  notifier.on('error', () => {});
  let listener: pg.Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let isClosed = false;
  let failures = 0;

  const listenOnce = async (onMessage: (message: string) => void): Promise<void> => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, keepAlive: true });
    listener = client;
    let isGone = false;
    const listenAgain = () => {
      if (isGone) return;
      isGone = true;
      client.end().catch(() => {});
      if (isClosed) return;
      failures += 1;
      retry = setTimeout(() => void listenOnce(onMessage).catch(() => {}), Math.min(50 * 2 ** failures, 2_000));
    };
    client.on('error', listenAgain);
    client.on('end', listenAgain);
    client.on('notification', ({ payload }) => {
      if (payload !== undefined) onMessage(payload);
    });
    try {
      await client.connect();
      await client.query(`listen "${CHANNEL}"`);
      failures = 0;
    } catch (error) {
      listenAgain();
      throw error;
    }
  };

  return {
    send: (message) => notifier.query('select pg_notify($1, $2)', [CHANNEL, message]),
    listen: listenOnce,
    async close() {
      isClosed = true;
      clearTimeout(retry);
      await Promise.allSettled([listener?.end(), notifier.end()]);
    },
  };
}
