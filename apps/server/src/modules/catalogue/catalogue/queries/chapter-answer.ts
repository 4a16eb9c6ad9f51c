import { CHAPTER_NEIGHBOURHOOD, isChapterOut, type ChapterContent } from '@inkwell/contract';
import { AppError } from '../../../../lib/app-error';
import { sharedJson, type SharedJson } from '../../../../lib/shared-json';
import { novelPreview } from '../../../../lib/sanitize';
import { accessClass, canReadChapter, openUntilOf, type Viewer } from '../../../identity/access';
import { type ChapterListRow, findChapterBySlug, pagesOfChapter } from '../../chapters';
import { mediaUrl } from '../../../platform/media';
import { coverOf, readerDefaultsOf, type SeriesRow } from '../../series';
import { hasDailyFree, latestRentals, NO_RENTALS, offersFor, passOpens, type RentalState } from '../../../money/wallet';
import { toFreeLadder } from '../catalogue.presenter';
import { chapterCreditsFrom } from './credits';
import { chapterInEdition, chooseEdition, findReadableTranslation } from './editions';
import {
  type CatalogueReads,
  type ChapterLadder,
  classOf,
  editionView,
  isForSale,
  keptOpening,
  listedRows,
  type Reader,
  type SharedAnswer,
  summaryOf,
  visibleSeries,
  visitorOpening,
} from './reads';
import { editionLanguageOf, type EditionAsk } from './series-page';

/**
 * A team member's preview of a chapter not out yet (issue 33 §7): the series as it will be when
 * that chapter comes out (a draft as if it came out now), so a previewing editor sees the
 * chapter, its lock and its neighbours as readers will.
 */
