import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryLimiter, createRedisLimiter, type AttemptLimiter } from './attempt-limiter';
import { createLimiter } from './limiter-factory';

const limit = { max: 3, windowMs: 60_000 };

function behavesAsALimiter(name: string, make: () => AttemptLimiter) {
  describe(name, () => {
    const limiter = make();
    afterAll(() => limiter.close());

    it('allows up to max, then refuses with a wait', async () => {
      const key = `k-${Math.random()}`;
      const results = [];
      for (let i = 0; i < 4; i += 1) results.push(await limiter.consume(key, limit));
      expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
      expect(results[3]?.retryAfterSeconds).toBeGreaterThan(0);
      expect(results[3]?.retryAfterSeconds).toBeLessThanOrEqual(60);
    });

    it('peek says whether one more would be refused, without counting', async () => {
      const key = `p-${Math.random()}`;
      expect((await limiter.peek(key, limit)).allowed).toBe(true);
      for (let i = 0; i < 3; i += 1) await limiter.consume(key, limit);
      expect((await limiter.peek(key, limit)).allowed).toBe(false);
      expect((await limiter.peek(key, limit)).count).toBe(3);
    });

    it('gives back a counted attempt within its window, never below nothing', async () => {
      const key = `g-${Math.random()}`;
      await limiter.giveBack(key);
      expect((await limiter.peek(key, limit)).count).toBe(0);
      for (let i = 0; i < 3; i += 1) await limiter.consume(key, limit);
      await limiter.giveBack(key);
      expect((await limiter.peek(key, limit)).count).toBe(2);
      expect((await limiter.consume(key, limit)).allowed).toBe(true);
      expect((await limiter.consume(key, limit)).allowed).toBe(false);
    });
  });
}

behavesAsALimiter('memory limiter', () => createMemoryLimiter());

describe('memory limiter window', () => {
  it('opens again when the window has passed', async () => {
    let now = 0;
    const limiter = createMemoryLimiter(() => now);
    for (let i = 0; i < 3; i += 1) await limiter.consume('x', limit);
    expect((await limiter.consume('x', limit)).allowed).toBe(false);
    now += limit.windowMs + 1;
    expect((await limiter.consume('x', limit)).allowed).toBe(true);
    await limiter.close();
  });
});

if (process.env.REDIS_URL) {
  behavesAsALimiter('redis limiter', () =>
    createRedisLimiter(new Redis(process.env.REDIS_URL as string), `inkwell:test:${Math.random()}:`),
  );
} else {
  describe.skip('redis limiter (set REDIS_URL to run)', () => {
    it('runs against Redis', () => {});
  });
}

describe('closing a Redis limiter', () => {
  it('closes at once while its connection is still being made or Redis is away', async () => {
    // Nothing listens on port 1: the connection never becomes ready, as at a test's very end.
    const limiter = createLimiter('redis://127.0.0.1:1', { isolated: true, log: () => {} });
    await expect(limiter.close()).resolves.toBeUndefined();
  });
});
