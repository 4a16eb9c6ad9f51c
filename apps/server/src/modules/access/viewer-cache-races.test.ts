import { describe, expect, it } from 'vitest';
import type { ChangeBus } from '../../lib/change-bus';
import { createManualClock } from '../../lib/clock';
import { createViewerCache } from './viewer-cache';

/** This instance's bus alone: what it publishes reaches its own subscribers at once. */
function localBus(): ChangeBus {
  const handlers: ((userId: string) => void)[] = [];
  return {
    publish: (userId) => handlers.forEach((handler) => handler(userId)),
    subscribe: (handler) => void handlers.push(handler),
    publishTopic: () => {},
    subscribeTopic: () => {},
    ready: async () => {},
    close: async () => {},
  };
}

const open = (ids: string[]) => ({ unlocked: new Set(ids), rentedUntil: new Map<string, Date>() });

describe('the viewer cache and a read racing a change', () => {
  it('does not keep what was read before the user was forgotten (an unlock committed meanwhile)', () => {
    const cache = createViewerCache(createManualClock(new Date('2026-06-01T12:00:00Z')), localBus());
    const readAt = cache.readStarts();
    // The unlock commits and forgets the user while the older read is still on its way …
    cache.forgetUser('reader');
    // … which then arrives: kept, it would hide the unlock for seconds.
    cache.keepUnlocks('reader', 'series', open([]), readAt);
    cache.keepSession('token', 'reader', { coins: 500 }, readAt);
    expect(cache.unlocks('reader', 'series')).toBeUndefined();
    expect(cache.session('token')).toBeUndefined();

    // A read begun after the change is kept; another reader's forget does not spoil it.
    const later = cache.readStarts();
    cache.forgetUser('someone else');
    cache.keepUnlocks('reader', 'series', open(['chapter']), later);
    expect(cache.unlocks('reader', 'series')?.unlocked.has('chapter')).toBe(true);
  });
});
