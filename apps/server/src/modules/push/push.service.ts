import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { PushQuietHours, PushSubscriptionInput } from '@inkwell/contract';
import type { FastifyBaseLogger } from 'fastify';
import webPush from 'web-push';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import {
  deleteSubscription,
  deleteSubscriptionById,
  ensureVapidKeys,
  findQuietHours,
  holdPush,
  readersWithHeldPushes,
  setQuietHours,
  subscriptionsOf,
  takeHeldPushes,
  upsertSubscription,
  type QuietHoursRow,
} from './push.repository';

/** What a push shows: the same words as the bell's notice, and where a tap leads. */
export interface PushMessage {
  title: string;
  body: string;
  link: string | null;
}

export interface PushDeps {
  db: Database;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** The contact the push services see in our VAPID token (`mailto:` or `https:`). */
  subject: string;
  /** Loopback and private push endpoints, and http://, for tests with a push service of their own. */
  allowPrivateEndpoints: boolean;
}

/** How long a push service keeps a notice for a device that is off (a day: a release is news for about that long). */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

/** Addresses a push service is never at: loopback, private networks, link-local, and the like. */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['::ffff:0:0', 96],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  return family === 0 || PRIVATE.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** Minutes since midnight now, in a time zone. */
function minuteOfDay(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return value('hour') * 60 + value('minute');
}

/** Whether `now` falls in the quiet hours (which may run across midnight). */
export function isQuiet(hours: QuietHoursRow | undefined, now: Date): boolean {
  if (!hours) return false;
  const minute = minuteOfDay(now, hours.timeZone);
  return hours.startMinute < hours.endMinute
    ? minute >= hours.startMinute && minute < hours.endMinute
    : minute >= hours.startMinute || minute < hours.endMinute;
}

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const toTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * Issue 21 §4: Web Push. Subscriptions come from the bell's settings, one per browser; a release's
 * fan-out queues a `push.send` job per follower who allowed it, which sends the bell's notice to each
 * of their browsers (encrypted with aes128gcm and signed with our VAPID key), or holds it while their
 * quiet hours last; `releaseHeld` sends what was held as one push when they end. A push service that
 * answers 404 or 410 has forgotten the subscription: we forget it too.
 */
export function createPushService(deps: PushDeps) {
  const { db, clock, logger } = deps;
  let keys: Promise<{ publicKey: string; privateKey: string }> | undefined;
  const vapidKeys = () => {
    keys ??= ensureVapidKeys(db, webPush.generateVAPIDKeys()).catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return keys;
  };

  /** A push service's address: https on a public host in production; anything on loopback when tests allow it. */
  async function assertPushEndpoint(endpoint: string, resolve: boolean): Promise<void> {
    const url = new URL(endpoint);
    if (deps.allowPrivateEndpoints) {
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalidEndpoint();
      return;
    }
    if (url.protocol !== 'https:' || url.username || url.password) throw invalidEndpoint();
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) {
      throw invalidEndpoint();
    }
    if (isIP(host)) {
      if (isPrivateAddress(host)) throw invalidEndpoint();
      return;
    }
    if (resolve) {
      // At send time the name is resolved: a public name pointed at a private address is refused.
      const addresses = await lookup(host, { all: true });
      if (addresses.length === 0 || addresses.some(({ address }) => isPrivateAddress(address))) throw invalidEndpoint();
    }
  }
  const invalidEndpoint = () =>
    new AppError('validation_failed', 'This is not a push service address', {
      fields: { endpoint: 'The endpoint must be an https:// address of a push service' },
    });

  /** Sends one message to every browser of a reader; forgets the subscriptions their push service no longer knows. */
  async function sendToReader(userId: string, message: PushMessage): Promise<number> {
    const subscriptions = await subscriptionsOf(db, userId);
    if (subscriptions.length === 0) return 0;
    const { publicKey, privateKey } = await vapidKeys();
    const payload = JSON.stringify(message);
    let delivered = 0;
    for (const subscription of subscriptions) {
      try {
        await assertPushEndpoint(subscription.endpoint, true);
        const request = webPush.generateRequestDetails(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          payload,
          {
            vapidDetails: { subject: deps.subject, publicKey, privateKey },
            TTL: PUSH_TTL_SECONDS,
            contentEncoding: 'aes128gcm',
            urgency: 'normal',
          },
        );
        const answer = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body as Buffer,
          redirect: 'error',
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        await answer.arrayBuffer();
        if (answer.status === 404 || answer.status === 410) {
          await deleteSubscriptionById(db, subscription.id);
        } else if (answer.ok) {
          delivered += 1;
        } else {
          logger.warn({ status: answer.status }, 'a push service refused a notice');
        }
      } catch (error) {
        // One browser's push service failing does not hold back the others (and a retry would repeat theirs).
        logger.warn({ err: error }, 'a push could not be sent');
      }
    }
    return delivered;
  }

  return {
    async publicKey(): Promise<string> {
      return (await vapidKeys()).publicKey;
    },

    async subscribe(userId: string, input: PushSubscriptionInput): Promise<void> {
      await assertPushEndpoint(input.endpoint, false);
      const point = Buffer.from(input.keys.p256dh, 'base64url');
      if (point[0] !== 0x04) {
        throw new AppError('validation_failed', 'The browser key is not an uncompressed P-256 point', {
          fields: { 'keys.p256dh': 'keys.p256dh must be an uncompressed P-256 public key' },
        });
      }
      await upsertSubscription(db, userId, { endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth });
    },

    async unsubscribe(userId: string, endpoint: string): Promise<boolean> {
      return deleteSubscription(db, userId, endpoint);
    },

    async quietHours(userId: string): Promise<PushQuietHours> {
      const row = await findQuietHours(db, userId);
      return row ? { start: toTime(row.startMinute), end: toTime(row.endMinute), timeZone: row.timeZone } : null;
    },

    async setQuietHours(userId: string, hours: PushQuietHours): Promise<void> {
      await setQuietHours(
        db,
        userId,
        hours ? { startMinute: toMinutes(hours.start), endMinute: toMinutes(hours.end), timeZone: hours.timeZone } : null,
      );
    },

    /** The `push.send` job: now, or held until the reader's quiet hours end. */
    async deliver(userId: string, message: PushMessage): Promise<void> {
      if (isQuiet(await findQuietHours(db, userId), clock.now())) {
        await holdPush(db, userId, message);
        return;
      }
      await sendToReader(userId, message);
    },

    /** The schedule: for each reader whose quiet hours are over, what was held goes out as one push. */
    async releaseHeld(): Promise<number> {
      const now = clock.now();
      const readers = await readersWithHeldPushes(db);
      const due = readers.filter(
        (reader) =>
          reader.startMinute === undefined ||
          reader.startMinute === null ||
          !isQuiet({ startMinute: reader.startMinute, endMinute: reader.endMinute!, timeZone: reader.timeZone! }, now),
      );
      let sent = 0;
      for (const { userId } of due) {
        const held = await takeHeldPushes(db, [userId]);
        if (held.length === 0) continue;
        const message: PushMessage =
          held.length === 1
            ? { title: held[0]!.title, body: held[0]!.body, link: held[0]!.link }
            : {
                title: `${held.length} new chapters while you were away`,
                body: held.map((notice) => notice.title.replace(/^New chapter of /, '')).join(' · '),
                link: '/profile/notifications',
              };
        if ((await sendToReader(userId, message)) > 0) sent += 1;
      }
      return sent;
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;
