import type { ImportItem } from '@inkwell/contract';
import type { Translate } from '../../../lib/i18n/i18n-context';
import '../messages';

/**
 * A failed item's reason in the page's language: the importer names it by an `apiErrors.imports.*`
 * id (a catalogue the browser does not load), whose words are here too, by its last part; another code, or
 * none, shows the importer's own (English) reason.
 */
const REASON_IDS: Record<string, string> = {
  archiveBroken: 'dashboard.imports.reason.archiveBroken',
  archiveTooLarge: 'dashboard.imports.reason.archiveTooLarge',
  archiveInflates: 'dashboard.imports.reason.archiveInflates',
  archiveTooManyEntries: 'dashboard.imports.reason.archiveTooManyEntries',
  pageNotImage: 'dashboard.imports.reason.pageNotImage',
  pageTooLarge: 'dashboard.imports.reason.pageTooLarge',
  unsafePath: 'dashboard.imports.reason.unsafePath',
  noPages: 'dashboard.imports.reason.noPages',
  epubBroken: 'dashboard.imports.reason.epubBroken',
  epubNoContent: 'dashboard.imports.reason.epubNoContent',
  chapterTooLong: 'dashboard.imports.reason.chapterTooLong',
  numberTaken: 'dashboard.imports.reason.numberTaken',
  seriesJsonInvalid: 'dashboard.imports.reason.seriesJsonInvalid',
  noChapters: 'dashboard.imports.reason.noChapters',
  unreadable: 'dashboard.imports.reason.unreadable',
};

/** The same for the writing side's refusals (`apiErrors.importRuns.*`). */
const RUN_REASON_IDS: Record<string, string> = {
  sameNumber: 'dashboard.imports.reason.sameNumber',
  noSeries: 'dashboard.imports.reason.noSeries',
  noPages: 'dashboard.imports.reason.noPagesRun',
  noText: 'dashboard.imports.reason.noText',
  pagesIntoNovel: 'dashboard.imports.reason.pagesIntoNovel',
  textIntoComic: 'dashboard.imports.reason.textIntoComic',
  seriesIsComic: 'dashboard.imports.reason.seriesIsComic',
  seriesIsNovel: 'dashboard.imports.reason.seriesIsNovel',
  invalid: 'dashboard.imports.reason.invalid',
  publishNotAllowed: 'dashboard.imports.reason.publishNotAllowed',
};

export function itemReason(t: Translate, item: Pick<ImportItem, 'code' | 'reason'>): string {
  const [, part, name = ''] = /^apiErrors\.(imports|importRuns)\.(\w+)$/.exec(item.code ?? '') ?? [];
  const id = part === 'imports' ? REASON_IDS[name] : part === 'importRuns' ? RUN_REASON_IDS[name] : undefined;
  return id ? t(id) : (item.reason ?? item.code ?? '');
}
