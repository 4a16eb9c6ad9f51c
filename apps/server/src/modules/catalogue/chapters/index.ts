// catalogue and library: a series' chapters as readers' pages list them, and a chapter by its slug.
export { findChapterBySlug, latestChaptersOf, publishedOrScheduledChapters } from './queries/published-chapters';
export { type ChapterListRow, type NewChapter } from './chapters.sql';
// The demo's seed and the tests' factories: chapters written at once, and their series' newest date.
export { insertChapters, insertPages, refreshLastChapterAt } from './commands/chapter-rows';
export { chapterForSale, chapterIsNotOut, chapterIsOut } from './chapter-predicates';
// downloads: a chapter with what its downloadable file says of it and of its series.
export { findChapterForFile } from './queries/chapter-lookups';
// For other modules' rows that name their chapter (decision 0036): the join, the columns each reads,
// and a chapter with its series when a module asks for it alone (comments).
export { chapterLinkColumns, joinChapter } from './chapters.sql';
// notifications: whether a chapter can be read in a translated edition yet (issue 35 §2).
export { chapterReadableIn } from './chapters.sql';
export { findChapterWithLink } from './queries/chapter-lookups';
// relations (issue 39 §5): a chapter map's chapters, their series and links, and a map row's chapter in a series.
export { findChaptersById } from './queries/chapter-lookups';
export { chapterInSeries } from './chapters.sql';
// notifications: a released chapter as its notices name it, and whether one can turn free for a reader.
export { findChapterShownNow, findChapterTerms } from './queries/chapter-lookups';
// library: the chapters a reader saves progress on (access and length), and where a series picks up
// after a completed chapter.
export { findChapterForProgress, findChaptersForProgress, nextChaptersOut } from './queries/progress';
export { nextChapterOutJson } from './chapters.sql';
// library's bookmarks page: a series' latest chapter out, and the next one out after where a reader is.
export { chapterCardColumns, latestChapterOutOf, nextChapterOutAfter } from './chapters.sql';
export { chaptersRoutes } from './chapters.routes';
export { createChaptersService } from './chapters.service';
export { hasReadableText } from './commands/release-rules';
// catalogue, downloads and the reading apps: a chapter's pages, one edition's, in order.
export { pagesOfChapter } from './queries/pages';
export { createPublishing, type Release } from './publishing';
// The catalogue and the reading apps (issue 37 §2): a chapter's own credits read with their users'
// current names (written through the create and edit calls' `credits`), what readers see of them
// with the series' defaults; account-data: an erased account unlinked from every credit.
export { unlinkCreditsOf } from './commands/credits';
export { chapterCreditsInSeries } from './queries/credits';
export { effectiveCredits } from './credits';
// wallet: the chapters a sale or a rental is about (with their series' terms), how many are still
// for sale or newer, and the names of the chapters (and their series) its coin history points at.
export { chaptersWithSaleTerms, countChaptersForSale, newerChaptersOut } from './queries/sales';
// library's history uses chapterHeadingColumns too.
export { chapterHeadingColumns, joinSeriesOfChapter } from './chapters.sql';
// imports (issue 37 §1): the digest of the file each imported chapter was made from.
export { chapterImportHashes, chapterNumbersOf, recordChapterImportHash } from './commands/import-hash';
