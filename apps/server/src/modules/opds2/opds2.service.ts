import type { ChapterSummary, SeriesCard } from '@inkwell/contract';
import type { Database } from '../../db/client';
import { pageInfo } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { canReadChapter, type Viewer } from '../access';
import type { CatalogueService } from '../catalogue';
import { pagesOfChapter } from '../chapters';
import type { DeviceKeyReader, DeviceKeysService } from '../device-keys';
import { chapterXhtml, storedAppImage, downloadPath, FILE_TYPES, type DownloadsService } from '../downloads';
import type { LibraryService } from '../library';
import { toImage, type MediaStorage } from '../media';
import { pageCounts } from '../opds';
import { shelfPage, type ShelfRow } from './opds2.repository';

export const OPDS2_ROOT = '/opds/v2';
export const FEED_TYPE = 'application/opds+json';
export const PUBLICATION_TYPE = 'application/opds-publication+json';
export const AUTH_TYPE = 'application/opds-authentication+json';
export const PROGRESSION_TYPE = 'application/opds-progression+json';
const DIVINA_TYPE = 'application/divina+json';
const WEBPUB_TYPE = 'application/webpub+json';
const DIVINA_PROFILE = 'https://readium.org/webpub-manifest/profiles/divina';
const AUTH_DOCUMENT_REL = 'http://opds-spec.org/auth/document';
const PROGRESSION_REL = 'http://opds-spec.org/progression';
const SERIES_PER_PAGE = 50;
const CHAPTERS_PER_PAGE = 100;
const LANGUAGE = 'en';

interface Link {
  href: string;
  type?: string;
  rel?: string | string[];
  title?: string;
  templated?: boolean;
  width?: number;
  height?: number;
  properties?: Record<string, unknown>;
}
type OpdsReader = DeviceKeyReader | null;

/** A chapter as a publication needs it, from a series feed or from the shelf. */
interface PublicationSource {
  chapter: Pick<ChapterSummary, 'id' | 'slug' | 'number' | 'title' | 'publishedAt' | 'price' | 'freeAt' | 'access'>;
  series: { slug: string; title: string; type: 'comic' | 'novel'; author: string; artist: string };
  cover: { url: string; width: number; height: number } | null;
  pages: number;
}

/** A progression document as an app sends it (OPDS Progression 1.0). */
export interface ProgressionInput {
  modified: string;
  device: { id: string; name: string };
  progression: number;
  references?: string[] | undefined;
}

/**
 * OPDS 2.0 (issue 19 §3): the same catalogue, locks and prices as OPDS 1.2, as JSON: navigation
 * and groups, templated search, numbered pages, one publication per chapter with a Readium
 * manifest (Divina for comics, WebPub for novels), its file, and its progression, which is the
 * reader's one place in the chapter (§6). A key's reader has a shelf of what they may read.
 */
