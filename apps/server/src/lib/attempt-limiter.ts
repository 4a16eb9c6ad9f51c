import type { Redis } from 'ioredis';
import { AppError } from './app-error';

interface Limit {
  max: number;
  windowMs: number;
}

interface LimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

/**
 * Counts attempts in fixed windows. In memory for one process, in Redis when several API
 * instances share the limits (DESIGN §1).
 */
export interface AttemptLimiter {
  /** Counts one attempt and says whether it is within the limit. */
  consume(key: string, limit: Limit): Promise<LimitResult>;
  /** Says whether the limit is already reached, without counting. */
  peek(key: string, limit: Limit): Promise<LimitResult>;
  /**
   * Takes back one attempt `consume` counted, within its window: for a check that counts an attempt
   * before deciding (so concurrent attempts cannot all pass the limit) and finds it should not count.
   */
  giveBack(key: string): Promise<void>;
  /** Where the counts are kept now: in this process only, or in Redis (up, or away and counted here meanwhile). */
  health(): Promise<'memory' | 'up' | 'down'>;
  close(): Promise<void>;
}

export function createMemoryLimiter(now: () => number = Date.now): AttemptLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const t = now();
    for (const [key, w] of windows) if (w.resetAt <= t) windows.delete(key);
  }, 60_000);
  sweep.unref();

  const read = (key: string) => {
    const w = windows.get(key);
    return w && w.resetAt > now() ? w : undefined;
  };
  const result = (count: number, resetAt: number, limit: Limit): LimitResult => ({
    allowed: count <= limit.max,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now()) / 1000)),
  });

  return {
    async consume(key, limit) {
      const w = read(key) ?? { count: 0, resetAt: now() + limit.windowMs };
      w.count += 1;
      windows.set(key, w);
      return result(w.count, w.resetAt, limit);
    },
    async peek(key, limit) {
      const w = read(key);
      // peek asks "would one more be refused": the limit is reached at max.
      if (!w) return { allowed: true, count: 0, retryAfterSeconds: 0 };
      return { ...result(w.count, w.resetAt, limit), allowed: w.count < limit.max };
    },
    async giveBack(key) {
      const w = read(key);
      if (w && w.count > 0) w.count -= 1;
    },
    async health() {
      return 'memory' as const;
    },
    async close() {
      clearInterval(sweep);
      windows.clear();
    },
  };
}

const GIVE_BACK = "local n = tonumber(redis.call('get', KEYS[1]) or '0') if n > 0 then redis.call('decr', KEYS[1]) end return n";

export function createRedisLimiter(redis: Redis, prefix: string): AttemptLimiter {
  const k = (key: string) => `${prefix}${key}`;
  const toResult = (count: number, ttlMs: number, allowed: boolean): LimitResult => ({
    allowed,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)),
  });
  return {
    async consume(key, limit) {
      const replies = await redis.multi().incr(k(key)).pexpire(k(key), limit.windowMs, 'NX').pttl(k(key)).exec();
      const count = Number(replies?.[0]?.[1] ?? 0);
      const ttl = Number(replies?.[2]?.[1] ?? limit.windowMs);
      return toResult(count, ttl, count <= limit.max);
    },
    async peek(key, limit) {
      const [count, ttl] = await Promise.all([redis.get(k(key)), redis.pttl(k(key))]);
      const n = Number(count ?? 0);
      return toResult(n, ttl > 0 ? ttl : 0, n < limit.max);
    },
    async giveBack(key) {
      // Only a count still in its window: a DECR of an expired key would start one at -1 that never expires.
      await redis.eval(GIVE_BACK, 1, k(key));
    },
    async health() {
      return redis.status === 'ready' ? ('up' as const) : ('down' as const);
    },
    async close() {
      // A connection that is not ready (still connecting, or Redis away) has nothing to finish, and
      // `quit` would be refused (no offline queue): it is dropped instead.
      if (redis.status !== 'ready') return redis.disconnect();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/**
 * Redis when it answers, this process's memory while it does not (issue 20 §1): signing in and
 * buying go on when Redis is away, each instance counting its own attempts meanwhile (said once in
 * the log), and the counts go back to Redis as soon as it is back, with no restart.
 */
export function createFallbackLimiter(
  redis: Redis,
  shared: AttemptLimiter,
  local: AttemptLimiter,
  log: (message: string, error?: unknown) => void,
): AttemptLimiter {
  let isAway = false;
  const away = (error?: unknown) => {
    if (!isAway) log('Redis cannot be reached: rate limits are counted in this process until it is back', error);
    isAway = true;
  };
  redis.on('ready', () => {
    if (isAway) log('Redis is back: rate limits are shared again');
    isAway = false;
  });
  const use = async <T>(call: (limiter: AttemptLimiter) => Promise<T>): Promise<T> => {
    if (redis.status !== 'ready') {
      away();
      return call(local);
    }
    try {
      return await call(shared);
    } catch (error) {
      away(error);
      return call(local);
    }
  };
  return {
    consume: (key, limit) => use((limiter) => limiter.consume(key, limit)),
    peek: (key, limit) => use((limiter) => limiter.peek(key, limit)),
    giveBack: (key) => use((limiter) => limiter.giveBack(key)),
    health: () => shared.health(),
    async close() {
      await Promise.all([shared.close(), local.close()]);
    },
  };
}

/** The answer to a caller past their limit: 429 with when to try again. */
export function tooManyAttempts(retryAfterSeconds: number): AppError {
  const headers = { 'retry-after': String(retryAfterSeconds) };
  if (retryAfterSeconds < 60) {
    return new AppError('rate_limited', 'apiErrors.tooManyAttemptsSeconds', { values: { seconds: retryAfterSeconds }, headers });
  }
  return new AppError('rate_limited', 'apiErrors.tooManyAttemptsMinutes', {
    values: { minutes: Math.ceil(retryAfterSeconds / 60) },
    headers,
  });
}
