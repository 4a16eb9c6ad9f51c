import type { Clock } from '../../../lib/clock';
import type { CacheRegistry } from '../../../lib/caches';

/** How long a request may trust what an earlier one read about its viewer. */
const VIEWER_CACHE_MS = 5_000;
const MAX_USERS = 20_000;

/** A reader's open chapters among a series': bought or rented, and the rentals' ends. */
export interface OpenChapters {
  unlocked: ReadonlySet<string>;
  rentedUntil: ReadonlyMap<string, Date>;
}

interface Entry<T> {
  value: T;
  expires: number;
}

/**
 * What a logged-in reader's requests read about them on every call: their session (with user,
 * coins, plan and their memberships' early-access days) and their unlocks per series. Kept a few
 * seconds per instance so a reader's series and chapter pages cost no database round trip (issue 8
 * §4's benchmark); anything that changes a user (a payment, an unlock, a refund, a membership, a
 * logout, a ban, a role) publishes an event that makes every instance forget them (declared in the
 * cache registry).
 */
export function createViewerCache(clock: Clock, caches: Pick<CacheRegistry, 'register'>) {
  const users = new Map<string, { sessions: Map<string, Entry<unknown>>; unlocks: Map<string, Entry<OpenChapters>> }>();
  const sessionOwners = new Map<string, string>();
  // A read that began before a user was forgotten must not be kept after it: each forget takes a
  // number, and a read is kept only if its user was not forgotten since the read's own number.
  let sequence = 0;
  let clearedAt = 0;
  const forgottenAt = new Map<string, number>();
  const isStale = (userId: string, readAt: number) => readAt < clearedAt || (forgottenAt.get(userId) ?? 0) > readAt;

  const forget = (userId: string) => {
    sequence += 1;
    if (forgottenAt.size >= MAX_USERS) {
      forgottenAt.clear();
      clearedAt = sequence;
    }
    forgottenAt.set(userId, sequence);
    const held = users.get(userId);
    if (!held) return;
    for (const key of held.sessions.keys()) sessionOwners.delete(key);
    users.delete(userId);
  };
  caches.register(
    {
      name: 'viewers',
      ttlMs: VIEWER_CACHE_MS,
      bound: MAX_USERS,
      clearedBy: {
        'user.changed': (event) => event.userId,
        'user.banned': (event) => event.userId,
        'user.role-changed': (event) => event.userId,
        'user.deleted': (event) => event.userId,
        'series-team.changed': (event) => event.userId,
      },
    },
    {
      forget,
      clear() {
        users.clear();
        sessionOwners.clear();
        forgottenAt.clear();
        clearedAt = ++sequence;
      },
    },
  );

  const slot = (userId: string) => {
    let held = users.get(userId);
    if (!held) {
      // A crude bound: past it, start over rather than grow without end.
      if (users.size >= MAX_USERS) {
        users.clear();
        sessionOwners.clear();
      }
      held = { sessions: new Map(), unlocks: new Map() };
      users.set(userId, held);
    }
    return held;
  };
  const fresh = <T>(entry: Entry<T> | undefined) => (entry && entry.expires > clock.now().getTime() ? entry.value : undefined);

  return {
    /** Taken before reading what will be kept: `keepSession` and `keepUnlocks` drop a read older than a forget. */
    readStarts: () => sequence,
    session<T>(tokenHash: string): T | undefined {
      const owner = sessionOwners.get(tokenHash);
      return owner ? (fresh(users.get(owner)?.sessions.get(tokenHash)) as T | undefined) : undefined;
    },
    keepSession(tokenHash: string, userId: string, value: unknown, readAt: number) {
      if (isStale(userId, readAt)) return;
      slot(userId).sessions.set(tokenHash, { value, expires: clock.now().getTime() + VIEWER_CACHE_MS });
      sessionOwners.set(tokenHash, userId);
    },
    unlocks(userId: string, seriesId: string): OpenChapters | undefined {
      return fresh(users.get(userId)?.unlocks.get(seriesId));
    },
    keepUnlocks(userId: string, seriesId: string, unlocked: OpenChapters, readAt: number) {
      if (isStale(userId, readAt)) return;
      slot(userId).unlocks.set(seriesId, { value: unlocked, expires: clock.now().getTime() + VIEWER_CACHE_MS });
    },
  };
}
export type ViewerCache = ReturnType<typeof createViewerCache>;
