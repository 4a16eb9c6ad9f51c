import type { ChapterSummary, Credit } from '@inkwell/contract';
import type { Database } from '../../../../db/client';
import type { Translate } from '../../../../lib/i18n';
import { escapeHtml as xml } from '../../../../lib/page-meta';
import { canReadChapter, type Viewer } from '../../../identity/access';
import type { CatalogueService } from '../../../catalogue/catalogue';
import type { DeviceKeysService } from '../../../identity/device-keys';
import { downloadPath, FILE_TYPES } from '../../downloads';
import type { LibraryService } from '../../../reading/library';
import {
  ACQUISITION,
  BUY_PAGE_TYPE,
  chapterLabel,
  COINS_CURRENCY,
  CHAPTERS_PER_PAGE,
  feed,
  OPDS_ROOT,
  type OpdsReader,
  type OpdsSite,
  peopleOf,
} from '../opds.format';
import { pageCounts } from './page-counts';

/** What a chapter's entry is written from: its series, who reads, their place, and the comic's page counts. */
interface EntryContext {
  site: OpdsSite;
  detail: Awaited<ReturnType<CatalogueService['series']>>;
  viewer: Viewer;
  counts: Map<string, number>;
  progress: Awaited<ReturnType<LibraryService['seriesProgress']>> | null;
  /** The series' page on the site. */
  web: string;
  /** The app's language. */
  t: Translate;
  /** A chapter's credits as readers see them (its own, its series' for the rest). */
  creditsOf: (chapterId: string) => Credit[];
}

/**
 * A locked chapter's way to buy it: its page on the site, priced in coins (`XXX`, ISO 4217's code
 * for no currency, as OPDS 1.2 allows for other units), and what the reader gets in the end (the
 * file's type, `opds:indirectAcquisition`). The page's type carries its charset: readers that
 * download any acquisition link of a type they open (KOReader knows `text/html` exactly) then
 * offer no download of the locked page, and the price stays in `inkwell:price` too.
 */
const buyLink = (page: string, price: number, fileType: string) =>
  `<link rel="http://opds-spec.org/acquisition/buy" type="${BUY_PAGE_TYPE}" href="${xml(page)}">` +
  `<opds:price currencycode="${COINS_CURRENCY}">${price}</opds:price><opds:indirectAcquisition type="${fileType}"/></link>` +
  `<inkwell:price>${price}</inkwell:price>`;

/**
 * A chapter as an entry: a readable one with its file (CBZ or EPUB) and, for comics, its
 * page-streaming link; a locked one with a link to buy it on the site and its price.
 */
function chapterEntry({ site, detail, viewer, counts, progress, web, t, creditsOf }: EntryContext, chapter: ChapterSummary) {
  const canRead = canReadChapter(chapter.access, viewer);
  const label = chapterLabel(t, chapter);
  const page = `${web}/${encodeURIComponent(chapter.slug)}`;
  const count = counts.get(chapter.id) ?? 0;
  const place = progress?.chapters[chapter.id];
  const stream =
    canRead && detail.type === 'comic' && count > 0
      ? `<link rel="http://vaemendis.net/opds-pse/stream" type="image/jpeg" href="${OPDS_ROOT}/chapters/${chapter.id}/pages/{pageNumber}?maxWidth={maxWidth}" pse:count="${count}"` +
        (place?.page ? ` pse:lastRead="${Math.min(place.page, count)}" pse:lastReadDate="${place.readAt}"` : '') +
        `/>`
      : '';
  const format = detail.type === 'comic' ? 'cbz' : 'epub';
  const acquisition = canRead
    ? `<link rel="http://opds-spec.org/acquisition" type="${FILE_TYPES[format]}" href="${downloadPath(chapter.id, format)}"/>`
    : '';
  const cost = canRead ? '' : buyLink(page, chapter.price, FILE_TYPES[format]);
  return (
    `<entry><id>urn:uuid:${chapter.id}</id><title>${xml(label)}</title><updated>${chapter.publishedAt ?? site.clock.now().toISOString()}</updated>` +
    // The language of the chapter a reader gets (issue 35 §2).
    `<dc:language>${xml(chapter.language)}</dc:language>` +
    peopleOf(creditsOf(chapter.id)) +
    `<content type="text">${xml(canRead ? `${detail.title}, ${label}` : t('feeds.opds.entry.locked', { series: detail.title, chapter: label, price: chapter.price }))}</content>` +
    // The file before the page stream: KOReader's sync takes an entry's first link of a type it opens.
    `<link rel="alternate" type="text/html" href="${xml(page)}"/>${acquisition}${stream}${cost}` +
    (canRead || !chapter.freeAt ? '' : `<inkwell:freeAt>${chapter.freeAt}</inkwell:freeAt>`) +
    `</entry>`
  );
}

/**
 * A series' chapters, oldest first, a hundred at a time (`after` the last number of the page
 * before): each readable chapter with its file (CBZ or EPUB) and, for comics, its page-streaming link, each locked one with a
 * link to buy it on the site and its price.
 */
export async function seriesFeed(
  deps: OpdsSite & { db: Database; catalogue: CatalogueService; library: LibraryService; deviceKeys: DeviceKeysService },
  slug: string,
  reader: OpdsReader,
  after: number | undefined,
  t: Translate,
): Promise<string> {
  const { db, publicUrl, catalogue, library } = deps;
  const viewer = await deps.deviceKeys.viewerFor(reader);
  const detail = await catalogue.series(slug, viewer);
  const chapters = await catalogue.chapters(slug, viewer, {
    order: 'asc',
    limit: CHAPTERS_PER_PAGE,
    forSale: false,
    ...(after === undefined ? {} : { after }),
  });
  const [counts, progress, creditsOf] = await Promise.all([
    detail.type === 'comic'
      ? pageCounts(
          db,
          chapters.items.map((chapter) => chapter.id),
        )
      : new Map<string, number>(),
    reader ? library.seriesProgress(viewer, detail.id) : null,
    catalogue.chapterCredits(detail.id),
  ]);
  const web = `${publicUrl}/SeriesView/${encodeURIComponent(detail.slug)}`;
  const context: EntryContext = { site: deps, detail, viewer, counts, progress, web, t, creditsOf };
  const base = `${OPDS_ROOT}/series/${encodeURIComponent(detail.slug)}`;
  const last = chapters.items.at(-1);
  const links = [
    `<link rel="alternate" type="text/html" href="${xml(web)}"/>`,
    `<link rel="first" type="${ACQUISITION}" href="${xml(base)}"/>`,
    ...(chapters.hasMore && last
      ? [`<link rel="next" type="${ACQUISITION}" href="${xml(`${base}?after=${last.number}`)}"/>`]
      : []),
  ];
  return feed(
    deps,
    'acquisition',
    `urn:uuid:${detail.id}`,
    detail.title,
    after === undefined ? base : `${base}?after=${after}`,
    chapters.items.map((chapter) => chapterEntry(context, chapter)),
    links,
  );
}
