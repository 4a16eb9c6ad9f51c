import { describe, expect, it } from 'vitest';
import { createManualClock } from './clock';
import { createTtlCache } from './ttl-cache';

describe('the in-process cache', () => {
  it('shares one load among concurrent callers and loads again once the entry is old', async () => {
    const clock = createManualClock(new Date('2026-01-01T00:00:00Z'));
    const cache = createTtlCache<number>(clock, 1_000);
    let loads = 0;
    const load = async () => (loads += 1);
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
    clock.advance(1_001);
    expect(await cache.get('a', load)).toBe(2);
  });

  it('hands a loaded, fresh value over without a promise, and nothing while it loads, once old or cleared', async () => {
    const clock = createManualClock(new Date('2026-01-01T00:00:00Z'));
    const cache = createTtlCache<number>(clock, 1_000);
    const loading = cache.get('a', async () => 7);
    expect(cache.peek('a')).toBeUndefined();
    await loading;
    expect(cache.peek('a')).toBe(7);
    clock.advance(1_001);
    expect(cache.peek('a')).toBeUndefined();
    await cache.get('a', async () => 8);
    expect(cache.peek('a')).toBe(8);
    cache.clear();
    expect(cache.peek('a')).toBeUndefined();
  });

  it('keeps at most its bytes, dropping the oldest entries first', async () => {
    const clock = createManualClock(new Date('2026-01-01T00:00:00Z'));
    const cache = createTtlCache<string>(clock, 60_000, { maxBytes: 10, sizeOf: (value) => (value as string).length });
    await cache.get('a', async () => 'aaaa');
    await cache.get('b', async () => 'bbbb');
    expect(cache.stats()).toEqual({ entries: 2, bytes: 8 });
    await cache.get('c', async () => 'cccc');
    await Promise.resolve();
    expect(cache.stats()).toEqual({ entries: 2, bytes: 8 });
    // 'a' went; 'b' and 'c' are still served from the cache.
    let loads = 0;
    expect(await cache.get('b', async () => `${(loads += 1)}`)).toBe('bbbb');
    expect(await cache.get('a', async () => `${(loads += 1)}`)).toBe('1');
    // A value larger than the whole budget is served, then not kept.
    expect(await cache.get('big', async () => 'x'.repeat(20))).toHaveLength(20);
    await Promise.resolve();
    expect(cache.stats().bytes).toBeLessThanOrEqual(10);
  });

  it('keeps at most its entries, and forgets a failed load', async () => {
    const clock = createManualClock(new Date('2026-01-01T00:00:00Z'));
    const cache = createTtlCache<number>(clock, 60_000, 2);
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => 1);
    expect(cache.stats().entries).toBe(2);
    await expect(cache.get('d', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await Promise.resolve();
    expect(await cache.get('d', async () => 4)).toBe(4);
  });
});
