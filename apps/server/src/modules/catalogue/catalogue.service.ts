import {
  CHAPTER_NEIGHBOURHOOD,
  type ChapterAccess,
  type ChapterContent,
  type HomeData,
  SERIES_CHAPTERS_PAGE,
  type SeriesChaptersPage,
  type seriesChaptersQuerySchema,
  homeResponseSchema,
  type SeriesCard,
  type SeriesDetail,
  type SeriesListData,
  type seriesListQuerySchema,
  seriesListResponseSchema,
  type SeriesSort,
} from '@inkwell/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { pageInfo } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { CATALOGUE_EVENTS, clearedOnAll, type CacheRegistry } from '../../lib/caches';
import { novelPreview } from '../../lib/sanitize';
import { accessClass, canReadChapter, chapterAccess, isListed, isTeam, openUntilOf, VISITOR, type Viewer } from '../access';
import { hasDailyFree, latestRentals, NO_RENTALS, offersFor, passOpens, type LadderSettings, type UnlockLookup } from '../wallet';
import { activeBanners, toBanner } from '../banners';
import {
  type ChapterListRow,
  findChapterBySlug,
  latestChaptersOf,
  pagesOfChapter,
  publishedOrScheduledChapters,
} from '../chapters';
import { genresOfSeries, listGenres, toGenre } from '../genres';
import { mediaUrl, type UrlSigner } from '../media';
import type { ViewCounter } from '../metrics';
import { coverOf, findSeriesBySlug, listPublishedSeries, seriesFields, type SeriesFilter, type SeriesRow } from '../series';
import { toCard, toChapterSummary, toFreeLadder } from './catalogue.presenter';

/** How long hot public reads are kept in memory; team changes clear them at once. */
const CATALOGUE_CACHE_MS = 10_000;
/**
 * Series and chapter answers are kept ready-serialized this long per access class (every visitor
 * sees the same thing; so does every premium reader): an early-access chapter opens at most this late.
 */
const SHARED_ANSWER_MS = 2_000;
/** Latest updates fill two rows of the home page; the other sections one row each. */
const HOME_LATEST_SIZE = 12;
const HOME_ROW_SIZE = 6;
/** Each section asks for more than it shows: what an earlier section already shows is left out. */
const HOME_CANDIDATES = 24;
const CARD_CHAPTERS = 3;

type ListQuery = z.output<typeof seriesListQuerySchema>;
type ChaptersQuery = z.output<typeof seriesChaptersQuerySchema>;
interface SharedAnswer {
  json: string;
  seriesId: string;
  chapterId: string | undefined;
  /** A chapter answer's ladder, from which each viewer's own offers are made. */
  ladder?: ChapterLadder;
}

/** What a chapter's offers are made from (see wallet/ladder.ts). */
interface ChapterLadder {
  seriesId: string;
  chapterId: string;
  chapter: { price: number; freeAt: Date | null };
  access: ChapterAccess;
  settings: LadderSettings;
  newer: number;
}

interface Deps {
  db: Database;
  clock: Clock;
  signer: UrlSigner;
  views: ViewCounter;
  unlocks: UnlockLookup;
  caches: CacheRegistry;
}

/** Who is reading, for the view count: a user id or a visitor's daily hash; null for bots (not counted). */
type Reader = string | null;

/** Locked for this viewer and for sale now (early access is for sale before its free date). */
const isForSale = (access: string) => access === 'locked' || access === 'early_access';

/**
 * The reading side of the catalogue. Viewer-independent data is cached for a few seconds; what a
 * viewer may read is decided on every request from those rows, so a cached entry never leaks a
 * locked chapter or hides one that has just become free.
 */
