import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { ChangeBus } from './change-bus';

const userEvent = <T extends string>(type: T) => z.object({ type: z.literal(type), userId: z.string() });

/**
 * What the write commands tell the rest of the app, after their transaction commits (decision
 * 0033). Each is a fact about the data, not an order to a cache: the caches say in the registry
 * (lib/caches.ts) which facts make them stale.
 */
const domainEventSchema = z.discriminatedUnion('type', [
  /** A series' fields, cover, publication or deletion. */
  z.object({ type: z.literal('series.changed'), seriesId: z.string() }),
  /** Chapters came out: published now, or their scheduled time arrived (claimed once across instances). */
  z.object({ type: z.literal('chapter.released'), seriesId: z.string(), chapterIds: z.array(z.string()) }),
  /** A chapter's fields, pages or deletion. */
  z.object({ type: z.literal('chapter.changed'), seriesId: z.string(), chapterId: z.string() }),
  z.object({ type: z.literal('genres.changed') }),
  z.object({ type: z.literal('banners.changed') }),
  z.object({ type: z.literal('announcement.changed') }),
  /** What a reader's requests read about them: coins, plan, unlocks, sessions, password, two-factor, name, bio, avatar. */
  userEvent('user.changed'),
  userEvent('user.banned'),
  userEvent('user.role-changed'),
  /** A reader's library changed: a series followed or unfollowed, a place saved, merged or taken from an app (issue 40). */
  userEvent('library.changed'),
  /** An account was deleted (issue 36 §3): its sessions, device keys and pushes ended; every instance forgets it. */
  userEvent('user.deleted'),
  /**
   * A user's place on a series' team was given, changed or taken (issue 37 §3): their session's
   * `seriesRoles` and what the access guard lets them do change at once on every instance.
   */
  z.object({ type: z.literal('series-team.changed'), seriesId: z.string(), userId: z.string() }),
  z.object({ type: z.literal('site-config.changed') }),
  /** The nightly job wrote every series' "readers also read" anew (issue 39 §5). */
  z.object({ type: z.literal('also-read.computed') }),
]);

export type DomainEvent = z.infer<typeof domainEventSchema>;
export type DomainEventType = DomainEvent['type'];
export type DomainEventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

/** Every event type, in the union's order. */
export const DOMAIN_EVENT_TYPES: readonly DomainEventType[] = domainEventSchema.options.map((option) => option.shape.type.value);

/** What travels on the change bus: the event, and which process sent it (it heard it already). */
const envelopeSchema = z.object({ from: z.string(), event: domainEventSchema });

type Handler<T extends DomainEventType> = (event: DomainEventOf<T>) => void;

/**
 * One process's end of the domain events: `publish` delivers an event to this process's
 * subscribers at once and to every other instance's through the change bus (Redis and/or
 * PostgreSQL, lib/change-bus.ts); `subscribe` hears both.
 *
 * Publish after the change is committed: another instance that reloads on hearing it must read the
 * new values.
 */
export function createDomainEvents(bus: ChangeBus, options: { onError?: (error: unknown) => void } = {}) {
  const origin = randomUUID();
  const handlers = new Map<DomainEventType, ((event: DomainEvent) => void)[]>();
  const deliver = (event: DomainEvent) => {
    for (const handler of handlers.get(event.type) ?? []) {
      try {
        handler(event);
      } catch (error) {
        // One listener's failure neither stops the others nor fails the write that published.
        options.onError?.(error);
      }
    }
  };
  let isListening = false;
  const listen = () => {
    if (isListening) return;
    isListening = true;
    bus.listen((message) => {
      let parsed: ReturnType<typeof envelopeSchema.safeParse>;
      try {
        parsed = envelopeSchema.safeParse(JSON.parse(message));
      } catch {
        return;
      }
      // An unknown event (a newer instance's, during a deploy) or this process's own echo is skipped.
      if (parsed.success && parsed.data.from !== origin) deliver(parsed.data.event);
    });
  };

  return {
    publish(event: DomainEvent): void {
      deliver(event);
      bus.send(JSON.stringify({ from: origin, event }));
    },
    subscribe<T extends DomainEventType>(types: T | readonly T[], handler: Handler<T>): void {
      for (const type of typeof types === 'string' ? [types] : types) {
        handlers.set(type, [...(handlers.get(type) ?? []), handler as (event: DomainEvent) => void]);
      }
      listen();
    },
    /** How many handlers hear each type (the registry's test: no event goes unheard). */
    listenerCounts(): Record<DomainEventType, number> {
      return Object.fromEntries(DOMAIN_EVENT_TYPES.map((type) => [type, handlers.get(type)?.length ?? 0])) as Record<
        DomainEventType,
        number
      >;
    },
    /** Resolves once this process hears the others' events (an instance waits for it before it serves). */
    ready: () => bus.ready(),
  };
}
export type DomainEvents = ReturnType<typeof createDomainEvents>;
/** What a write command needs of the events: publishing only. */
export type EventPublisher = Pick<DomainEvents, 'publish'>;
