import type { Database } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import type { CatalogueService } from '../../catalogue/catalogue';
import type { DeviceKeyReader, DeviceKeysService } from '../../identity/device-keys';
import type { LibraryService } from '../../reading/library';
import type { MediaStorage } from '../../platform/media';
import type { OpdsReader } from './opds.format';
import { catalogFeed, isList, listFeed, openSearchDocument, searchFeed, type ListName } from './queries/catalog';
import { chapterPage } from './queries/page';
import { seriesFeed } from './queries/series-feed';
import { newChaptersFeed } from './queries/new-chapters';
import { bookmarksFeed, continueFeed } from './queries/shelves';
import type { Translate } from '../../../lib/i18n';

export { PSE_NAMESPACE } from './opds.format';

/**
 * OPDS 1.2 with page streaming (issue 19 §2): the catalogue as Atom feeds any OPDS app reads
 * (Mihon, Panels, Chunky, KOReader's catalogue browser), with the same locks and prices as the
 * site. The server decides access on every page: a locked chapter stays in its feed with a link to
 * buy it on the site, and its pages answer 402 with not one byte of the image.
 * The work is in queries/; this binds their dependencies once.
 */
export function createOpdsService(deps: {
  db: Database;
  clock: Clock;
  publicUrl: string;
  catalogue: CatalogueService;
  library: LibraryService;
  storage: MediaStorage;
  deviceKeys: DeviceKeysService;
}) {
  /** Series marked Adult are in the lists only for a key whose reader opted in (issue 36 §4). */
  const adultFor = async (reader: OpdsReader) => deps.catalogue.showsAdult(await deps.deviceKeys.viewerFor(reader));
  return {
    catalog: (reader: OpdsReader, t: Translate) => catalogFeed(deps, reader, t),
    openSearch: (t: Translate) => openSearchDocument(deps, t),
    isList,
    list: async (name: ListName, page: number, t: Translate, reader: OpdsReader = null) =>
      listFeed(deps, name, page, t, await adultFor(reader)),
    search: async (q: string, page: number, t: Translate, reader: OpdsReader = null) =>
      searchFeed(deps, q, page, t, await adultFor(reader)),
    bookmarks: (reader: DeviceKeyReader, page: number, t: Translate) => bookmarksFeed(deps, reader, page, t),
    continueReading: (reader: DeviceKeyReader, page: number, t: Translate) => continueFeed(deps, reader, page, t),
    newChapters: (reader: DeviceKeyReader, page: number, t: Translate) => newChaptersFeed(deps, reader, page, t),
    series: (slug: string, reader: OpdsReader, after: number | undefined, t: Translate) =>
      seriesFeed(deps, slug, reader, after, t),
    page: (chapterId: string, index: number, maxWidth: number | undefined, reader: OpdsReader) =>
      chapterPage(deps, chapterId, index, maxWidth, reader),
  };
}
export type OpdsService = ReturnType<typeof createOpdsService>;
