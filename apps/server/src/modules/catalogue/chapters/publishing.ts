import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import { claimDueChapters } from './chapters.repository';
import { refreshLastChapterAt } from './commands/chapter-rows';
import type { EventPublisher } from '../../../lib/domain-events';

export interface Release {
  id: string;
  seriesId: string;
  /** A released chapter's translation that can now be read (issue 35 §2): its edition's followers are told. */
  language?: string;
}

/**
 * DESIGN §5: publishing is one command. A chapter is claimed once (a conditional update of
 * `announced_at`), whether it was published now or its scheduled time arrived, so what follows a
 * release happens exactly once however many instances run. What must commit with the claim
 * (the notification fan-out's job) hangs on `inClaim`; what may follow it (the caches, waking the
 * fan-out's workers) hears 'chapter.released'.
 */
export function createPublishing(deps: {
  db: Database;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** Runs inside the claim's transaction: it happens once per release, or not at all if the claim rolls back. */
  inClaim?: (tx: Transaction, releases: Release[]) => Promise<void>;
  /** Each series' released chapters go out as 'chapter.released', once the claim commits. */
  events: EventPublisher;
}) {
  return {
    /** Claims and announces every chapter that is out and not yet announced; returns what it claimed. */
    async publishDue(): Promise<Release[]> {
      const now = deps.clock.now();
      const claimed = await deps.db.transaction(async (tx) => {
        const releases = await claimDueChapters(tx, now);
        await refreshLastChapterAt(
          tx,
          releases.map((release) => release.seriesId),
          now,
        );
        if (releases.length > 0) await deps.inClaim?.(tx, releases);
        return releases;
      });
      if (claimed.length > 0) {
        deps.logger.info({ chapters: claimed.length }, 'chapters released');
        const bySeries = new Map<string, string[]>();
        for (const { id, seriesId } of claimed) bySeries.set(seriesId, [...(bySeries.get(seriesId) ?? []), id]);
        for (const [seriesId, chapterIds] of bySeries) deps.events.publish({ type: 'chapter.released', seriesId, chapterIds });
      }
      return claimed;
    },

    /**
     * A released chapter can now be read in a translated edition (issue 35 §2): what follows a
     * release (the fan-out to that edition's followers) is queued in its own transaction. A chapter
     * not out yet is told at its release; a repeated call tells nobody twice.
     */
    async announceTranslation(release: Release & { language: string }): Promise<void> {
      await deps.db.transaction(async (tx) => deps.inClaim?.(tx, [release]));
    },
  };
}
export type Publishing = ReturnType<typeof createPublishing>;
