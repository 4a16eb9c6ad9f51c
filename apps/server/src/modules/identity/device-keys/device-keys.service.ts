import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  AUTH_RATE_LIMIT,
  DEVICE_KEYS_MAX,
  FAILED_LOGIN_ACCOUNT_LIMIT,
  FAILED_LOGIN_LIMIT,
  type DeviceKeyCreate,
} from '@inkwell/contract';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { tooManyAttempts, type AttemptLimiter } from '../../../lib/attempt-limiter';
import type { Clock } from '../../../lib/clock';
import { viewerOf, VISITOR, type Viewer } from '../access';
import { memberEarlyAccess } from '../../money/subscriptions';
import { findAuthUser } from '../users';
import {
  deleteDeviceKey,
  findDeviceKeyByHash,
  insertDeviceKey,
  isAccountsAddress,
  listDeviceKeys,
  touchDeviceKey,
} from './device-keys.repository';
import { toDeviceKey } from './device-keys.presenter';

/** 24 random bytes (192 bits), base64url, after a prefix that says what it is. */
const KEY_PREFIX = 'iwk_';
const newKey = () => `${KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** Two hex digests of the same length compared in constant time. */
const sameDigest = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Who a device key signs in as: a reader's id and name (a key reads; it is never a session). */
export interface DeviceKeyReader {
  keyId: string;
  /** The key's name as the reader gave it ("Kobo"): page streaming's device (issue 39 §1). */
  keyName: string;
  userId: string;
  username: string;
}

/**
 * Wrong keys are limited as failed sign-ins are (issue 32, decision 0024), the same numbers: per
 * account (the name typed) and address, per address whatever the name (an app that reads a page a
 * second makes no failures, so only failures count here), and per account from every address
 * together, a ceiling that never stops the account's own places.
 */
const FAILURES_PER_ACCOUNT_AND_ADDRESS = FAILED_LOGIN_LIMIT;
const FAILURES_PER_ADDRESS = AUTH_RATE_LIMIT;
const FAILURES_PER_ACCOUNT = FAILED_LOGIN_ACCOUNT_LIMIT;

/**
 * Device keys (issue 19 §1): a reader makes one per app, sees it once, sees when and where each was
 * last used, and revokes it. The protocols (OPDS, KOReader sync, downloads) sign in with
 * `authenticate` (HTTP Basic: the username and the key) or `authenticateMd5` (KOReader: the
 * username and the key's MD5), which never accept the account's password. Past the limits on
 * wrong keys both throw `rate_limited` (429) before looking at the key.
 */
export function createDeviceKeysService({ db, clock, limiter }: { db: Database; clock: Clock; limiter: AttemptLimiter }) {
  /**
   * Refuses an attempt past the limits on wrong keys; answers how to take back its count if this
   * one turns out right. Each attempt is counted as a failure before its key is looked at (one
   * increment per count, then the decision on the count it made), so a burst of wrong keys sent at
   * once cannot all pass before the counts catch up; a right key, or a refused attempt, gives its
   * count back, so only wrong keys stay counted. A right key holds a count only while it is looked
   * up: an app would need more requests in flight at once than the limit to be refused for them.
   */
  async function admit(username: string, address: string) {
    const name = username.trim().toLowerCase();
    const fromHere = { key: `device-key-failures:name:${name}:ip:${address}`, limit: FAILURES_PER_ACCOUNT_AND_ADDRESS };
    const anyName = { key: `device-key-failures:ip:${address}`, limit: FAILURES_PER_ADDRESS };
    const fromAnywhere = { key: `device-key-failures:name:${name}`, limit: FAILURES_PER_ACCOUNT };
    const counts = [fromHere, anyName, fromAnywhere];
    const [here, fromAddress, anywhere] = await Promise.all(counts.map(({ key, limit }) => limiter.consume(key, limit)));
    const giveBack = async () => {
      await Promise.all(counts.map(({ key }) => limiter.giveBack(key)));
    };
    const refused =
      (!here!.allowed && here) ||
      (!fromAddress!.allowed && fromAddress) ||
      // Decision 0024: guesses from elsewhere never lock the owner out from their own places.
      (!anywhere!.allowed && !(await isAccountsAddress(db, name, address, clock.now())) && anywhere);
    if (refused) {
      await giveBack();
      throw tooManyAttempts(refused.retryAfterSeconds);
    }
    return giveBack;
  }

  /** The key's reader, or null (counted as a failure) for a wrong key, name or a banned reader. */
  async function signIn(
    kind: 'sha256' | 'md5',
    username: string,
    digest: string | null,
    address: string,
  ): Promise<DeviceKeyReader | null> {
    const giveBack = await admit(username, address);
    const row = digest
      ? await findDeviceKeyByHash(db, kind, digest).catch(async (error: unknown) => {
          // Not a wrong key: the database failed to say.
          await giveBack();
          throw error;
        })
      : undefined;
    // The row is found by its digest; both are compared again in constant time, and the username must match.
    const stored = row && (kind === 'sha256' ? row.keySha256 : row.keyMd5);
    if (
      !digest ||
      !row ||
      !stored ||
      !sameDigest(stored, digest) ||
      row.username.toLowerCase() !== username.trim().toLowerCase() ||
      row.isBanned
    )
      return null;
    await giveBack();
    await touchDeviceKey(db, row.id, clock.now(), address);
    return { keyId: row.id, keyName: row.name, userId: row.userId, username: row.username };
  }

  /** HTTP Basic on the protocols: the reader's username and a key of theirs; null for anything else. */
  function authenticate(username: string, key: string, address: string) {
    return signIn('sha256', username, key.startsWith(KEY_PREFIX) ? sha256(key) : null, address);
  }

  return {
    async list(userId: string) {
      return { items: (await listDeviceKeys(db, userId)).map(toDeviceKey), max: DEVICE_KEYS_MAX };
    },

    /** A new key, answered once with the key itself; only its digests are kept. */
    async create(userId: string, input: DeviceKeyCreate) {
      const key = newKey();
      const row = await insertDeviceKey(
        db,
        { userId, name: input.name, keySha256: sha256(key), keyMd5: md5(key), createdAt: clock.now() },
        DEVICE_KEYS_MAX,
      );
      if (!row) throw new AppError('conflict', 'apiErrors.identity.tooManyDeviceKeys', { values: { max: DEVICE_KEYS_MAX } });
      return { ...toDeviceKey(row), key };
    },

    async revoke(userId: string, id: string) {
      if (!(await deleteDeviceKey(db, userId, id))) throw new AppError('not_found', 'apiErrors.identity.deviceKeyNotFound');
    },

    authenticate,

    /** The viewer a key's reader is now (role, plan, memberships), for access to chapters; a banned reader is nobody. */
    async viewerFor(reader: DeviceKeyReader | null): Promise<Viewer> {
      if (!reader) return VISITOR;
      const now = clock.now();
      const [user, memberships] = await Promise.all([
        findAuthUser(db, reader.userId, now),
        memberEarlyAccess(db, reader.userId, now),
      ]);
      if (!user || user.isBanned) throw new AppError('unauthorized', 'apiErrors.identity.deviceKeyRevoked');
      // Reading apps see series marked Adult only for a reader who opted in (issue 36 §4), and a
      // member's scheduled chapters in their early window (issue 38 §1), as the site does.
      const earlyAccess = Object.fromEntries(memberships.map(({ seriesId, earlyAccessDays }) => [seriesId, earlyAccessDays]));
      return viewerOf({ id: user.id, role: user.role, isPremium: user.isPremium, showAdult: user.showAdult, earlyAccess });
    },

    /**
     * HTTP Basic from a request: null without an Authorization header, the key's reader with a
     * right one, a 401 with a wrong one (never the account's password).
     */
    async fromBasic(request: FastifyRequest): Promise<DeviceKeyReader | null> {
      const header = request.headers.authorization;
      if (!header) return null;
      const [scheme, encoded] = header.split(' ');
      const decoded = scheme?.toLowerCase() === 'basic' && encoded ? Buffer.from(encoded, 'base64').toString('utf8') : '';
      const colon = decoded.indexOf(':');
      // Without a name, a guess still counts against the address.
      const reader = await authenticate(colon > 0 ? decoded.slice(0, colon) : '', decoded.slice(colon + 1), request.ip);
      if (!reader) throw new AppError('unauthorized', 'apiErrors.identity.useDeviceKey');
      return reader;
    },

    /** KOReader sync: the username and the lowercase hex MD5 of a key of theirs. */
    authenticateMd5(username: string, keyMd5: string, address: string) {
      return signIn('md5', username, /^[0-9a-f]{32}$/.test(keyMd5) ? keyMd5 : null, address);
    },
  };
}
export type DeviceKeysService = ReturnType<typeof createDeviceKeysService>;
