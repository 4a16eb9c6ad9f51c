import type { AccountSession } from '@inkwell/contract';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { EventPublisher } from '../../../lib/domain-events';
import { SESSION_IDLE_MS } from './auth.constants';
import { deleteOtherSessions, deleteOwnSession, listLiveSessions } from './account-sessions.repository';
import { describeUserAgent } from '../../../lib/user-agent';

/**
 * Where a reader is signed in (issue 36 §2): their live sessions, described by their user agents,
 * and ending them. A session ended here stops working at once on every instance: the viewer cache
 * that keeps sessions a few seconds hears 'user.changed' on each of them (decision 0012).
 * Reading apps' device keys are not sessions: they stay on their own page.
 */
export function createAccountSessionsService({ db, clock, events }: { db: Database; clock: Clock; events: EventPublisher }) {
  return {
    async list(userId: string, currentSessionId: string | null): Promise<AccountSession[]> {
      const now = clock.now();
      const rows = await listLiveSessions(db, userId, now, new Date(now.getTime() - SESSION_IDLE_MS));
      const items = rows.map((row) => ({
        id: row.id,
        ...describeUserAgent(row.userAgent),
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        isCurrent: row.id === currentSessionId,
      }));
      // This device first, then the most recently seen.
      return [...items.filter((item) => item.isCurrent), ...items.filter((item) => !item.isCurrent)];
    },

    /** Ends one of the reader's sessions; another reader's, or one already ended, is not found. */
    async revoke(userId: string, sessionId: string): Promise<void> {
      if (!(await deleteOwnSession(db, userId, sessionId))) throw new AppError('not_found', 'apiErrors.sessions.notFound');
      events.publish({ type: 'user.changed', userId });
    },

    /** Ends every session of the reader but this one; answers how many ended. */
    async revokeOthers(userId: string, currentSessionId: string): Promise<number> {
      const ended = await deleteOtherSessions(db, userId, currentSessionId);
      if (ended > 0) events.publish({ type: 'user.changed', userId });
      return ended;
    },
  };
}
export type AccountSessionsService = ReturnType<typeof createAccountSessionsService>;
