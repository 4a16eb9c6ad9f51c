import type { Role } from '@inkwell/contract';
import type { Database } from '../../../../db/client';
import type { Clock } from '../../../../lib/clock';
import { chaptersAsked, priceOf } from '../unlock-terms';

/** What a bulk unlock of these chapters would charge now, before the reader confirms. */
export async function quoteUnlock(
  { db, clock }: { db: Database; clock: Clock },
  user: { id: string; role: Role },
  seriesId: string,
  chapterIds: readonly string[],
) {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const { toBuy, rented } = await chaptersAsked(tx, user, [...new Set(chapterIds)], seriesId, now, { buying: true });
    return priceOf(tx, user.id, toBuy, rented, true, now);
  });
}
