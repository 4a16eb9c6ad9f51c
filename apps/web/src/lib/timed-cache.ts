/**
 * Values kept in localStorage as `{ data, timestamp }` (SPEC §3: profileData, userMembership).
 * A corrupt entry is removed and reads as missing, so the caller fetches again.
 */
export interface CacheEntry<T> {
  data: T;
  timestamp: number;
}

export function readTimedCache<T>(key: string): CacheEntry<T> | undefined {
  // On the server (a page being rendered) there is no reader's storage, and none shared by all of them may be used.
  if (typeof window === 'undefined') return undefined;
  let raw: string | null;
  try {
    raw = localStorage.getItem(key);
  } catch {
    return undefined;
  }
  if (raw === null) return undefined;
  try {
    const entry = JSON.parse(raw) as Partial<CacheEntry<T>> | null;
    if (!entry || typeof entry !== 'object' || typeof entry.timestamp !== 'number' || !('data' in entry)) {
      throw new Error('corrupt cache entry');
    }
    return entry as CacheEntry<T>;
  } catch {
    try {
      localStorage.removeItem(key);
    } catch {
      // No storage: nothing to remove.
    }
    return undefined;
  }
}

export function isFresh(entry: CacheEntry<unknown> | undefined, maxAgeMs: number, now = Date.now()): boolean {
  return entry !== undefined && now - entry.timestamp < maxAgeMs;
}

export function writeTimedCache<T>(key: string, data: T, now = Date.now()): void {
  if (typeof window === 'undefined') return;
  try {
    localStorage.setItem(key, JSON.stringify({ data, timestamp: now } satisfies CacheEntry<T>));
  } catch {
    // Storage full or disabled: the cache is only an optimisation.
  }
}

export function clearTimedCache(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // ignore
  }
}
