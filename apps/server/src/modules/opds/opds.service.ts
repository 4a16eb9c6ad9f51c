import type { ChapterSummary, SeriesCard } from '@inkwell/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { escapeHtml as xml } from '../../lib/page-meta';
import { canReadChapter } from '../access';
import type { CatalogueService } from '../catalogue';
import type { DeviceKeyReader, DeviceKeysService } from '../device-keys';
import { downloadPath, FILE_TYPES, storedAppImage } from '../downloads';
import type { LibraryService } from '../library';
import type { MediaStorage } from '../media';
import { pagesOfChapter } from '../chapters';
import { findChapterRef, pageCounts } from './opds.repository';

export const OPDS_ROOT = '/opds/v1.2';
export const PSE_NAMESPACE = 'http://vaemendis.net/opds-pse/ns';
const INKWELL_NAMESPACE = 'urn:inkwell:feeds:1';
const NAVIGATION = 'application/atom+xml;profile=opds-catalog;kind=navigation';
const ACQUISITION = 'application/atom+xml;profile=opds-catalog;kind=acquisition';
/** Series per page of a list, chapters per page of a series' feed. */
const SERIES_PER_PAGE = 50;
const CHAPTERS_PER_PAGE = 100;

/** Who asks: nobody (public feeds), or the reader a device key signs in as. */
export type OpdsReader = DeviceKeyReader | null;

