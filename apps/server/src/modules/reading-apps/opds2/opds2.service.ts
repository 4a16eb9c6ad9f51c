import type { Database } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import type { Translate } from '../../../lib/i18n';
import type { CatalogueService } from '../../catalogue/catalogue';
import type { DeviceKeyReader, DeviceKeysService } from '../../identity/device-keys';
import type { DownloadsService } from '../downloads';
import type { LibraryService } from '../../reading/library';
import type { MediaStorage } from '../../platform/media';
import { saveProgression, type ProgressionInput } from './commands/save-progression';
import { isList, type ListName, type OpdsReader } from './opds2.format';
import { authDocument, catalogFeed, listFeed, searchFeed } from './queries/catalog';
import { chapterManifest, chapterPage, chapterText } from './queries/chapter-files';
import { chapterProgression } from './queries/progression';
import { newChaptersFeed } from './queries/new-chapters';
import { chapterPublication, seriesFeed } from './queries/series-feed';
import { shelfFeed } from './queries/shelf';

/** What the OPDS 2.0 queries and commands use; each takes only its part. */
interface Opds2Deps {
  db: Database;
  clock: Clock;
  publicUrl: string;
  catalogue: CatalogueService;
  library: LibraryService;
  storage: MediaStorage;
  downloads: DownloadsService;
  deviceKeys: DeviceKeysService;
}

/**
 * OPDS 2.0 (issue 19 §3): the same catalogue, locks and prices as OPDS 1.2, as JSON: navigation
 * and groups, templated search, numbered pages, one publication per chapter with a Readium
 * manifest (Divina for comics, WebPub for novels), its file, and its progression, which is the
 * reader's one place in the chapter (§6). A key's reader has a shelf of what they may read.
 * The work is in queries/ and commands/; this binds their dependencies once.
 */
export function createOpds2Service(deps: Opds2Deps) {
  /** Series marked Adult are in the lists only for a key whose reader opted in (issue 36 §4). */
  const adultFor = async (reader: OpdsReader) => deps.catalogue.showsAdult(await deps.deviceKeys.viewerFor(reader));
  return {
    authDocument: (t: Translate) => authDocument(deps, t),
    isList,
    catalog: async (reader: OpdsReader, t: Translate) => catalogFeed(deps, reader, t, await adultFor(reader)),
    list: async (name: ListName, page: number, t: Translate, reader: OpdsReader = null) =>
      listFeed(deps, name, page, t, await adultFor(reader)),
    search: async (query: string, page: number, t: Translate, reader: OpdsReader = null) =>
      searchFeed(deps, query, page, t, await adultFor(reader)),
    series: (slug: string, reader: OpdsReader, page: number, t: Translate) => seriesFeed(deps, slug, reader, page, t),
    publication: (chapterId: string, reader: OpdsReader, t: Translate) => chapterPublication(deps, chapterId, reader, t),
    shelf: (reader: DeviceKeyReader, page: number, t: Translate) => shelfFeed(deps, reader, page, t),
    newChapters: (reader: DeviceKeyReader, page: number, t: Translate) => newChaptersFeed(deps, reader, page, t),
    manifest: (chapterId: string, reader: OpdsReader) => chapterManifest(deps, chapterId, reader),
    page: (chapterId: string, index: number, reader: OpdsReader) => chapterPage(deps, chapterId, index, reader),
    text: (chapterId: string, reader: OpdsReader) => chapterText(deps, chapterId, reader),
    progression: (chapterId: string, reader: DeviceKeyReader) => chapterProgression(deps, chapterId, reader),
    saveProgression: (chapterId: string, reader: DeviceKeyReader, input: ProgressionInput) =>
      saveProgression(deps, chapterId, reader, input),
  };
}
export type Opds2Service = ReturnType<typeof createOpds2Service>;
