import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { createMemoryLimiter, createRedisLimiter, type AttemptLimiter } from './attempt-limiter';

/** In Redis when REDIS_URL is set (shared by every API instance), in memory otherwise. */
export function createLimiter(redisUrl: string | undefined, options: { isolated?: boolean } = {}): AttemptLimiter {
  if (!redisUrl) return createMemoryLimiter();
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false });
  // Tests run many apps against one Redis: each gets its own key space.
  const prefix = options.isolated ? `inkwell:test:${randomBytes(6).toString('hex')}:` : 'inkwell:limit:';
  return createRedisLimiter(redis, prefix);
}