export function createOpds2Service(deps: {
  db: Database;
  clock: Clock;
  publicUrl: string;
  catalogue: CatalogueService;
  library: LibraryService;
  storage: MediaStorage;
  downloads: DownloadsService;
  deviceKeys: DeviceKeysService;
}) {
  const { db, clock, publicUrl, catalogue, library, storage, downloads, deviceKeys } = deps;
  const viewerFor = (reader: OpdsReader) => deviceKeys.viewerFor(reader);
  const chapterBase = (id: string) => `${OPDS2_ROOT}/chapters/${id}`;

  const feedLinks = (self: string, extra: Link[] = []): Link[] => [
    { rel: 'self', href: self, type: FEED_TYPE },
    { rel: 'start', href: `${OPDS2_ROOT}/catalog`, type: FEED_TYPE },
    { rel: 'search', href: `${OPDS2_ROOT}/search{?query}`, type: FEED_TYPE, templated: true },
    { rel: AUTH_DOCUMENT_REL, href: `${OPDS2_ROOT}/auth`, type: AUTH_TYPE },
    ...extra,
  ];

  /** Numbered pages: the counts in the metadata, first/previous/next/last in the links. */
  const paged = (base: string, page: number, perPage: number, total: number) => {
    const { totalPages } = pageInfo(page, perPage, total);
    const at = (n: number) => `${base}${base.includes('?') ? '&' : '?'}page=${n}`;
    return {
      metadata: { numberOfItems: total, itemsPerPage: perPage, currentPage: page },
      links: [
        { rel: 'first', href: at(1), type: FEED_TYPE },
        ...(page > 1 ? [{ rel: 'previous', href: at(page - 1), type: FEED_TYPE }] : []),
        ...(page < totalPages ? [{ rel: 'next', href: at(page + 1), type: FEED_TYPE }] : []),
        { rel: 'last', href: at(totalPages), type: FEED_TYPE },
      ],
      self: at(page),
    };
  };

  /** A feed with nothing in it still says where to go (the format wants one entry at least). */
  const orBack = (navigation: Link[]) =>
    navigation.length > 0
      ? navigation
      : [{ href: `${OPDS2_ROOT}/catalog`, title: 'Nothing here: back to the catalogue', type: FEED_TYPE }];

  const seriesLink = (card: Pick<SeriesCard, 'slug' | 'title'>): Link => ({
    href: `${OPDS2_ROOT}/series/${encodeURIComponent(card.slug)}`,
    title: card.title,
    type: FEED_TYPE,
    rel: 'subsection',
  });

  const LISTS = {
    latest: { title: 'Latest updates', filter: {} },
    comics: { title: 'Comics', filter: { type: 'comic' as const } },
    novels: { title: 'Novels', filter: { type: 'novel' as const } },
    premium: { title: 'Premium', filter: { premium: true } },
  };
  type ListName = keyof typeof LISTS;

  /** One chapter as an OPDS publication: what it is, where it belongs, how to read it or buy it. */
  function publication({ chapter, series, cover, pages }: PublicationSource, viewer: Viewer) {
    const canRead = canReadChapter(chapter.access, viewer);
    const comic = series.type === 'comic';
    const web = `${publicUrl}/SeriesView/${encodeURIComponent(series.slug)}/${encodeURIComponent(chapter.slug)}`;
    const published = chapter.publishedAt ?? clock.now().toISOString();
    const links: Link[] = [
      { rel: 'self', href: `${OPDS2_ROOT}/publications/${chapter.id}`, type: PUBLICATION_TYPE },
      { rel: 'alternate', href: web, type: 'text/html' },
    ];
    if (canRead) {
      links.push(
        {
          rel: chapter.access === 'free' ? 'http://opds-spec.org/acquisition/open-access' : 'http://opds-spec.org/acquisition',
          href: `${chapterBase(chapter.id)}/manifest.json`,
          type: comic ? DIVINA_TYPE : WEBPUB_TYPE,
        },
        {
          rel: 'http://opds-spec.org/acquisition',
          href: downloadPath(chapter.id, comic ? 'cbz' : 'epub'),
          type: FILE_TYPES[comic ? 'cbz' : 'epub'],
        },
        { rel: PROGRESSION_REL, href: `${chapterBase(chapter.id)}/progression`, type: PROGRESSION_TYPE },
      );
    } else {
      links.push({
        rel: 'http://opds-spec.org/acquisition/buy',
        href: web,
        type: 'text/html',
        properties: { 'inkwell:price': chapter.price, ...(chapter.freeAt ? { 'inkwell:freeAt': chapter.freeAt } : {}) },
      });
    }
    const people = (name: string) => (name ? { [comic ? 'artist' : 'author']: name } : {});
    return {
      metadata: {
        '@type': comic ? 'http://schema.org/ComicStory' : 'http://schema.org/Book',
        title: `Chapter ${chapter.number}${chapter.title ? `: ${chapter.title}` : ''}`,
        identifier: `urn:uuid:${chapter.id}`,
        modified: published,
        published,
        language: LANGUAGE,
        ...(series.author ? { author: series.author } : {}),
        ...(comic ? people(series.artist) : {}),
        belongsTo: {
          series: {
            name: series.title,
            position: chapter.number,
            links: [{ href: `${OPDS2_ROOT}/series/${encodeURIComponent(series.slug)}`, type: FEED_TYPE }],
          },
        },
        ...(comic && pages > 0 ? { numberOfPages: pages } : {}),
      },
      links,
      ...(cover
        ? { images: [{ href: `${publicUrl}${cover.url}`, type: 'image/webp', width: cover.width, height: cover.height }] }
        : {}),
    };
  }

  const shelfSource = (row: ShelfRow, viewer: Viewer, pages: Map<string, number>): PublicationSource => ({
    chapter: {
      id: row.id,
      slug: row.slug,
      number: row.number,
      title: row.title,
      publishedAt: row.publishedAt?.toISOString() ?? null,
      price: row.price,
      freeAt: row.freeAt?.toISOString() ?? null,
      // The shelf holds only what the reader may read: unlocked, or by their plan.
      access: viewer.userId ? 'unlocked' : 'locked',
    },
    series: row.series,
    cover: toImage(row.series.coverKey, row.series.coverWidth, row.series.coverHeight),
    pages: pages.get(row.id) ?? 0,
  });

  /** The reader's place in a chapter as a progression document, or null when they have none. */
  async function progressionOf(userId: string, chapterId: string, kind: 'comic' | 'novel', pageCount: number) {
    const place = await library.placeOf(userId, chapterId);
    if (!place) return null;
    const base = chapterBase(chapterId);
    const page =
      kind === 'comic' && pageCount > 0
        ? Math.min(place.page ?? Math.floor((place.position ?? 0) * pageCount) + 1, pageCount)
        : null;
    return {
      modified: place.readAt.toISOString(),
      device: { id: 'urn:inkwell:reading-place', name: 'Inkwell' },
      progression: page === null ? (place.position ?? (place.completed ? 1 : 0)) : (page - 1) / pageCount,
      ...(page === null ? {} : { references: [`${base}/pages/${page - 1}`] }),
    };
  }

  /** A chapter this viewer may read whole, with its pages when it is a comic (402 otherwise). */
  async function readableChapter(chapterId: string, viewer: Viewer) {
    const found = await downloads.readable(chapterId, viewer);
    const pages = found.chapter.series.type === 'comic' ? await pagesOfChapter(db, found.chapter.id) : [];
    return { ...found, pages };
  }

  return {
    authDocument() {
      return {
        id: `${publicUrl}${OPDS2_ROOT}/auth`,
        title: 'Inkwell',
        description: 'Sign in with your username and a device key made in Apps and devices, never your password.',
        links: [{ rel: 'help', href: `${publicUrl}/profile/devices`, type: 'text/html' }],
        authentication: [{ type: 'http://opds-spec.org/auth/basic', labels: { login: 'Username', password: 'Device key' } }],
      };
    },

    isList: (name: string): name is ListName => Object.hasOwn(LISTS, name),

    /** The root: the lists and a key's shelf to navigate, and the newest series as a group. */
    async catalog(reader: OpdsReader) {
      const latest = await catalogue.list({ sort: 'latest', page: 1, perPage: 12 });
      const navigation: Link[] = Object.entries(LISTS).map(([name, list]) => ({
        href: `${OPDS2_ROOT}/${name}`,
        title: list.title,
        type: FEED_TYPE,
        rel: 'subsection',
      }));
      if (reader) navigation.push({ href: `${OPDS2_ROOT}/shelf`, title: 'My shelf', type: FEED_TYPE, rel: 'subsection' });
      return {
        metadata: { title: 'Inkwell' },
        links: feedLinks(`${OPDS2_ROOT}/catalog`),
        navigation,
        ...(latest.items.length > 0
          ? {
              groups: [
                {
                  metadata: { title: 'Latest updates', numberOfItems: latest.pagination.total },
                  links: [{ rel: 'self', href: `${OPDS2_ROOT}/latest`, type: FEED_TYPE }],
                  navigation: latest.items.map(seriesLink),
                },
              ],
            }
          : {}),
      };
    },

    async list(name: ListName, page: number) {
      const list = LISTS[name];
      const data = await catalogue.list({ ...list.filter, sort: 'latest', page, perPage: SERIES_PER_PAGE });
      const pages = paged(`${OPDS2_ROOT}/${name}`, page, SERIES_PER_PAGE, data.pagination.total);
      return {
        metadata: { title: list.title, ...pages.metadata },
        links: feedLinks(pages.self, pages.links),
        navigation: orBack(data.items.map(seriesLink)),
      };
    },

    async search(query: string, page: number) {
      const data = await catalogue.list({ q: query, page, perPage: SERIES_PER_PAGE });
      const pages = paged(
        `${OPDS2_ROOT}/search?query=${encodeURIComponent(query)}`,
        page,
        SERIES_PER_PAGE,
        data.pagination.total,
      );
      return {
        metadata: { title: `Search: ${query}`, ...pages.metadata },
        links: feedLinks(pages.self, pages.links),
        navigation: orBack(data.items.map(seriesLink)),
      };
    },

    /** A series' chapters, oldest first, as publications, a hundred to a page. */
    async series(slug: string, reader: OpdsReader, page: number) {
      const viewer = await viewerFor(reader);
      const detail = await catalogue.series(slug, viewer);
      const chapters = await catalogue.chapters(slug, viewer, {
        order: 'asc',
        limit: CHAPTERS_PER_PAGE,
        forSale: false,
        offset: (page - 1) * CHAPTERS_PER_PAGE,
      });
      const counts =
        detail.type === 'comic'
          ? await pageCounts(
              db,
              chapters.items.map((chapter) => chapter.id),
            )
          : new Map<string, number>();
      const pages = paged(`${OPDS2_ROOT}/series/${encodeURIComponent(detail.slug)}`, page, CHAPTERS_PER_PAGE, chapters.total);
      const publications = chapters.items.map((chapter) =>
        publication({ chapter, series: detail, cover: detail.cover, pages: counts.get(chapter.id) ?? 0 }, viewer),
      );
      return {
        metadata: { title: detail.title, ...(detail.description ? { description: detail.description } : {}), ...pages.metadata },
        links: feedLinks(pages.self, [
          ...pages.links,
          { rel: 'alternate', href: `${publicUrl}/SeriesView/${encodeURIComponent(detail.slug)}`, type: 'text/html' },
        ]),
        ...(publications.length > 0 ? { publications } : { navigation: orBack([]) }),
      };
    },

    /** One chapter's publication, for its `self` link. */
    async publication(chapterId: string, reader: OpdsReader) {
      const viewer = await viewerFor(reader);
      const ref = await downloads.describeChapter(chapterId);
      const [detail, content, counts] = await Promise.all([
        catalogue.series(ref.series.slug, viewer),
        catalogue.chapter(ref.series.slug, ref.slug, viewer),
        pageCounts(db, [ref.id]),
      ]);
      return publication(
        { chapter: content.chapter, series: detail, cover: detail.cover, pages: counts.get(ref.id) ?? 0 },
        viewer,
      );
    },

    /** Every chapter the key's reader has unlocked or may read by their plan, newest first. */
    async shelf(reader: DeviceKeyReader, page: number) {
      const viewer = await viewerFor(reader);
      const { rows, total } = await shelfPage(db, reader.userId, viewer.hasPremiumPass, clock.now(), page, CHAPTERS_PER_PAGE);
      const counts = await pageCounts(
        db,
        rows.filter((row) => row.series.type === 'comic').map((row) => row.id),
      );
      const pages = paged(`${OPDS2_ROOT}/shelf`, page, CHAPTERS_PER_PAGE, total);
      const publications = rows.map((row) => publication(shelfSource(row, viewer, counts), viewer));
      return {
        metadata: { title: 'My shelf', ...pages.metadata },
        links: feedLinks(pages.self, pages.links),
        ...(publications.length > 0 ? { publications } : { navigation: orBack([]) }),
      };
    },

    /** The chapter's Readium manifest: its pages in order (Divina) or its text (WebPub). */
    async manifest(chapterId: string, reader: OpdsReader) {
      const viewer = await viewerFor(reader);
      const { chapter, pages } = await readableChapter(chapterId, viewer);
      const base = chapterBase(chapter.id);
      const comic = chapter.series.type === 'comic';
      const type = comic ? DIVINA_TYPE : WEBPUB_TYPE;
      const scale = (page: { width: number; height: number }) => {
        const width = Math.min(page.width, 4000);
        return { width, height: Math.round((page.height * width) / page.width) };
      };
      return {
        type,
        body: {
          '@context': 'https://readium.org/webpub-manifest/context.jsonld',
          metadata: {
            '@type': comic ? 'http://schema.org/ComicStory' : 'http://schema.org/Book',
            ...(comic ? { conformsTo: DIVINA_PROFILE } : {}),
            title: `${chapter.series.title}, chapter ${chapter.number}${chapter.title ? `: ${chapter.title}` : ''}`,
            identifier: `urn:uuid:${chapter.id}`,
            language: LANGUAGE,
            ...(chapter.publishedAt ? { modified: chapter.publishedAt.toISOString() } : {}),
            readingProgression: 'ltr',
            ...(comic ? { numberOfPages: pages.length } : {}),
            belongsTo: { series: { name: chapter.series.title, position: chapter.number } },
          },
          links: [
            { rel: 'self', href: `${publicUrl}${base}/manifest.json`, type },
            { rel: PROGRESSION_REL, href: `${base}/progression`, type: PROGRESSION_TYPE },
          ],
          readingOrder: comic
            ? pages.map((page, index) => ({ href: `${base}/pages/${index}`, type: 'image/jpeg', ...scale(page) }))
            : [{ href: `${base}/text.xhtml`, type: 'application/xhtml+xml', title: `Chapter ${chapter.number}` }],
        },
      };
    },

    /** A page of a comic chapter, as its manifest names it (JPEG); reading it moves nothing. */
    async page(chapterId: string, index: number, reader: OpdsReader) {
      const viewer = await viewerFor(reader);
      const { pages } = await readableChapter(chapterId, viewer);
      const page = pages[index];
      if (!page) throw new AppError('not_found', `This chapter has pages 0 to ${pages.length - 1}`);
      const image = await storedAppImage(storage, page, undefined, { jpegOnly: true });
      if (!image) throw new AppError('not_found', 'The page image is missing');
      return image;
    },

    /** A novel chapter's text, as its manifest names it: the EPUB's own XHTML, paragraphs numbered. */
    async text(chapterId: string, reader: OpdsReader) {
      const viewer = await viewerFor(reader);
      const { chapter, content, url } = await readableChapter(chapterId, viewer);
      if (chapter.series.type !== 'novel') throw new AppError('not_found', 'This chapter is read by its pages');
      return chapterXhtml({
        id: chapter.id,
        series: { title: chapter.series.title, author: chapter.series.author },
        chapter: { number: chapter.number, title: chapter.title, url, publishedAt: chapter.publishedAt?.toISOString() ?? null },
        language: LANGUAGE,
        html: content.content ?? '',
      });
    },

    async progression(chapterId: string, reader: DeviceKeyReader) {
      const viewer = await viewerFor(reader);
      const { chapter, pages } = await readableChapter(chapterId, viewer);
      return progressionOf(reader.userId, chapter.id, chapter.series.type, pages.length);
    },

    /**
     * An app's progression: kept when it is newer than the reader's place (whoever wrote that),
     * and the place as it then stands is the answer either way.
     */
    async saveProgression(chapterId: string, reader: DeviceKeyReader, input: ProgressionInput) {
      const viewer = await viewerFor(reader);
      const { chapter, pages } = await readableChapter(chapterId, viewer);
      const comic = chapter.series.type === 'comic';
      const referenced = input.references
        ?.map((ref) => /\/pages\/(\d+)(?:$|[?#])|#page=(\d+)/.exec(ref))
        .find((match) => match !== null);
      const place = comic
        ? {
            page: referenced
              ? Math.min(referenced[1] !== undefined ? Number(referenced[1]) + 1 : Number(referenced[2]), pages.length)
              : Math.min(Math.floor(input.progression * pages.length) + 1, pages.length),
            completed: input.progression >= 1,
          }
        : { position: input.progression, completed: input.progression >= 1 };
      await library.placeFromApp(viewer, chapter.id, place, new Date(input.modified));
      return progressionOf(reader.userId, chapter.id, chapter.series.type, pages.length);
    },
  };
}
export type Opds2Service = ReturnType<typeof createOpds2Service>;
