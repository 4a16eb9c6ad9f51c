import type { AreaBase } from '../app-deps';
import { createDownloadsService } from '../modules/reading-apps/downloads';
import { createFeedsService } from '../modules/reading-apps/feeds';
import { createKoreaderService } from '../modules/reading-apps/koreader';
import { createOpdsService } from '../modules/reading-apps/opds';
import { createOpds2Service } from '../modules/reading-apps/opds2';
import type { CatalogueServices } from './catalogue';
import type { IdentityServices } from './identity';
import type { PlatformServices } from './platform';
import type { ReadingServices } from './reading';

/**
 * Reading apps (modules/reading-apps/CONTEXT.md, issue 19): the catalogue for reading apps (OPDS 1.2
 * and 2.0), its chapters as CBZ and EPUB files (the same bytes every time), KOReader's progress
 * sync on the same one place per chapter, and the chapters as RSS, Atom and JSON Feed.
 */
export function createReadingAppsServices(
  { config, db, clock }: AreaBase,
  { caches, storage }: PlatformServices,
  { deviceKeys }: Pick<IdentityServices, 'deviceKeys'>,
  { catalogue }: Pick<CatalogueServices, 'catalogue'>,
  { library }: Pick<ReadingServices, 'library'>,
) {
  const { publicUrl } = config;
  const opds = createOpdsService({ db, clock, publicUrl, catalogue, library, storage, deviceKeys });
  const downloads = createDownloadsService({ db, clock, publicUrl, catalogue, storage });
  const opds2 = createOpds2Service({ db, clock, publicUrl, catalogue, library, storage, downloads, deviceKeys });
  const koreader = createKoreaderService({ db, clock, library });
  // Issue 19 §7: the feeds, drawn again after every team change.
  const feeds = createFeedsService({ db, clock, caches, publicUrl });
  return { opds, downloads, opds2, koreader, feeds };
}