function asAtRelease(chapters: ChapterListRow[], chapterSlug: string, now: Date) {
  const chapter = chapters.find((row) => row.slug === chapterSlug);
  if (!chapter || isChapterOut(chapter, now)) return { chapters, now };
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
async function withDraft({ db }: CatalogueReads, rows: ChapterListRow[], seriesId: string, chapterSlug: string) {
  if (rows.some((chapter) => chapter.slug === chapterSlug)) return rows;
  const draft = await findChapterBySlug(db, seriesId, chapterSlug);
  if (!draft) return rows;
  const { id, number, slug, title, publishedAt, price, freeAt, volume } = draft;
  return [...rows, { id, seriesId, number, slug, title, publishedAt, price, freeAt, volume }].sort((a, b) => b.number - a.number);
}

/**
 * A chapter's text or pages in an edition (the original's when it has no translation there: a
 * fallback) and how much of them a locked reader previews, kept with the catalogue's reads.
 */
function chapterBody({ db, cached }: CatalogueReads, row: SeriesRow, chapterSlug: string, language: string) {
  return cached(`chapter:${row.id}:${chapterSlug}:${language}`, async () => {
    const chapter = await findChapterBySlug(db, row.id, chapterSlug);
    if (!chapter) return { content: null, pages: [], previewPages: 0, previewPercent: 0 };
    const preview = { previewPages: chapter.previewPages, previewPercent: chapter.previewPercent };
    const translation = language === row.originalLanguage ? undefined : await findReadableTranslation(db, chapter.id, language);
    if (translation) {
      const pages = row.type === 'comic' ? await pagesOfChapter(db, chapter.id, language) : [];
      return { ...preview, content: translation.content, pages };
    }
    return { ...preview, content: chapter.content, pages: row.type === 'comic' ? await pagesOfChapter(db, chapter.id) : [] };
  });
}

/**
 * What every viewer of the same access class is answered about a chapter (kept serialized a
 * moment per class), and what the viewer's own part is computed from: the chapter's ladder.
 */
async function sharedChapter(
  reads: CatalogueReads,
  slug: string,
  chapterSlug: string,
  asked: Viewer,
  options: { reader?: Reader; atRelease?: boolean; edition?: EditionAsk } = {},
) {
  const { clock, signer, views } = reads;
  const { row, chapters: rows, editions, viewer } = await visibleSeries(reads, slug, asked);
  const edition = await editionView(reads, row, chooseEdition(row.originalLanguage, editions, options.edition ?? { wanted: [] }));
  const seriesTitle = editions.find((candidate) => candidate.language === edition.language)?.title ?? row.title;
  const { chapters, now } = options.atRelease
    ? asAtRelease(await withDraft(reads, rows, row.id, chapterSlug), chapterSlug, clock.now())
    : { chapters: rows, now: clock.now() };
  const listed = listedRows(chapters, viewer, now);
  const index = listed.findIndex((chapter) => chapter.row.slug === chapterSlug);
  if (index === -1) throw new AppError('chapter_not_found', 'apiErrors.chapterNotFound');
  const summary = summaryOf(row, edition, listed[index]!, viewer, now);
  const canRead = canReadChapter(summary.access, viewer);
  // A translation is readable when its chapter is: the same release, price and lock.
  const [whole, credits] = await Promise.all([chapterBody(reads, row, chapterSlug, summary.language), reads.credits(row.id)]);
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
    return chapter ? { slug: chapter.slug, number: chapter.number, title: chapterInEdition(edition, chapter).title } : null;
  };
  const data = {
    series: {
      id: row.id,
      slug: row.slug,
      title: seriesTitle,
      type: row.type,
      cover: coverOf(row),
      freeLadder: toFreeLadder(row),
      readingDirection: row.readingDirection,
      readerDefaults: readerDefaultsOf(row),
    },
    chapter: summary,
    // Who made it (issue 37 §2): its own credits, its series' for the roles it leaves out.
    credits: chapterCreditsFrom(credits, summary.id),
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
      .map((chapter) => summaryOf(row, edition, chapter, viewer, now)),
    chapterCount: listed.length,
    language: summary.language,
    fallback: summary.fallback,
  };
  const ladder: ChapterLadder = {
    seriesId: row.id,
    chapterId: summary.id,
    chapter: { price: summary.price, freeAt: summary.freeAt ? new Date(summary.freeAt) : null },
    access: summary.access,
    settings: row,
    // Readers see only chapters that are out (and a member their early ones), newest first: this
    // one's place is how many of those out are newer.
    newer: listed[index]!.newer,
  };
  return { data, ladder, viewer };
}

/**
 * The viewer's own part of a chapter answer: the ways it opens for them now (their pass and
 * daily free read for them) and, while a rental opens it, until when. A visitor's needs no read.
 */
async function personalPart(
  { db, clock }: CatalogueReads,
  ladder: ChapterLadder,
  viewer: Viewer,
): Promise<Pick<ChapterContent, 'offers' | 'openUntil'>> {
  const rentals = rentalsMatter(ladder, viewer) ? await latestRentals(db, viewer.userId!, ladder.seriesId) : NO_RENTALS;
  return ownPartOf(ladder, viewer, rentals, clock.now());
}

/**
 * Whether the viewer's rentals in the series change their offers here: a reader with an account,
 * on a chapter locked to them, in a series where a pass or the daily free read can open it.
 */
function rentalsMatter(ladder: ChapterLadder, viewer: Viewer) {
  const isLocked = ladder.access === 'locked' || ladder.access === 'early_access';
  return viewer.userId !== null && isLocked && (passOpens(ladder.settings, ladder.newer) || hasDailyFree(ladder.settings));
}

/** The own part from the viewer's rentals in the series (none for a visitor). */
function ownPartOf(ladder: ChapterLadder, viewer: Viewer, rentals: RentalState, now: Date) {
  // Read with the viewer's unlocks (withUnlocks): no query of its own on every chapter a reader
  // opens. A chapter free by now is open to all, and a premium reader's by their plan, whatever a rental says.
  const openUntil = openUntilOf(ladder.chapterId, ladder.access, viewer);
  return {
    offers: offersFor({ ...ladder, rentals, now }),
    openUntil: openUntil?.toISOString() ?? null,
  };
}

