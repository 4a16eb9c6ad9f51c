import type { ChapterAccess } from '@inkwell/contract';
import type { Database } from '../../../../db/client';
import { AppError } from '../../../../lib/app-error';
import { CATALOGUE_EVENTS, clearedOnAll, type CacheRegistry } from '../../../../lib/caches';
import type { Clock } from '../../../../lib/clock';
import type { SharedJson } from '../../../../lib/shared-json';
import type { TtlCache } from '../../../../lib/ttl-cache';
import {
  accessClass,
  chapterAccess,
  earlyAccessOf,
  isListed,
  isTeam,
  viewerInSeries,
  VISITOR,
  type Viewer,
} from '../../../identity/access';
import { type ChapterListRow, publishedOrScheduledChapters } from '../../chapters';
import { genresOfSeries } from '../../genres';
import type { UrlSigner } from '../../../platform/media';
import type { ViewCounter } from '../../../team/metrics';
import { findSeriesBySlug, type SeriesRow, showsAdult } from '../../series';
import type { LadderSettings, UnlockLookup } from '../../../money/wallet';
import { toChapterSummary } from '../catalogue.presenter';
import { declareCreditsCache, loadSeriesCredits, type SeriesCredits } from './credits';
import { editionChapterTitles, editionsOfSeries, type EditionView, originalEdition } from './editions';

/** How long hot public reads are kept in memory; team changes clear them at once. */
const CATALOGUE_CACHE_MS = 10_000;
/**
 * Series and chapter answers are kept ready-serialized this long per access class (every visitor
 * sees the same thing; so does every premium reader): an early-access chapter opens at most this late.
 */
const SHARED_ANSWER_MS = 2_000;

/** What the catalogue reads with. */
export interface CatalogueDeps {
  db: Database;
  clock: Clock;
  signer: UrlSigner;
  views: ViewCounter;
  unlocks: UnlockLookup;
  /** Whether the site carries series marked Adult at all (the admin's `content.adultContent`, issue 36 §4). */
  adultContent: () => Promise<boolean>;
}

/** What a chapter's offers are made from (see wallet/ladder.ts). */
export interface ChapterLadder {
  seriesId: string;
  chapterId: string;
  chapter: { price: number; freeAt: Date | null };
  access: ChapterAccess;
  settings: LadderSettings;
  newer: number;
}

export interface SharedAnswer {
  /** A series' whole answer, as the bytes that go out. */
  json?: SharedJson;
  /**
   * A chapter's answer but the viewer's own part and the two braces that close it, as bytes, and
   * the answers made from it, by their own part: viewers of a class mostly share that too.
   */
  chapter?: { head: Buffer; byOwnPart: Map<string, SharedJson> };
  seriesId: string;
  chapterId: string | undefined;
  /** A chapter answer's ladder, from which each viewer's own offers are made. */
  ladder?: ChapterLadder;
}

/** The catalogue's queries take its dependencies and its two kept reads. */
export interface CatalogueReads extends CatalogueDeps {
  /** Viewer-independent rows and lists, kept a few seconds. */
  cached: <T>(key: string, load: () => Promise<T>) => Promise<T>;
  /** What `cached` holds for a key now, loaded and fresh, without a promise; undefined otherwise. */
  kept: <T>(key: string) => T | undefined;
  /** Answers kept ready-serialized per access class. */
  answers: TtlCache<SharedAnswer>;
  /** A series' credits and its chapters' (issue 37 §2), kept a few seconds, cleared by renames too. */
  credits: (seriesId: string) => Promise<SeriesCredits>;
}

/** Who is reading, for the view count: a user id or a visitor's daily hash; null for bots (not counted). */
export type Reader = string | null;

/** Declares the catalogue's caches; every catalogue change clears both. */
export function declareCatalogueCaches(caches: CacheRegistry) {
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
  const credits = declareCreditsCache(caches);
  return {
    cached: <T>(key: string, load: () => Promise<T>) => cache.get(key, load) as Promise<T>,
    kept: <T>(key: string) => cache.peek(key) as T | undefined,
    answers,
    /** Binds the credits' loader to the database (the service does, once). */
    creditsWith: (db: Database) => (seriesId: string) => credits.get(seriesId, () => loadSeriesCredits(db, seriesId)),
    /** Drops this instance's kept reads at once. */
    clear() {
      cache.clear();
      answers.clear();
      credits.clear();
    },
  };
}

/** Locked for this viewer and for sale now (early access is for sale before its free date). */
export const isForSale = (access: string) => access === 'locked' || access === 'early_access';

const bundleKey = (slug: string) => `series:${slug}`;

const seriesBundle = ({ db, cached }: CatalogueReads, slug: string) =>
  cached(bundleKey(slug), async () => {
    const row = await findSeriesBySlug(db, slug);
    if (!row) return null;
    const [genres, chapters, editions] = await Promise.all([
      genresOfSeries(db, row.id),
      publishedOrScheduledChapters(db, row.id),
      editionsOfSeries(db, row.id),
    ]);
    return { row, genres, chapters, editions };
  });

type SeriesBundle = NonNullable<Awaited<ReturnType<typeof seriesBundle>>>;

/** A series' rows as every viewer shares them (its editions among them), or null when there is none. */
export const seriesRows = (reads: CatalogueReads, slug: string) => seriesBundle(reads, slug);

