import type { Clock } from './clock';
import type { DomainEventOf, DomainEvents, DomainEventType } from './domain-events';
import { createTtlCache, type TtlCache, type TtlCacheLimits } from './ttl-cache';

/**
 * Which events make a cache stale: all of it ('all'), or one scope of its keys, named by the event
 * (a user's id: the keys equal to it or starting with it and `|`).
 */
export type CacheClearing = { [T in DomainEventType]?: 'all' | ((event: DomainEventOf<T>) => string) };

export interface CacheDeclaration {
  /** Unique in the app: what the bench and the registry's test call it. */
  name: string;
  /** How long an entry is trusted at most, when no event clears it first (a scheduled chapter coming out, say). */
  ttlMs: number;
  /** At most this many entries, or these limits (entries and bytes). */
  bound: number | TtlCacheLimits;
  clearedBy: CacheClearing;
}

/** What the registry clears: a TtlCache, or a cache of its own kind (the viewer cache). */
export interface ClearableCache {
  clear(): void;
  forget(scope: string): void;
}

/**
 * The app's one list of caches (decision 0033): each is declared once, with its bound, its TTL and
 * the domain events that clear it, and the registry subscribes it to those events, which reach
 * every instance. A service asks the registry for its caches rather than making them itself.
 */
export function createCacheRegistry(clock: Clock, events: Pick<DomainEvents, 'subscribe'>) {
  const declared = new Map<string, CacheDeclaration>();

  function register(declaration: CacheDeclaration, cache: ClearableCache): void {
    if (declared.has(declaration.name)) throw new Error(`The cache ${declaration.name} is declared twice`);
    declared.set(declaration.name, declaration);
    for (const [type, clearing] of Object.entries(declaration.clearedBy) as [DomainEventType, CacheClearing[DomainEventType]][]) {
      events.subscribe(type, (event) => {
        if (clearing === 'all') cache.clear();
        else if (clearing) cache.forget((clearing as (event: unknown) => string)(event));
      });
    }
  }

  return {
    /** A TtlCache bound, timed and cleared as declared. */
    declare<T>(declaration: CacheDeclaration): TtlCache<T> {
      const cache = createTtlCache<T>(clock, declaration.ttlMs, declaration.bound);
      register(declaration, cache);
      return cache;
    },
    /** A cache of its own kind, cleared as declared. */
    register,
    /** Every declared cache, with the events that clear it. */
    list: () =>
      [...declared.values()].map(({ name, ttlMs, bound, clearedBy }) => ({
        name,
        ttlMs,
        bound,
        clearedBy: Object.keys(clearedBy) as DomainEventType[],
      })),
  };
}
export type CacheRegistry = ReturnType<typeof createCacheRegistry>;

/** The events after which no kept read of series and their chapters (their genres' names included) is trusted. */
export const SERIES_EVENTS = ['series.changed', 'chapter.released', 'chapter.changed', 'genres.changed'] as const;
/** The same, and the banners: everything the catalogue's pages show. */
export const CATALOGUE_EVENTS = [...SERIES_EVENTS, 'banners.changed'] as const;

/** Clears a whole cache on each of these events. */
export const clearedOnAll = (types: readonly DomainEventType[]): CacheClearing =>
  Object.fromEntries(types.map((type) => [type, 'all'])) as CacheClearing;
