import type { NotificationPreferences } from '@inkwell/contract';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { findNewChapterEmail, setNewChapterEmail } from '../../identity/users';
import type { UnsubscribeTokens } from './unsubscribe-token';

type EmailChoice = Pick<NotificationPreferences, 'newChapterEmail'>;

/** A reader's e-mail about new chapters of followed series: off, instant or a daily digest (issue 9 §2). */
export function createEmailPreferences(deps: { db: Database; clock: Clock; unsubscribe: UnsubscribeTokens }) {
  const { db, clock } = deps;
  return {
    async get(userId: string): Promise<EmailChoice> {
      const value = await findNewChapterEmail(db, userId);
      if (!value) throw new AppError('unauthorized', 'apiErrors.signInFirst');
      return { newChapterEmail: value };
    },

    async update(userId: string, preferences: EmailChoice): Promise<EmailChoice> {
      await setNewChapterEmail(db, userId, preferences.newChapterEmail, clock.now());
      return { newChapterEmail: preferences.newChapterEmail };
    },

    /**
     * The one-click link of a notification mail: turns new-chapter e-mail off for the reader the
     * token names. False for a token that is not ours; an account deleted since is simply done.
     */
    async unsubscribe(token: string | undefined): Promise<boolean> {
      const userId = deps.unsubscribe.verify(token);
      if (!userId) return false;
      await setNewChapterEmail(db, userId, 'off', clock.now());
      return true;
    },
  };
}
export type EmailPreferences = ReturnType<typeof createEmailPreferences>;
