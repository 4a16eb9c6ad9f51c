import type { AreaBase } from '../app-deps';
import { createCommentsService } from '../modules/reading/comments';
import { createLibraryService } from '../modules/reading/library';
import { createRecommendations } from '../modules/reading/recommendations';
import type { CatalogueService } from '../modules/catalogue/catalogue';
import { createStatsService } from '../modules/reading/stats';
import { createReaderSettingsService } from '../modules/reading/reader-settings';
import {
  createEmailPreferences,
  createFreeAlerts,
  createNewChapterNotices,
  createNotificationsService,
  createUnsubscribeTokens,
} from '../modules/reading/notifications';
import { createUnlockLookup } from '../modules/money/wallet';
import type { IdentityServices } from './identity';
import type { PlatformServices } from './platform';

/**
 * Reading (modules/reading/CONTEXT.md): a reader's library (bookmarks, progress, history), what they
 * are told of (the bell, new chapters, free alerts, e-mail settings), and comments.
 */
export function createReadingServices(
  { app, config, db, clock, limiter, languages }: AreaBase,
  { jobs, caches, events }: PlatformServices,
  { viewerCache }: Pick<IdentityServices, 'viewerCache'>,
) {
  // Issue 9 §2: a release's fan-out job is queued inside its claim; mail carries a signed unsubscribe link.
  const unsubscribe = createUnsubscribeTokens(config.sessionSecret);
  const newChapterNotices = createNewChapterNotices({
    db,
    clock,
    jobs,
    logger: app.log,
    publicUrl: config.publicUrl,
    unsubscribe,
    languages,
  });
  const freeAlerts = createFreeAlerts({ db, clock, logger: app.log });
  const emailPreferences = createEmailPreferences({ db, clock, unsubscribe });
  const notifications = createNotificationsService({ db });
  const library = createLibraryService({ db, clock, caches, events, unlocks: createUnlockLookup(db, viewerCache, clock) });
  const comments = createCommentsService({ db, clock, limiter });
  const readerSettings = createReaderSettingsService({ db, clock });
  // Issue 39 §4: the reader's year and its shared card.
  const stats = createStatsService({ db, clock, publicUrl: config.publicUrl });
  return { newChapterNotices, freeAlerts, emailPreferences, notifications, library, comments, readerSettings, stats };
}
export type ReadingServices = ReturnType<typeof createReadingServices>;

/**
 * Reading's recommendations (issue 39 §5: "readers also read"), built after the catalogue whose
 * cards they show.
 */
export function createRecommendationServices(
  { db, clock }: AreaBase,
  { caches, events }: PlatformServices,
  { catalogue }: { catalogue: Pick<CatalogueService, 'cardsOf' | 'sameGenres'> },
) {
  return { recommendations: createRecommendations({ db, clock, caches, events, catalogue }) };
}
