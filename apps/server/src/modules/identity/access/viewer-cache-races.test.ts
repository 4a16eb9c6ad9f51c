import { describe, expect, it } from 'vitest';
import { createCacheRegistry } from '../../../lib/caches';
import { createChangeBus } from '../../../lib/change-bus';
import { createManualClock } from '../../../lib/clock';
import { createDomainEvents } from '../../../lib/domain-events';
import { createViewerCache } from './viewer-cache';

const clock = createManualClock(new Date('2026-06-01T12:00:00Z'));
/** This process's events alone (as on PGlite): what is published reaches its own subscribers at once. */
const events = createDomainEvents(createChangeBus({}));
const forgetUser = (userId: string) => events.publish({ type: 'user.changed', userId });

const open = (ids: string[]) => ({ unlocked: new Set(ids), rentedUntil: new Map<string, Date>() });

describe('the viewer cache and a read racing a change', () => {
  it('does not keep what was read before the user was forgotten (an unlock committed meanwhile)', () => {
    const cache = createViewerCache(clock, createCacheRegistry(clock, events));
    const readAt = cache.readStarts();
    // The unlock commits and forgets the user while the older read is still on its way …
    forgetUser('reader');
    // … which then arrives: kept, it would hide the unlock for seconds.
    cache.keepUnlocks('reader', 'series', open([]), readAt);
    cache.keepSession('token', 'reader', { coins: 500 }, readAt);
    expect(cache.unlocks('reader', 'series')).toBeUndefined();
    expect(cache.session('token')).toBeUndefined();

    // A read begun after the change is kept; another reader's forget does not spoil it.
    const later = cache.readStarts();
    forgetUser('someone else');
    cache.keepUnlocks('reader', 'series', open(['chapter']), later);
    expect(cache.unlocks('reader', 'series')?.unlocked.has('chapter')).toBe(true);
  });
});