/** The end of an answer with no offers and no rental: a chapter open to its viewer. */
const NO_OWN_PART = ',"offers":[],"openUntil":null}}';

/**
 * Whether the viewer's own part is `NO_OWN_PART` with nothing to read or work out (issue 40): a
 * chapter not for sale to them (no offers, so their rentals do not matter) and not open by a
 * rental (no rental's end), as `personalPart` would find: a visitor's free chapter, a premium
 * reader's, one the reader bought.
 */
const hasNoOwnPart = (ladder: ChapterLadder, viewer: Viewer) =>
  !isForSale(ladder.access) && openUntilOf(ladder.chapterId, ladder.access, viewer) === undefined;

/** Whose own part an answer ends with: a page drawn for a class (`classOnly`) leaves the reader's rentals out. */
const ownPartViewer = (viewer: Viewer, classOnly: boolean | undefined): Viewer =>
  classOnly ? { ...viewer, userId: null } : viewer;

/** The viewer's own part as the end of the answer's JSON. */
const tailOf = (own: Pick<ChapterContent, 'offers' | 'openUntil'>) =>
  `,"offers":${JSON.stringify(own.offers)},"openUntil":${JSON.stringify(own.openUntil)}}}`;

/** How many answers of a chapter with different own parts (their rentals, their offers) are kept at once. */
const OWN_PARTS_KEPT = 4;

const answerKey = (slug: string, chapterSlug: string, language: string, accessClassName: string) =>
  `chapter:${slug}/${chapterSlug}:${language}:${accessClassName}`;

/** A chapter's answer for a class of viewers (see `accessClass`) in one edition, serialized once while it is kept. */
const chapterAnswer = (reads: CatalogueReads, slug: string, chapterSlug: string, viewer: Viewer, language: string) =>
  reads.answers.get(answerKey(slug, chapterSlug, language, accessClass(viewer)), async () => {
    const edition = { lang: language || undefined, wanted: [] };
    const { data, ladder } = await sharedChapter(reads, slug, chapterSlug, viewer, { edition });
    const json = JSON.stringify({ success: true, data });
    return {
      // Without the `}}` that closes `data` and the envelope: the viewer's own part goes before them.
      chapter: { head: Buffer.from(json.slice(0, -2)), byOwnPart: new Map<string, SharedJson>() },
      seriesId: data.series.id,
      chapterId: data.canRead ? data.chapter.id : undefined,
      ladder,
    };
  });

/** A chapter for its viewer, with the ways it opens for them (their pass, their rental). */
export async function chapterContent(
  reads: CatalogueReads,
  slug: string,
  chapterSlug: string,
  asked: Viewer,
  options: { reader?: Reader; edition?: EditionAsk } = {},
): Promise<ChapterContent> {
  const { data, ladder, viewer } = await sharedChapter(reads, slug, chapterSlug, asked, options);
  return { ...data, ...(await personalPart(reads, ladder, viewer)) };
}

/**
 * A chapter's answer, likewise shared by an access class; its page URLs are signed once per
 * answer. `classOnly` (a page drawn for a class of readers, issue 32 §1) leaves the reader's
 * own rentals out of its offers: their part of the page brings them (`chapterOffers`).
 */
