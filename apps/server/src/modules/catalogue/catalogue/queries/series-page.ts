import {
  SERIES_CHAPTERS_PAGE,
  type SeriesChaptersPage,
  type seriesChaptersQuerySchema,
  type SeriesDetail,
} from '@inkwell/contract';
import type { z } from 'zod';
import { AppError } from '../../../../lib/app-error';
import { sharedJson, type SharedJson } from '../../../../lib/shared-json';
import {
  accessClass,
  chapterAccess,
  earlyAccessOf,
  isListed,
  viewerInSeries,
  VISITOR,
  type Viewer,
} from '../../../identity/access';
import { coverOf, seriesFields } from '../../series';
import { toFreeLadder } from '../catalogue.presenter';
import { chooseEdition, type EditionRow } from './editions';
import {
  type CatalogueReads,
  classOf,
  editionView,
  isForSale,
  keptOpening,
  listedRows,
  type Reader,
  seriesRows,
  summaryOf,
  visibleSeries,
  visitorOpening,
} from './reads';

export type ChaptersQuery = z.output<typeof seriesChaptersQuerySchema> & { offset?: number };

/**
 * The edition a reader asks for: `lang` (the call's `?lang=`), else the first of `wanted` (their
 * content languages, then the request's interface language) the series has, else the original.
 */
export interface EditionAsk {
  lang?: string | undefined;
  wanted: readonly string[];
}
const ANY_EDITION: EditionAsk = { wanted: [] };

/** The language a series answers in for this ask ('' when there is no such series: the caller's error follows). */
export async function editionLanguageOf(reads: CatalogueReads, slug: string, ask: EditionAsk): Promise<string> {
  const bundle = await seriesRows(reads, slug);
  return bundle ? chooseEdition(bundle.row.originalLanguage, bundle.editions, ask) : '';
}

/** The series' editions as its page lists them: the original first. */
const editionsList = (row: { originalLanguage: string; title: string }, editions: readonly EditionRow[]) => [
  { language: row.originalLanguage, title: row.title },
  ...editions.map(({ language, title }) => ({ language, title })),
];

/** A series page for this viewer: its newest chapters, how many there are, where to start. */
export async function seriesDetail(
  reads: CatalogueReads,
  slug: string,
  asked: Viewer,
  options: { reader?: Reader; edition?: EditionAsk } = {},
): Promise<SeriesDetail> {
  const now = reads.clock.now();
  const { row, genres, chapters, editions, viewer } = await visibleSeries(reads, slug, asked);
  if (options.reader) reads.views.count(options.reader, row.id);
  const language = chooseEdition(row.originalLanguage, editions, options.edition ?? ANY_EDITION);
  const edition = await editionView(reads, row, language);
  const translated = editions.find((candidate) => candidate.language === language);
  const listed = listedRows(chapters, viewer, now);
  const first = listed.at(-1);
  const credits = await reads.credits(row.id);
  return {
    ...seriesFields(row, genres),
    credits: credits.series,
    ...(translated && { title: translated.title, description: translated.description }),
    originalLanguage: row.originalLanguage,
    language,
    editions: editionsList(row, editions),
    // A long series sends its newest page only: the rest is asked for as the reader pages on.
    chapters: listed.slice(0, SERIES_CHAPTERS_PAGE).map((chapter) => summaryOf(row, edition, chapter, viewer, now)),
    chapterCount: listed.length,
    firstChapter: first ? { slug: first.row.slug, number: first.row.number } : null,
    forSaleCount: listed.filter((chapter) => isForSale(chapter.access)).length,
    views: row.views,
    freeLadder: toFreeLadder(row),
  };
}

/**
 * What a series or chapter page's title, description and preview need, as a visitor sees it
 * (page meta, asked on every page request): from the cached rows, with no chapter list made. A
 * chapter a visitor does not see is there for a member in its early window (issue 38 §1), asked
 * of `viewer` (the signed-in reader, resolved only then): `earlyAccess` says so (its page is not
 * to be indexed).
 */
