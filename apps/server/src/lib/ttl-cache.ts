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
  /**
   * How long past its TTL a loaded entry is still answered while one load replaces it. The TTL of
   * a kept read bounds only what the clock alone changes (a view count, a scheduled chapter out):
   * every write clears what it touches through an event, and a cleared entry is gone, never served
   * stale. Without it, every reader asking while an old entry reloads waits for the reload (a page
   * drawn again every two seconds held each of its readers up to tens of milliseconds).
   */
  staleMs?: number;
}

/**
 * A small in-process cache for hot public reads. Entries live `ttlMs`; `clear()` drops all of
 * them, `forget(scope)` those of one scope. Declare one in the registry (lib/caches.ts), which
 * clears it on the domain events that make it stale, on every instance.
 */
export function createTtlCache<T>(clock: Clock, ttlMs: number, limits: number | TtlCacheLimits = 500) {
  const {
    maxEntries = 500,
    maxBytes = Infinity,
    sizeOf,
    staleMs = 0,
  } = typeof limits === 'number' ? { maxEntries: limits } : limits;
  /** `loaded` holds the value once its promise settled, for `peek`; `isReloading` while one load replaces it. */
  type Entry = { value: Promise<T>; expires: number; bytes: number; loaded?: { value: T }; isReloading?: boolean };
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

  /** Loads a key's value and keeps it as a new entry (in place of `replacing`, when that is still there). */
  const loadInto = (key: string, load: () => Promise<T>, now: number, replacing?: Entry): Promise<T> => {
    const value = load();
    const entry: Entry = { value, expires: now + ttlMs, bytes: 0 };
    if (!replacing) entries.set(key, entry);
    value.then(
      (loaded) => {
        if (replacing) {
          // Cleared, or replaced, while it loaded: an event came after the load began, so it is not kept.
          if (entries.get(key) !== replacing) return;
          remove(key);
          entries.set(key, entry);
        } else if (entries.get(key) !== entry) return;
        entry.loaded = { value: loaded };
        if (!sizeOf) return;
        entry.bytes = sizeOf(loaded);
        bytes += entry.bytes;
        evict(1);
      },
      () => {
        if (replacing) replacing.isReloading = false;
        else if (entries.get(key) === entry) remove(key);
      },
    );
    return value;
  };

  return {
    /**
     * The cached value, or the loader's, shared by concurrent callers. A failed load is not kept.
     * Within `staleMs` past its TTL, a loaded entry is answered at once while one load replaces it.
     */
    get(key: string, load: () => Promise<T>): Promise<T> {
      const now = clock.now().getTime();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value;
      if (hit?.loaded && hit.expires + staleMs > now) {
        if (!hit.isReloading) {
          hit.isReloading = true;
          // Its failure is the old entry's to outlive: the next asker past the window loads and sees it.
          loadInto(key, load, now, hit).catch(() => {});
        }
        return hit.value;
      }
      remove(key);
      evict(0);
      return loadInto(key, load, now);
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
