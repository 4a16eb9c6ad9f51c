import type { Database } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import type { EventPublisher } from '../../../lib/domain-events';
import type { UnlockLookup } from '../../money/wallet';

/** What the library's commands and queries use; each takes only its part. */
export interface LibraryDeps {
  db: Database;
  clock: Clock;
  unlocks: UnlockLookup;
  /** Each write to a reader's bookmarks or progress tells every instance (`library.changed`). */
  events: EventPublisher;
}
