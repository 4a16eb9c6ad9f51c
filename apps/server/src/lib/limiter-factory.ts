import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { createFallbackLimiter, createMemoryLimiter, createRedisLimiter, type AttemptLimiter } from './attempt-limiter';

/**
 * In Redis when REDIS_URL is set (shared by every API instance), falling back to memory while Redis
 * is away; in memory otherwise.
 */
export function createLimiter(
  redisUrl: string | undefined,
  options: { isolated?: boolean; log?: (message: string, error?: unknown) => void } = {},
): AttemptLimiter {
  if (!redisUrl) return createMemoryLimiter();
  // Commands fail at once while disconnected (no offline queue), so a request never waits on a
  // Redis that is away; ioredis keeps reconnecting in the background.
  const redis = new Redis(redisUrl, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // Without a listener ioredis prints every failed reconnection; the fallback says it once.
  redis.on('error', () => {});
  // Tests run many apps against one Redis: each gets its own key space.
  const prefix = options.isolated ? `inkwell:test:${randomBytes(6).toString('hex')}:` : 'inkwell:limit:';
  const log = options.log ?? ((message: string) => process.stderr.write(`${message}\n`));
  return createFallbackLimiter(redis, createRedisLimiter(redis, prefix), createMemoryLimiter(), log);
}
