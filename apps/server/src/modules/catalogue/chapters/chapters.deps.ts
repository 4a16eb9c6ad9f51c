import type { Database } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import type { EventPublisher } from '../../../lib/domain-events';
import type { ImageStore, MediaStorage, UrlSigner } from '../../platform/media';
import type { Publishing } from './publishing';

/** What the chapters' commands and queries use; each takes only its part. */
export interface ChaptersDeps {
  db: Database;
  clock: Clock;
  storage: MediaStorage;
  signer: UrlSigner;
  images: ImageStore;
  publishing: Publishing;
  /** Tells every instance a chapter changed, after the change commits. */
  events: EventPublisher;
}
