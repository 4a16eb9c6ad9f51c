import type { AreaBase } from '../app-deps';
import { createBannersService } from '../modules/catalogue/banners';
import { createCatalogueService } from '../modules/catalogue/catalogue';
import { createChaptersService, createPublishing } from '../modules/catalogue/chapters';
import { createGenresService } from '../modules/catalogue/genres';
import { createImportsService, readImportSource } from '../modules/catalogue/imports';
import { createRelationsService } from '../modules/catalogue/relations';
import { createSearchService } from '../modules/catalogue/search';
import { createSeriesService } from '../modules/catalogue/series';
import { createUnlockLookup } from '../modules/money/wallet';
import type { IdentityServices } from './identity';
import type { PlatformServices } from './platform';
import type { ReadingServices } from './reading';
import type { TeamServices } from './team';

/**
 * Catalogue (modules/catalogue/CONTEXT.md): series, chapters and their release, genres and banners
 * (the team's writes), and the public read model and search over them.
 */
export function createCatalogueServices(
  { app, db, clock }: AreaBase,
  { jobs, events, caches, storage, signer, images }: PlatformServices,
  { viewerCache }: Pick<IdentityServices, 'viewerCache'>,
  { newChapterNotices }: Pick<ReadingServices, 'newChapterNotices'>,
  { views, siteConfig }: Pick<TeamServices, 'views' | 'siteConfig'>,
) {
  /** Whether the site carries series marked Adult at all (issue 36 §4): the admin's setting. */
  const adultContent = async () => (await siteConfig.current()).content.adultContent;
  const catalogue = createCatalogueService({
    adultContent,
    db,
    clock,
    signer,
    views,
    caches,
    unlocks: createUnlockLookup(db, viewerCache, clock),
  });
  const publishing = createPublishing({
    db,
    clock,
    logger: app.log,
    inClaim: newChapterNotices.queueFanOut,
    events,
  });
  // The fan-out was queued with the claim: the workers take it now, not at their next poll.
  events.subscribe('chapter.released', () => jobs.wake('notifications.fan-out'));
  const chapters = createChaptersService({ db, clock, storage, signer, images, publishing, events });
  const series = createSeriesService({ db, clock, storage, images, chapterRows: chapters.chapterRows, events });
  const genres = createGenresService({ db, events });
  const banners = createBannersService({ db, images, events });
  const search = createSearchService({ db, caches, adultContent });
  // Issue 39 §5: relations between series, kept both ways, with their chapter maps.
  const relations = createRelationsService({ db, clock, caches, events, adultContent });
  // Imports write through the team's own series, chapters and genres (issue 37 §1).
  const imports = createImportsService({
    db,
    clock,
    logger: app.log,
    jobs,
    storage,
    catalogue: { series, chapters, genres },
    readPlan: readImportSource,
  });
  return { catalogue, publishing, chapters, series, genres, banners, search, imports, relations };
}
export type CatalogueServices = ReturnType<typeof createCatalogueServices>;
