import type { Clock } from './clock';

/**
 * A small in-process cache for hot public reads. Entries live `ttlMs`; `clear()` drops all of
 * them when the team changes the catalogue. With several server processes, each keeps its own
 * and a change shows everywhere within `ttlMs`.
 */
export function createTtlCache<T>(clock: Clock, ttlMs: number, maxEntries = 500) {
  const entries = new Map<string, { value: Promise<T>; expires: number }>();
  return {
    /** The cached value, or the loader's, shared by concurrent callers. A failed load is not kept. */
    get(key: string, load: () => Promise<T>): Promise<T> {
      const now = clock.now().getTime();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value;
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      const value = load();
      const entry = { value, expires: now + ttlMs };
      entries.set(key, entry);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