export async function pageFacts(
  reads: CatalogueReads,
  slug: string,
  chapterSlug: string | undefined,
  viewer?: () => Promise<Viewer | null>,
) {
  const now = reads.clock.now();
  // A series marked Adult has its facts too (the page's head then shows the gate: `isAdult`); none when the site carries none.
  const { row, chapters, editions } = await visibleSeries(reads, slug, { ...VISITOR, showAdult: true });
  const found = chapterSlug === undefined ? undefined : chapters.find((chapter) => chapter.slug === chapterSlug);
  const isPublic = found !== undefined && isListed(chapterAccess(found, VISITOR, now), VISITOR);
  const reader = found && !isPublic && viewer ? await viewer() : null;
  const isEarly = found !== undefined && reader !== null && earlyAccessOf(found, viewerInSeries(reader, row.id), now) !== null;
  const chapter = found && (isPublic || isEarly) ? found : null;
  return {
    detail: {
      slug: row.slug,
      title: row.title,
      description: row.description,
      cover: coverOf(row),
      type: row.type,
      author: row.author,
      artist: row.artist,
      originalLanguage: row.originalLanguage,
      isAdult: row.isAdult,
      /** Its translated editions (issue 35 §2): each its own page, `?lang=` its language. */
      editions: editions.map(({ language, title }) => ({ language, title })),
    },
    chapter: chapter && {
      slug: chapter.slug,
      number: chapter.number,
      title: chapter.title,
      publishedAt: chapter.publishedAt,
      isFree: chapterAccess(chapter, VISITOR, now) === 'free',
      earlyAccess: isEarly,
    },
  };
}

/**
 * A page of a series' chapters for this viewer, in either order, from or after a number;
 * `offset` (for apps that count pages) skips that many after the start.
 */
export async function chaptersPage(
  reads: CatalogueReads,
  slug: string,
  asked: Viewer,
  query: ChaptersQuery,
  wanted: readonly string[] = [],
): Promise<SeriesChaptersPage> {
  const now = reads.clock.now();
  const { row, chapters, editions, viewer } = await visibleSeries(reads, slug, asked);
  const edition = await editionView(reads, row, chooseEdition(row.originalLanguage, editions, { lang: query.lang, wanted }));
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
    items: page.map((chapter) => summaryOf(row, edition, chapter, viewer, now)),
    total: matching.length,
    hasMore: begin !== -1 && begin + query.limit < ordered.length,
  };
}

const answerKey = (slug: string, language: string, accessClassName: string) => `series:${slug}:${language}:${accessClassName}`;

/**
 * `seriesJson` for a visitor or a signed-in reader whose answer is kept, without a promise (issue
 * 40): their request is answered in the turn it came in. Undefined when anything is left to read:
 * then `seriesJson`.
 */
export function keptSeriesJson(
  reads: CatalogueReads,
  slug: string,
  asked: Viewer,
  reader: Reader,
  ask: EditionAsk = ANY_EDITION,
) {
  const opening = keptOpening(reads, slug, asked);
  if (!opening) return undefined;
  const { row, editions } = opening.bundle;
  const answer = reads.answers.peek(answerKey(slug, chooseEdition(row.originalLanguage, editions, ask), classOf(opening.viewer)));
  if (!answer) return undefined;
  if (reader) reads.views.count(reader, answer.seriesId);
  return answer.json;
}

/**
 * A series page answer, serialized once per access class for a moment (see `accessClass`):
 * viewers who may read the same chapters get the same bytes; the view is still counted per reader.
 */
export async function seriesJson(
  reads: CatalogueReads,
  slug: string,
  asked: Viewer,
  reader: Reader,
  ask: EditionAsk = ANY_EDITION,
): Promise<SharedJson> {
  const viewer =
    asked.userId || asked.hasPremiumPass
      ? (await visibleSeries(reads, slug, asked)).viewer
      : await visitorOpening(reads, slug, asked);
  // Kept per edition as well: readers of one class who read in different languages get different bytes.
  const language = await editionLanguageOf(reads, slug, ask);
  const answer = await reads.answers.get(answerKey(slug, language, accessClass(viewer)), async () => {
    const data = await seriesDetail(reads, slug, viewer, { edition: { lang: language || undefined, wanted: [] } });
    return { json: sharedJson(JSON.stringify({ success: true, data })), seriesId: data.id, chapterId: undefined };
  });
  if (reader) reads.views.count(reader, answer.seriesId);
  return answer.json!;
}

/** The viewer's access class in a series (see `accessClass`): who may share its pages; 'none' when it is not to be seen. */
export async function accessClassOf(reads: CatalogueReads, slug: string, asked: Viewer): Promise<string> {
  try {
    return accessClass((await visibleSeries(reads, slug, asked)).viewer);
  } catch (error) {
    if (error instanceof AppError) return 'none';
    throw error;
  }
}
