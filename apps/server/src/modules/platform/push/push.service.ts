import type { PushQuietHours, PushSubscriptionInput } from '@inkwell/contract';
import type { FastifyBaseLogger } from 'fastify';
import webPush from 'web-push';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { translatorFor, type ReaderLanguages } from '../../../lib/i18n';
import {
  canonicalEndpoint,
  checkPushEndpoint,
  isRefusedEndpoint,
  postToPushService,
  refusedEndpoint,
  resolveWithDns,
  UnresolvedHostError,
  type EndpointRules,
  type ResolveHost,
} from './push-endpoint';
import {
  claimSubscription,
  deleteSubscription,
  deleteSubscriptionById,
  ensureVapidKeys,
  findQuietHours,
  holdPush,
  readersWithHeldPushes,
  setQuietHours,
  subscriptionsOf,
  takeHeldPushes,
  type QuietHoursRow,
} from './push.repository';

/** What a push shows: the same words as the bell's notice, and where a tap leads. */
export interface PushMessage {
  title: string;
  body: string;
  link: string | null;
  /** The language it is written in (the reader's: issue 35 §1), for a summary of several held ones. */
  locale?: string | null;
  /** What names it in such a summary (its series' title). */
  summary?: string | null;
}

export interface PushDeps {
  db: Database;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** The contact the push services see in our VAPID token (`mailto:` or `https:`). */
  subject: string;
  /** Loopback and private push endpoints, and http://, for tests with a push service of their own. */
  allowPrivateEndpoints: boolean;
  /** The site's default language: a summary of held pushes written in none is in it (issue 35 §1). */
  languages: Pick<ReaderLanguages, 'siteDefault'>;
  /** How push services' names are resolved (DNS unless a test gives a table). */
  resolveHost?: ResolveHost;
}

/** What the browser is sent of a push: its words and link. */
const shown = ({ title, body, link }: PushMessage): PushMessage => ({ title, body, link });

/** How long a push service keeps a notice for a device that is off (a day: a release is news for about that long). */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

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

/** What sending a push takes: the database, the log, our VAPID contact and keys, and the endpoint rules. */
interface SenderDeps {
  db: Database;
  logger: FastifyBaseLogger;
  subject: string;
  rules: EndpointRules;
  vapidKeys(): Promise<{ publicKey: string; privateKey: string }>;
}

/** Sends one message to every browser of a reader; forgets the subscriptions their push service no longer knows. */
async function sendToReader(
  { db, logger, subject, rules, vapidKeys }: SenderDeps,
  userId: string,
  message: PushMessage,
): Promise<number> {
  const subscriptions = await subscriptionsOf(db, userId);
  if (subscriptions.length === 0) return 0;
  const { publicKey, privateKey } = await vapidKeys();
  const payload = JSON.stringify(message);
  let delivered = 0;
  for (const subscription of subscriptions) {
    try {
      await checkPushEndpoint(subscription.endpoint, rules);
      if (canonicalEndpoint(subscription.endpoint) !== subscription.endpoint) {
        // Saved under another spelling before endpoints were saved by one: the push resource it names
        // may be another account's. A browser's own endpoint is already in that spelling.
        logger.warn('a push subscription was dropped: its endpoint was not saved in its one spelling');
        await deleteSubscriptionById(db, subscription.id);
        continue;
      }
      const request = webPush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        payload,
        {
          vapidDetails: { subject, publicKey, privateKey },
          TTL: PUSH_TTL_SECONDS,
          contentEncoding: 'aes128gcm',
          urgency: 'normal',
        },
      );
      const status = await postToPushService(
        {
          endpoint: request.endpoint,
          method: request.method,
          headers: request.headers as Record<string, string | number>,
          body: request.body as Buffer | null,
        },
        rules,
      );
      if (status === 404 || status === 410) {
        await deleteSubscriptionById(db, subscription.id);
      } else if (status >= 200 && status < 300) {
        delivered += 1;
      } else {
        logger.warn({ status }, 'a push service refused a notice');
      }
    } catch (error) {
      if (isRefusedEndpoint(error)) {
        // Not a push service on the public internet (any more): never connected to, and forgotten.
        logger.warn({ reason: error.message }, 'a push subscription was dropped: its endpoint is not public');
        await deleteSubscriptionById(db, subscription.id);
        continue;
      }
      // One browser's push service failing does not hold back the others (and a retry would repeat theirs).
      logger.warn({ err: error }, 'a push could not be sent');
    }
  }
  return delivered;
}

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

  const rules: EndpointRules = {
    allowPrivate: deps.allowPrivateEndpoints,
    resolveHost: deps.resolveHost ?? resolveWithDns,
  };
  const sender: SenderDeps = { db, logger, subject: deps.subject, rules, vapidKeys };

  return {
    async publicKey(): Promise<string> {
      return (await vapidKeys()).publicKey;
    },

    /**
     * Saves a browser's subscription for a reader. An endpoint belongs to the first account that
     * saved it until that account removes it: another account sending the same one gets 409 and
     * changes nothing (else anyone who learnt an endpoint could take a reader's pushes, or hand them
     * their own). A browser that changes hands gets a new endpoint by subscribing afresh. The
     * endpoint is saved and compared in its one spelling, so another spelling of it is the same one.
     */
    async subscribe(userId: string, input: PushSubscriptionInput): Promise<void> {
      let endpoint: string;
      try {
        endpoint = canonicalEndpoint(input.endpoint);
      } catch {
        throw refusedEndpoint('apiErrors.platform.pushNotUrl');
      }
      try {
        await checkPushEndpoint(endpoint, rules);
      } catch (error) {
        if (error instanceof UnresolvedHostError)
          throw refusedEndpoint('apiErrors.platform.pushHostUnknown', { host: error.hostname });
        throw error;
      }
      const point = Buffer.from(input.keys.p256dh, 'base64url');
      if (point[0] !== 0x04) {
        throw new AppError('validation_failed', 'apiErrors.platform.browserKeyInvalid', {
          fields: { 'keys.p256dh': 'apiErrors.platform.browserKeyField' },
        });
      }
      const values = { endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth };
      if (!(await claimSubscription(db, userId, values))) {
        throw new AppError('conflict', 'apiErrors.platform.browserTaken', {
          fields: { endpoint: 'apiErrors.platform.endpointTaken' },
        });
      }
    },

    async unsubscribe(userId: string, endpoint: string): Promise<boolean> {
      let saved = endpoint;
      try {
        saved = canonicalEndpoint(endpoint);
      } catch {
        // Not a URL: nothing was saved under it either.
      }
      return deleteSubscription(db, userId, saved);
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
      await sendToReader(sender, userId, shown(message));
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
        // Written in the language of the latest held push (the reader's when it was queued).
        const t = translatorFor(held.at(-1)!.locale ?? (await deps.languages.siteDefault()));
        const message: PushMessage =
          held.length === 1
            ? { title: held[0]!.title, body: held[0]!.body, link: held[0]!.link }
            : {
                title: t('push.held.title', { count: held.length }),
                // Each held push by its series' title; one queued before pushes carried it, by its whole title (no English cut off).
                body: held.map((notice) => notice.summary ?? notice.title).join(' · '),
                link: '/profile/notifications',
              };
        if ((await sendToReader(sender, userId, message)) > 0) sent += 1;
      }
      return sent;
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;