/** An edition of a series with the chapters it has, kept with the catalogue's reads. */
export async function editionView(reads: CatalogueReads, row: SeriesRow, language: string): Promise<EditionView> {
  if (language === row.originalLanguage) return originalEdition(language);
  const titles = await reads.cached(`edition:${row.id}:${language}`, () => editionChapterTitles(reads.db, row.id, language));
  return { language, original: row.originalLanguage, chapters: titles };
}

/**
 * Whether series marked Adult are shown to this viewer in lists and searches (the site's setting
 * applied). Known at once for a viewer who has not opted in, as most are: no setting to read.
 */
export const adultShownTo = (reads: Pick<CatalogueDeps, 'adultContent'>, viewer: Viewer): boolean | Promise<boolean> =>
  viewer.showAdult !== true ? false : reads.adultContent().then((site) => showsAdult(viewer, site));

/**
 * The adult gate (issue 36 §4, decision 0041): a series marked Adult opens to the team, and to a
 * viewer who said they are 18 while the site carries adult content; to anyone else it is the gate
 * (`adult_content`), or no series at all when the site carries none.
 */
async function assertMayOpen(reads: CatalogueReads, row: SeriesRow, viewer: Viewer) {
  if (!row.isAdult || isTeam(viewer)) return;
  if (!(await reads.adultContent())) throw new AppError('series_not_found', 'apiErrors.seriesNotFound');
  if (viewer.showAdult !== true) throw new AppError('adult_content', 'apiErrors.adult.gate');
}

const ADULT_VISITOR: Viewer = { ...VISITOR, showAdult: true };

/**
 * The viewer a visitor's shared answers are drawn as, once the series is theirs to open: the
 * answer is the same for every visitor who passed its gate (the gate is asked before, every time).
 */
export async function visitorOpening(reads: CatalogueReads, slug: string, asked: Viewer): Promise<Viewer> {
  const bundle = await seriesBundle(reads, slug);
  if (bundle?.row.isPublished) await assertMayOpen(reads, bundle.row, asked);
  return asked.showAdult === true ? ADULT_VISITOR : VISITOR;
}

/** The access class every visitor's shared answers are kept under. */
const VISITOR_CLASS = accessClass(VISITOR);

/** The access class of a viewer `keptOpening` found: a visitor's without working it out again. */
export const classOf = (viewer: Viewer) => (viewer === VISITOR || viewer === ADULT_VISITOR ? VISITOR_CLASS : accessClass(viewer));

/**
 * `visitorOpening` and `visibleSeries` without a promise (issue 40): a visitor's or a signed-in
 * reader's kept answers go out in the turn their request came in. Undefined whenever anything is
 * left to read or ask: rows not kept now, the reader's unlocks in the series not kept now, a series
 * not published (the answer's own load refuses it) or marked Adult (its gate reads the site's
 * setting), a team member (who may see drafts) or a preview.
 */
export function keptOpening(
  reads: CatalogueReads,
  slug: string,
  asked: Viewer,
): { bundle: SeriesBundle; viewer: Viewer } | undefined {
  const isVisitor = asked.userId === null;
  if (isVisitor ? asked.role !== null || asked.hasPremiumPass : isTeam(asked)) return undefined;
  const bundle = reads.kept<SeriesBundle | null>(bundleKey(slug));
  if (!bundle?.row.isPublished || bundle.row.isAdult) return undefined;
  if (isVisitor) return { bundle, viewer: asked.showAdult === true ? ADULT_VISITOR : VISITOR };
  const viewer = reads.unlocks.keptWithUnlocks(viewerInSeries(asked, bundle.row.id), bundle.row.id, bundle.chapters.length);
  return viewer && { bundle, viewer };
}

/** A series this viewer may see, from the kept rows, with the viewer's unlocks among its chapters. */
export async function visibleSeries(reads: CatalogueReads, slug: string, viewer: Viewer) {
  const bundle = await seriesBundle(reads, slug);
  if (!bundle || (!bundle.row.isPublished && !isTeam(viewer))) throw new AppError('series_not_found', 'apiErrors.seriesNotFound');
  await assertMayOpen(reads, bundle.row, viewer);
  // The unlocks that matter to this page: its own chapters; and the memberships: its series'.
  return {
    ...bundle,
    viewer: await reads.unlocks.withUnlocks(
      viewerInSeries(viewer, bundle.row.id),
      bundle.row.id,
      bundle.chapters.map((chapter) => chapter.id),
    ),
  };
}

/**
 * The chapters this viewer may see, newest first (as the bundle holds them), with their access
 * and how many of them are newer (what the series' pass skips). A member's early chapters are
 * listed for them but not counted as newer: the pass skips what everyone sees.
 */
export function listedRows(chapters: ChapterListRow[], viewer: Viewer, now: Date) {
  let newer = 0;
  return chapters.flatMap((row) => {
    const access = chapterAccess(row, viewer, now);
    if (!isListed(access, viewer)) return [];
    const listed = { row, access, newer };
    if (!earlyAccessOf(row, viewer, now)) newer += 1;
    return [listed];
  });
}

export const summaryOf = (
  series: SeriesRow,
  edition: EditionView,
  { row, newer }: { row: ChapterListRow; newer: number },
  viewer: Viewer,
  now: Date,
) => toChapterSummary(row, series, edition, newer, viewer, now);
