import type { Clock } from './clock';

export interface TtlCacheLimits {
  /** At most this many entries; the oldest goes first. */
  maxEntries?: number;
  /**
   * At most this many bytes of values, as `sizeOf` weighs them once loaded: a bound on memory
   * whatever the values' size (a page of a 2,000-chapter series weighs a hundred small ones).
   */
  maxBytes?: number;
  sizeOf?: (value: unknown) => number;
}

/**
 * A small in-process cache for hot public reads. Entries live `ttlMs`; `clear()` drops all of
 * them, `forget(scope)` those of one scope. Declare one in the registry (lib/caches.ts), which
 * clears it on the domain events that make it stale, on every instance.
 */
export function createTtlCache<T>(clock: Clock, ttlMs: number, limits: number | TtlCacheLimits = 500) {
  const { maxEntries = 500, maxBytes = Infinity, sizeOf } = typeof limits === 'number' ? { maxEntries: limits } : limits;
  /** `loaded` holds the value once its promise settled, for `peek`. */
  type Entry = { value: Promise<T>; expires: number; bytes: number; loaded?: { value: T } };
  const entries = new Map<string, Entry>();
  let bytes = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
  };
  /** Oldest first (a Map keeps insertion order), until both bounds hold. */
  const evict = (room: number) => {
    for (const key of entries.keys()) {
      if (entries.size < maxEntries + room && bytes <= maxBytes) return;
      remove(key);
    }
  };

  return {
    /** The cached value, or the loader's, shared by concurrent callers. A failed load is not kept. */
    get(key: string, load: () => Promise<T>): Promise<T> {
      const now = clock.now().getTime();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value;
      remove(key);
      evict(0);
      const value = load();
      const entry: Entry = { value, expires: now + ttlMs, bytes: 0 };
      entries.set(key, entry);
      value.then(
        (loaded) => {
          if (entries.get(key) !== entry) return;
          entry.loaded = { value: loaded };
          if (!sizeOf) return;
          entry.bytes = sizeOf(loaded);
          bytes += entry.bytes;
          evict(1);
        },
        () => {
          if (entries.get(key) === entry) remove(key);
        },
      );
      return value;
    },
    /**
     * The value kept for a key, when it is loaded and fresh; undefined otherwise (then `get`). A hot
     * path reads a kept value without a promise and a turn of the event loop on every request.
     */
    peek(key: string): T | undefined {
      const hit = entries.get(key);
      return hit?.loaded && hit.expires > clock.now().getTime() ? hit.loaded.value : undefined;
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
    /** Drops the entry of this key and those whose key starts with it and `|` (a user's, say). */
    forget(scope: string) {
      for (const key of [...entries.keys()]) if (key === scope || key.startsWith(`${scope}|`)) remove(key);
    },
    /** What the cache holds now (for tests and the bench). */
    stats: () => ({ entries: entries.size, bytes }),
  };
}
export type TtlCache<T> = ReturnType<typeof createTtlCache<T>>;