export function createCatalogueService({ db, clock, signer, views, unlocks, caches }: Deps) {
  const cache = caches.declare<unknown>({
    name: 'catalogue reads',
    ttlMs: CATALOGUE_CACHE_MS,
    bound: 500,
    clearedBy: clearedOnAll(CATALOGUE_EVENTS),
  });
  const answers = caches.declare<SharedAnswer>({
    name: 'catalogue shared answers',
    ttlMs: SHARED_ANSWER_MS,
    bound: 5000,
    clearedBy: clearedOnAll(CATALOGUE_EVENTS),
  });
  const cached = <T>(key: string, load: () => Promise<T>) => cache.get(key, load) as Promise<T>;

  async function cards(filter: SeriesFilter, sort: SeriesSort, page: number, perPage: number, counted = true) {
    const now = clock.now();
    const { rows, total } = await listPublishedSeries(db, filter, sort, page, perPage, now, { counted });
    const latest = await latestChaptersOf(
      db,
      rows.map((row) => row.id),
      CARD_CHAPTERS,
      now,
    );
    return {
      items: rows.map((row) => toCard(row, latest.get(row.id) ?? [], now)),
      total,
    };
  }

  const seriesBundle = (slug: string) =>
    cached(`series:${slug}`, async () => {
      const row = await findSeriesBySlug(db, slug);
      if (!row) return null;
      const [genres, chapters] = await Promise.all([genresOfSeries(db, row.id), publishedOrScheduledChapters(db, row.id)]);
      return { row, genres, chapters };
    });

  async function visibleSeries(slug: string, viewer: Viewer) {
    const bundle = await seriesBundle(slug);
    if (!bundle || (!bundle.row.isPublished && !isTeam(viewer))) throw new AppError('series_not_found', 'Series not found');
    // The unlocks that matter to this page: its own chapters.
    return {
      ...bundle,
      viewer: await unlocks.withUnlocks(
        viewer,
        bundle.row.id,
        bundle.chapters.map((chapter) => chapter.id),
      ),
    };
  }

  /**
   * The chapters this viewer may see, newest first (as the bundle holds them), with their access
   * and how many of them are newer (what the series' pass skips).
   */
  const listedRows = (chapters: ChapterListRow[], viewer: Viewer, now: Date) =>
    chapters
      .flatMap((row) => {
        const access = chapterAccess(row, viewer, now);
        return isListed(access, viewer) ? [{ row, access }] : [];
      })
      .map((chapter, newer) => ({ ...chapter, newer }));
  const summaryOf = (series: SeriesRow, { row, newer }: { row: ChapterListRow; newer: number }, viewer: Viewer, now: Date) =>
    toChapterSummary(row, series, newer, viewer, now);

  /**
   * A team member's preview of a chapter not out yet (issue 33 §7): the series as it will be when
   * that chapter comes out (a draft as if it came out now), so a previewing editor sees the
   * chapter, its lock and its neighbours as readers will.
   */
  function asAtRelease(chapters: ChapterListRow[], chapterSlug: string, now: Date) {
    const chapter = chapters.find((row) => row.slug === chapterSlug);
    if (!chapter || (chapter.publishedAt && chapter.publishedAt <= now)) return { chapters, now };
    const release = chapter.publishedAt ?? now;
    return {
      chapters: chapters.map((row) => (row === chapter ? { ...row, publishedAt: release } : row)),
      now: release,
    };
  }

  /**
   * The series' dated chapters with the previewed one among them when it is a draft (no date yet,
   * so not in the bundle), in the bundle's order: newest number first.
   */
  async function withDraft(rows: ChapterListRow[], seriesId: string, chapterSlug: string) {
    if (rows.some((chapter) => chapter.slug === chapterSlug)) return rows;
    const draft = await findChapterBySlug(db, seriesId, chapterSlug);
    if (!draft) return rows;
    const { id, number, slug, title, publishedAt, price, freeAt } = draft;
    return [...rows, { id, seriesId, number, slug, title, publishedAt, price, freeAt }].sort((a, b) => b.number - a.number);
  }

  /**
   * What every viewer of the same access class is answered about a chapter (kept serialized a
   * moment per class), and what the viewer's own part is computed from: the chapter's ladder.
   */
  async function sharedChapter(
    slug: string,
    chapterSlug: string,
    asked: Viewer,
    options: { reader?: Reader; atRelease?: boolean } = {},
  ) {
    const { row, chapters: rows, viewer } = await visibleSeries(slug, asked);
    const { chapters, now } = options.atRelease
      ? asAtRelease(await withDraft(rows, row.id, chapterSlug), chapterSlug, clock.now())
      : { chapters: rows, now: clock.now() };
    const listed = listedRows(chapters, viewer, now);
    const index = listed.findIndex((chapter) => chapter.row.slug === chapterSlug);
    if (index === -1) throw new AppError('chapter_not_found', 'Chapter not found');
    const summary = summaryOf(row, listed[index]!, viewer, now);
    const canRead = canReadChapter(summary.access, viewer);
    const whole = await chapterBody(row, chapterSlug);
    // A locked chapter sends only its paywall preview; the rest never leaves the server.
    const body = canRead
      ? whole
      : {
          content: whole.content === null ? null : novelPreview(whole.content, whole.previewPercent) || null,
          pages: whole.pages.slice(0, Math.min(whole.previewPages, Math.max(0, whole.pages.length - 1))),
        };
    if (canRead && options.reader) views.count(options.reader, row.id, summary.id);

    // Newest first: the previous chapter is the next one in the list.
    const neighbour = (i: number) => {
      const chapter = listed[i]?.row;
      return chapter ? { slug: chapter.slug, number: chapter.number, title: chapter.title } : null;
    };
    const data = {
      series: {
        id: row.id,
        slug: row.slug,
        title: row.title,
        type: row.type,
        cover: coverOf(row),
        freeLadder: toFreeLadder(row),
      },
      chapter: summary,
      canRead,
      isPreview: !canRead && (body.pages.length > 0 || body.content !== null),
      pageCount: whole.pages.length,
      content: body.content,
      // Every page URL is signed and expires, so a page link cannot outlive the reader's access.
      pages: body.pages.map((page) => ({
        id: page.id,
        width: page.width,
        height: page.height,
        url: signer.sign(mediaUrl(page.imageKey), now),
      })),
      previous: neighbour(index + 1),
      next: neighbour(index - 1),
      chapters: listed
        .slice(Math.max(0, index - CHAPTER_NEIGHBOURHOOD), index + CHAPTER_NEIGHBOURHOOD + 1)
        .map((chapter) => summaryOf(row, chapter, viewer, now)),
      chapterCount: listed.length,
    };
    const ladder: ChapterLadder = {
      seriesId: row.id,
      chapterId: summary.id,
      chapter: { price: summary.price, freeAt: summary.freeAt ? new Date(summary.freeAt) : null },
      access: summary.access,
      settings: row,
      // Readers see only chapters that are out, newest first: this one's place is how many are newer.
      newer: index,
    };
    return { data, ladder, viewer };
  }

  /**
   * The viewer's own part of a chapter answer: the ways it opens for them now (their pass and
   * daily free read for them) and, while a rental opens it, until when. A visitor's needs no read.
   */
  async function personalPart(ladder: ChapterLadder, viewer: Viewer): Promise<Pick<ChapterContent, 'offers' | 'openUntil'>> {
    const now = clock.now();
    const userId = viewer.userId;
    const isLocked = ladder.access === 'locked' || ladder.access === 'early_access';
    const hasRentals = passOpens(ladder.settings, ladder.newer) || hasDailyFree(ladder.settings);
    const rentals = userId && isLocked && hasRentals ? await latestRentals(db, userId, ladder.seriesId) : NO_RENTALS;
    // Read with the viewer's unlocks (withUnlocks): no query of its own on every chapter a reader
    // opens. A chapter free by now is open to all, and a premium reader's by their plan, whatever a rental says.
    const openUntil = openUntilOf(ladder.chapterId, ladder.access, viewer);
    return {
      offers: offersFor({ ...ladder, rentals, now }),
      openUntil: openUntil?.toISOString() ?? null,
    };
  }

  /** A chapter's answer for a class of viewers (see `accessClass`), serialized once while it is kept. */
  const chapterAnswer = (slug: string, chapterSlug: string, viewer: Viewer) =>
    answers.get(`chapter:${slug}/${chapterSlug}:${accessClass(viewer)}`, async () => {
      const { data, ladder } = await sharedChapter(slug, chapterSlug, viewer);
      return {
        json: JSON.stringify({ success: true, data }),
        seriesId: data.series.id,
        chapterId: data.canRead ? data.chapter.id : undefined,
        ladder,
      };
    });

  const service = {
    home(): Promise<HomeData> {
      return cached('home', async () => {
        const [banners, latest, trending, newest, premium] = await Promise.all([
          activeBanners(db, clock.now()),
          // Home's rows show no totals: counting every premium series alone took over a second at scale.
          cards({}, 'latest', 1, HOME_LATEST_SIZE, false),
          cards({}, 'trending', 1, HOME_CANDIDATES, false),
          cards({}, 'new', 1, HOME_CANDIDATES, false),
          cards({ premium: true }, 'latest', 1, HOME_CANDIDATES, false),
        ]);
        // Issue 11 §3: a series shows in one row only, the first that wants it.
        const shown = new Set(latest.items.map((card) => card.id));
        const unseen = (items: SeriesCard[]) => {
          const fresh = items.filter((card) => !shown.has(card.id)).slice(0, HOME_ROW_SIZE);
          for (const card of fresh) shown.add(card.id);
          return fresh;
        };
        return {
          banners: banners.flatMap((row) => toBanner(row) ?? []),
          latest: latest.items,
          trending: unseen(trending.items),
          newest: unseen(newest.items),
          premium: unseen(premium.items),
        };
      });
    },

    list(query: ListQuery): Promise<SeriesListData> {
      const { sort, page, perPage, ...filter } = query;
      return cached(`list:${JSON.stringify(query)}`, async () => {
        const { items, total } = await cards(filter, sort ?? (filter.q ? 'relevance' : 'latest'), page, perPage);
        return {
          items,
          pagination: pageInfo(page, perPage, total),
        };
      });
    },

    async series(slug: string, asked: Viewer, options: { reader?: Reader } = {}): Promise<SeriesDetail> {
      const now = clock.now();
      const { row, genres, chapters, viewer } = await visibleSeries(slug, asked);
      if (options.reader) views.count(options.reader, row.id);
      const listed = listedRows(chapters, viewer, now);
      const first = listed.at(-1);
      return {
        ...seriesFields(row, genres),
        // A long series sends its newest page only: the rest is asked for as the reader pages on.
        chapters: listed.slice(0, SERIES_CHAPTERS_PAGE).map((chapter) => summaryOf(row, chapter, viewer, now)),
        chapterCount: listed.length,
        firstChapter: first ? { slug: first.row.slug, number: first.row.number } : null,
        forSaleCount: listed.filter((chapter) => isForSale(chapter.access)).length,
        views: row.views,
        freeLadder: toFreeLadder(row),
      };
    },

    /**
     * What a series or chapter page's title, description and preview need, as a visitor sees it
     * (page meta, asked on every page request): from the cached rows, with no chapter list made.
     */
    async pageFacts(slug: string, chapterSlug: string | undefined) {
      const now = clock.now();
      const { row, chapters } = await visibleSeries(slug, VISITOR);
      const found = chapterSlug === undefined ? undefined : chapters.find((chapter) => chapter.slug === chapterSlug);
      const chapter = found && isListed(chapterAccess(found, VISITOR, now), VISITOR) ? found : null;
      return {
        detail: {
          slug: row.slug,
          title: row.title,
          description: row.description,
          cover: coverOf(row),
          type: row.type,
          author: row.author,
          artist: row.artist,
        },
        chapter: chapter && {
          slug: chapter.slug,
          number: chapter.number,
          title: chapter.title,
          publishedAt: chapter.publishedAt,
          isFree: chapterAccess(chapter, VISITOR, now) === 'free',
        },
      };
    },

    /** A page of a series' chapters for this viewer, in either order, from or after a number. */
    /** A page of a series' chapters; `offset` (for apps that count pages) skips that many after the start. */
    async chapters(slug: string, asked: Viewer, query: ChaptersQuery & { offset?: number }): Promise<SeriesChaptersPage> {
      const now = clock.now();
      const { row, chapters, viewer } = await visibleSeries(slug, asked);
      const matching = listedRows(chapters, viewer, now).filter((chapter) => !query.forSale || isForSale(chapter.access));
      const ordered = query.order === 'asc' ? matching.reverse() : matching;
      const isAhead = query.order === 'asc' ? (a: number, b: number) => a > b : (a: number, b: number) => a < b;
      const start = ordered.findIndex(
        ({ row }) =>
          (query.from === undefined || row.number === query.from || isAhead(row.number, query.from)) &&
          (query.after === undefined || isAhead(row.number, query.after)),
      );
      const begin = start === -1 ? -1 : start + (query.offset ?? 0);
      const page = begin === -1 ? [] : ordered.slice(begin, begin + query.limit);
      return {
        items: page.map((chapter) => summaryOf(row, chapter, viewer, now)),
        total: matching.length,
        hasMore: begin !== -1 && begin + query.limit < ordered.length,
      };
    },

    /** A chapter for its viewer, with the ways it opens for them (their pass, their rental). */
    async chapter(slug: string, chapterSlug: string, asked: Viewer, options: { reader?: Reader } = {}): Promise<ChapterContent> {
      const { data, ladder, viewer } = await sharedChapter(slug, chapterSlug, asked, options);
      return { ...data, ...(await personalPart(ladder, viewer)) };
    },

    /** The home envelope, serialized once per cache period (and checked against the contract then). */
    homeJson(): Promise<string> {
      return cached('home:json', async () =>
        JSON.stringify(homeResponseSchema.parse({ success: true, data: await service.home() })),
      );
    },

    listJson(query: ListQuery): Promise<string> {
      return cached(`list:json:${JSON.stringify(query)}`, async () =>
        JSON.stringify(seriesListResponseSchema.parse({ success: true, data: await service.list(query) })),
      );
    },

    /**
     * A series page answer, serialized once per access class for a moment (see `accessClass`):
     * viewers who may read the same chapters get the same bytes; the view is still counted per reader.
     */
    async seriesJson(slug: string, asked: Viewer, reader: Reader): Promise<string> {
      const viewer = asked.userId || asked.hasPremiumPass ? (await visibleSeries(slug, asked)).viewer : VISITOR;
      const answer = await answers.get(`series:${slug}:${accessClass(viewer)}`, async () => {
        const data = await service.series(slug, viewer);
        return { json: JSON.stringify({ success: true, data }), seriesId: data.id, chapterId: undefined };
      });
      if (reader) views.count(reader, answer.seriesId);
      return answer.json;
    },

    /**
     * A chapter's answer, likewise shared by an access class; its page URLs are signed once per
     * answer. `classOnly` (a page drawn for a class of readers, issue 32 §1) leaves the reader's
     * own rentals out of its offers: their part of the page brings them (`chapterOffers`).
     */
    async chapterJson(
      slug: string,
      chapterSlug: string,
      asked: Viewer,
      reader: Reader,
      options: { classOnly?: boolean; atRelease?: boolean } = {},
    ): Promise<string> {
      const viewer = asked.userId || asked.hasPremiumPass ? (await visibleSeries(slug, asked)).viewer : VISITOR;
      // A preview at release is the team member's alone: drawn afresh, never kept for a class.
      if (options.atRelease) {
        const { data, ladder } = await sharedChapter(slug, chapterSlug, viewer, { atRelease: true });
        return JSON.stringify({ success: true, data: { ...data, ...(await personalPart(ladder, viewer)) } });
      }
      const answer = await chapterAnswer(slug, chapterSlug, viewer);
      if (answer.chapterId && reader) views.count(reader, answer.seriesId, answer.chapterId);
      // The viewer's own part goes at the end of `data`, the envelope's last key: the shared
      // bytes are never parsed again (a novel's chapter is large), only closed after it.
      const own = await personalPart(answer.ladder!, options.classOnly ? { ...viewer, userId: null } : viewer);
      return `${answer.json.slice(0, -2)},"offers":${JSON.stringify(own.offers)},"openUntil":${JSON.stringify(own.openUntil)}}}`;
    },

    /** The viewer's own offers for a chapter (with their rentals): their part of a page shared by their class. */
    async chapterOffers(slug: string, chapterSlug: string, asked: Viewer): Promise<ChapterContent['offers']> {
      const { viewer } = await visibleSeries(slug, asked);
      return (await personalPart((await chapterAnswer(slug, chapterSlug, viewer)).ladder!, viewer)).offers;
    },

    genres() {
      return cached('genres', async () => (await listGenres(db)).map(toGenre));
    },

    banners() {
      return cached('banners', async () => (await activeBanners(db, clock.now())).flatMap((row) => toBanner(row) ?? []));
    },

    /** The viewer's access class in a series (see `accessClass`): who may share its pages; 'none' when it is not to be seen. */
    async accessClassOf(slug: string, asked: Viewer): Promise<string> {
      try {
        return accessClass((await visibleSeries(slug, asked)).viewer);
      } catch (error) {
        if (error instanceof AppError) return 'none';
        throw error;
      }
    },

    /** Drops this instance's kept reads at once (tests that write views straight to the database); writes publish events instead. */
    invalidate() {
      cache.clear();
      answers.clear();
    },
  };
  return service;

  async function chapterBody(row: SeriesRow, chapterSlug: string) {
    return cached(`chapter:${row.id}:${chapterSlug}`, async () => {
      const chapter = await findChapterBySlug(db, row.id, chapterSlug);
      if (!chapter) return { content: null, pages: [], previewPages: 0, previewPercent: 0 };
      return {
        previewPages: chapter.previewPages,
        previewPercent: chapter.previewPercent,
        content: chapter.content,
        pages: row.type === 'comic' ? await pagesOfChapter(db, chapter.id) : [],
      };
    });
  }
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