export async function chapterJson(
  reads: CatalogueReads,
  slug: string,
  chapterSlug: string,
  asked: Viewer,
  reader: Reader,
  options: { classOnly?: boolean; atRelease?: boolean; edition?: EditionAsk } = {},
): Promise<SharedJson> {
  const viewer =
    asked.userId || asked.hasPremiumPass
      ? (await visibleSeries(reads, slug, asked)).viewer
      : await visitorOpening(reads, slug, asked);
  const language = await editionLanguageOf(reads, slug, options.edition ?? { wanted: [] });
  // A preview at release is the team member's alone: drawn afresh, never kept for a class.
  if (options.atRelease) {
    const edition = { lang: language || undefined, wanted: [] };
    const { data, ladder } = await sharedChapter(reads, slug, chapterSlug, viewer, { atRelease: true, edition });
    return sharedJson(JSON.stringify({ success: true, data: { ...data, ...(await personalPart(reads, ladder, viewer)) } }));
  }
  const answer = await chapterAnswer(reads, slug, chapterSlug, viewer, language);
  const ownViewer = ownPartViewer(viewer, options.classOnly);
  const tail = hasNoOwnPart(answer.ladder!, ownViewer)
    ? NO_OWN_PART
    : tailOf(await personalPart(reads, answer.ladder!, ownViewer));
  return answerFor(reads, answer, reader, tail);
}

/**
 * `chapterJson` for a visitor or a signed-in reader whose answer is kept, without a promise (issue
 * 40): their request is answered in the turn it came in. Undefined when anything is left to read
 * (their rentals among them): then `chapterJson`.
 */
export function keptChapterJson(
  reads: CatalogueReads,
  slug: string,
  chapterSlug: string,
  asked: Viewer,
  reader: Reader,
  options: { classOnly?: boolean; atRelease?: boolean; edition?: EditionAsk } = {},
): SharedJson | undefined {
  const opening = options.atRelease ? undefined : keptOpening(reads, slug, asked);
  if (!opening) return undefined;
  const { row, editions } = opening.bundle;
  const language = chooseEdition(row.originalLanguage, editions, options.edition ?? { wanted: [] });
  const answer = reads.answers.peek(answerKey(slug, chapterSlug, language, classOf(opening.viewer)));
  if (!answer) return undefined;
  const ladder = answer.ladder!;
  const viewer = ownPartViewer(opening.viewer, options.classOnly);
  if (hasNoOwnPart(ladder, viewer)) return answerFor(reads, answer, reader, NO_OWN_PART);
  if (rentalsMatter(ladder, viewer)) return undefined;
  return answerFor(reads, answer, reader, tailOf(ownPartOf(ladder, viewer, NO_RENTALS, reads.clock.now())));
}

/** A kept chapter answer closed with a viewer's own part; the view counted for a reader who may read it. */
function answerFor(reads: CatalogueReads, answer: SharedAnswer, reader: Reader, tail: string): SharedJson {
  if (answer.chapterId && reader) reads.views.count(reader, answer.seriesId, answer.chapterId);
  // The viewer's own part goes at the end of `data`, the envelope's last key: the shared
  // bytes are never parsed again (a novel's chapter is large), only closed after it.
  const { head, byOwnPart } = answer.chapter!;
  const kept = byOwnPart.get(tail);
  if (kept) return kept;
  // A visitor's, a premium reader's: the same own part for the whole class, so the same bytes
  // (and their compressions) while the answer is kept; a few kept per answer, the oldest let go.
  const made: SharedJson = { bytes: Buffer.concat([head, Buffer.from(tail)]) };
  if (byOwnPart.size >= OWN_PARTS_KEPT) byOwnPart.delete(byOwnPart.keys().next().value!);
  byOwnPart.set(tail, made);
  return made;
}

/** The viewer's own offers for a chapter (with their rentals): their part of a page shared by their class. */
export async function chapterOffers(
  reads: CatalogueReads,
  slug: string,
  chapterSlug: string,
  asked: Viewer,
): Promise<ChapterContent['offers']> {
  const { viewer, row } = await visibleSeries(reads, slug, asked);
  // Offers are the same in every edition: the original's answer carries them.
  return (
    await personalPart(reads, (await chapterAnswer(reads, slug, chapterSlug, viewer, row.originalLanguage)).ladder!, viewer)
  ).offers;
}