/**
 * OPDS 1.2 with page streaming (issue 19 §2): the catalogue as Atom feeds any OPDS app reads
 * (Mihon, Panels, Chunky, KOReader's catalogue browser), with the same locks and prices as the
 * site. The server decides access on every page: a locked chapter stays in its feed with a link to
 * buy it on the site, and its pages answer 402 with not one byte of the image.
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
  const { db, clock, publicUrl, catalogue, library, storage, deviceKeys } = deps;
  const viewerFor = (reader: OpdsReader) => deviceKeys.viewerFor(reader);

  const feed = (
    kind: 'navigation' | 'acquisition',
    id: string,
    title: string,
    self: string,
    body: string[],
    links: string[] = [],
  ) =>
    `<?xml version="1.0" encoding="utf-8"?>\n` +
    `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:opds="http://opds-spec.org/2010/catalog" xmlns:pse="${PSE_NAMESPACE}" xmlns:inkwell="${INKWELL_NAMESPACE}">` +
    `<id>${xml(id)}</id><title>${xml(title)}</title><updated>${clock.now().toISOString()}</updated><author><name>Inkwell</name></author>` +
    `<link rel="self" type="${kind === 'navigation' ? NAVIGATION : ACQUISITION}" href="${xml(self)}"/>` +
    `<link rel="start" type="${NAVIGATION}" href="${OPDS_ROOT}/catalog"/>` +
    `<link rel="search" type="application/opensearchdescription+xml" href="${OPDS_ROOT}/search.xml"/>` +
    links.join('') +
    body.join('') +
    `</feed>\n`;

  const navEntry = (id: string, title: string, href: string, summary: string, type = NAVIGATION) =>
    `<entry><id>${xml(id)}</id><title>${xml(title)}</title><updated>${clock.now().toISOString()}</updated>` +
    `<content type="text">${xml(summary)}</content><link rel="subsection" type="${type}" href="${xml(href)}"/></entry>`;

  /** A series as an entry of a list: its cover, and a link to its chapters. */
  const seriesEntry = (card: SeriesCard) => {
    const cover = card.cover ? `${publicUrl}${card.cover.url}` : null;
    return (
      `<entry><id>urn:uuid:${card.id}</id><title>${xml(card.title)}</title><updated>${card.lastChapterAt ?? clock.now().toISOString()}</updated>` +
      `<content type="text">${xml(`${card.type === 'comic' ? 'Comic' : 'Novel'} · ${card.status}`)}</content>` +
      (cover
        ? `<link rel="http://opds-spec.org/image" type="image/webp" href="${xml(cover)}"/><link rel="http://opds-spec.org/image/thumbnail" type="image/webp" href="${xml(cover)}"/>`
        : '') +
      `<link rel="subsection" type="${ACQUISITION}" href="${OPDS_ROOT}/series/${encodeURIComponent(card.slug)}"/></entry>`
    );
  };

  const pageLinks = (base: string, page: number, totalPages: number) => {
    const at = (n: number) => `${base}${base.includes('?') ? '&' : '?'}page=${n}`;
    return [
      `<link rel="first" type="${NAVIGATION}" href="${xml(at(1))}"/>`,
      ...(page > 1 ? [`<link rel="previous" type="${NAVIGATION}" href="${xml(at(page - 1))}"/>`] : []),
      ...(page < totalPages ? [`<link rel="next" type="${NAVIGATION}" href="${xml(at(page + 1))}"/>`] : []),
      `<link rel="last" type="${NAVIGATION}" href="${xml(at(Math.max(1, totalPages)))}"/>`,
    ];
  };

  /** One of a key's reader's shelves: their series, each with a line on where they stand. */
  const shelfFeed = (
    name: 'bookmarks' | 'continue',
    title: string,
    shelf: { series: { id: string; slug: string; title: string }; summary: string }[],
    page: number,
    totalPages: number,
  ) => {
    const base = `${OPDS_ROOT}/${name}`;
    const entries = shelf.map(({ series, summary }) =>
      navEntry(
        `urn:uuid:${series.id}`,
        series.title,
        `${OPDS_ROOT}/series/${encodeURIComponent(series.slug)}`,
        summary,
        ACQUISITION,
      ),
    );
    return feed('navigation', `${publicUrl}${base}`, title, `${base}?page=${page}`, entries, pageLinks(base, page, totalPages));
  };

  const LISTS = {
    latest: { title: 'Latest updates', summary: 'Series with a new chapter, newest first', filter: {} },
    comics: { title: 'Comics', summary: 'Every comic, newest chapter first', filter: { type: 'comic' as const } },
    novels: { title: 'Novels', summary: 'Every novel, newest chapter first', filter: { type: 'novel' as const } },
    premium: { title: 'Premium', summary: 'Series with premium chapters', filter: { premium: true } },
  };
  type ListName = keyof typeof LISTS;

  return {
    /** The root: the lists, and a signed-in key's own shelves. */
    catalog(reader: OpdsReader): string {
      const entries = Object.entries(LISTS).map(([name, list]) =>
        navEntry(`${OPDS_ROOT}/${name}`, list.title, `${OPDS_ROOT}/${name}`, list.summary),
      );
      if (reader) {
        entries.push(
          navEntry(`${OPDS_ROOT}/bookmarks`, 'My bookmarks', `${OPDS_ROOT}/bookmarks`, 'The series you follow'),
          navEntry(`${OPDS_ROOT}/continue`, 'Continue reading', `${OPDS_ROOT}/continue`, 'Where you left off'),
        );
      }
      return feed('navigation', `${publicUrl}${OPDS_ROOT}/catalog`, 'Inkwell', `${OPDS_ROOT}/catalog`, entries);
    },

    /** OpenSearch: how an app asks for a search. */
    openSearch(): string {
      return (
        `<?xml version="1.0" encoding="utf-8"?>\n<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">` +
        `<ShortName>Inkwell</ShortName><Description>Search Inkwell's comics and novels</Description><InputEncoding>UTF-8</InputEncoding>` +
        `<Url type="${NAVIGATION}" template="${xml(`${publicUrl}${OPDS_ROOT}/search?q={searchTerms}`)}"/></OpenSearchDescription>\n`
      );
    },

    isList: (name: string): name is ListName => Object.hasOwn(LISTS, name),

    /** One of the lists, a page at a time. */
    async list(name: ListName, page: number): Promise<string> {
      const list = LISTS[name];
      const data = await catalogue.list({ ...list.filter, sort: 'latest', page, perPage: SERIES_PER_PAGE });
      const base = `${OPDS_ROOT}/${name}`;
      return feed(
        'navigation',
        `${publicUrl}${base}`,
        list.title,
        `${base}?page=${page}`,
        data.items.map(seriesEntry),
        pageLinks(base, page, data.pagination.totalPages),
      );
    },

    async search(q: string, page: number): Promise<string> {
      const data = await catalogue.list({ q, page, perPage: SERIES_PER_PAGE });
      const base = `${OPDS_ROOT}/search?q=${encodeURIComponent(q)}`;
      return feed(
        'navigation',
        `${publicUrl}${base}`,
        `Search: ${q}`,
        `${base}&page=${page}`,
        data.items.map(seriesEntry),
        pageLinks(base, page, data.pagination.totalPages),
      );
    },

    /** The series a key's reader follows. */
    async bookmarks(reader: DeviceKeyReader, page: number): Promise<string> {
      const data = await library.bookmarks(await viewerFor(reader), { sort: 'updated', page });
      const shelf = data.items.map((item) => ({
        series: item.series,
        summary: item.unreadCount > 0 ? `${item.unreadCount} unread` : 'Up to date',
      }));
      return shelfFeed('bookmarks', 'My bookmarks', shelf, page, data.pagination.totalPages);
    },

    /** The series a key's reader has opened lately, with where they are. */
    async continueReading(reader: DeviceKeyReader, page: number): Promise<string> {
      const data = await library.history(reader.userId, { by: 'series', page, perPage: SERIES_PER_PAGE });
      const shelf = data.items.map((item) => ({
        series: item.series,
        summary: item.continue ? `Continue chapter ${item.continue.chapterNumber}` : `Read chapter ${item.chapter.number}`,
      }));
      return shelfFeed('continue', 'Continue reading', shelf, page, data.pagination.totalPages);
    },

    /**
     * A series' chapters, oldest first, a hundred at a time (`after` the last number of the page
     * before): each readable chapter with its file (CBZ or EPUB) and, for comics, its page-streaming link, each locked one with a
     * link to buy it on the site and its price.
     */
    async series(slug: string, reader: OpdsReader, after: number | undefined): Promise<string> {
      const viewer = await viewerFor(reader);
      const detail = await catalogue.series(slug, viewer);
      const chapters = await catalogue.chapters(slug, viewer, {
        order: 'asc',
        limit: CHAPTERS_PER_PAGE,
        forSale: false,
        ...(after === undefined ? {} : { after }),
      });
      const [counts, progress] = await Promise.all([
        detail.type === 'comic'
          ? pageCounts(
              db,
              chapters.items.map((chapter) => chapter.id),
            )
          : new Map<string, number>(),
        reader ? library.seriesProgress(viewer, detail.id) : null,
      ]);
      const web = `${publicUrl}/SeriesView/${encodeURIComponent(detail.slug)}`;
      const entry = (chapter: ChapterSummary) => {
        const canRead = canReadChapter(chapter.access, viewer);
        const label = `Chapter ${chapter.number}${chapter.title ? `: ${chapter.title}` : ''}`;
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
        const cost = canRead
          ? ''
          : `<link rel="http://opds-spec.org/acquisition/buy" type="text/html" href="${xml(page)}"/><inkwell:price>${chapter.price}</inkwell:price>` +
            (chapter.freeAt ? `<inkwell:freeAt>${chapter.freeAt}</inkwell:freeAt>` : '');
        return (
          `<entry><id>urn:uuid:${chapter.id}</id><title>${xml(label)}</title><updated>${chapter.publishedAt ?? clock.now().toISOString()}</updated>` +
          `<content type="text">${xml(canRead ? `${detail.title}, ${label}` : `${detail.title}, ${label}: ${chapter.price} coins`)}</content>` +
          `<link rel="alternate" type="text/html" href="${xml(page)}"/>${stream}${acquisition}${cost}</entry>`
        );
      };
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
        'acquisition',
        `urn:uuid:${detail.id}`,
        detail.title,
        after === undefined ? base : `${base}?after=${after}`,
        chapters.items.map(entry),
        links,
      );
    },

    /**
     * A page of a comic chapter as JPEG (or PNG when it has transparency), at most `maxWidth`
     * wide, for a reader who may read it; numbered from 0. Reading it moves the key's reader's
     * place forward (never back), and the last page marks the chapter read.
     */
    async page(chapterId: string, index: number, maxWidth: number | undefined, reader: OpdsReader) {
      const ref = await findChapterRef(db, chapterId);
      if (!ref || ref.seriesType !== 'comic') throw new AppError('chapter_not_found', 'Chapter not found');
      const viewer = await viewerFor(reader);
      const content = await catalogue.chapter(ref.seriesSlug, ref.slug, viewer);
      if (!canReadChapter(content.chapter.access, viewer)) {
        throw new AppError(
          'chapter_locked',
          `This chapter is locked: unlock it on Inkwell (${publicUrl}/SeriesView/${ref.seriesSlug}/${ref.slug})`,
        );
      }
      const pages = await pagesOfChapter(db, ref.id);
      const page = pages[index];
      if (!page) throw new AppError('not_found', `This chapter has pages 0 to ${pages.length - 1}`);
      const image = await storedAppImage(storage, page, maxWidth);
      if (!image) throw new AppError('not_found', 'The page image is missing');
      if (reader && viewer.userId) {
        const isLast = index === pages.length - 1;
        await library.mergeProgress(viewer, [
          { chapterId: ref.id, page: index + 1, completed: isLast, readAt: clock.now().toISOString() },
        ]);
      }
      return { body: image.body, type: image.type };
    },
  };
}
export type OpdsService = ReturnType<typeof createOpdsService>;
