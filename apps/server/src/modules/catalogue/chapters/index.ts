export {
  type ChapterListRow,
  findChapterBySlug,
  insertChapters,
  latestChaptersOf,
  type NewChapter,
  publishedOrScheduledChapters,
  refreshLastChapterAt,
} from './chapters.repository';
export { chapterForSale, chapterIsNotOut, chapterIsOut } from './chapter-predicates';
// downloads: a chapter with what its downloadable file says of it and of its series.
export { findChapterForFile } from './chapter-books.repository';
// For other modules' rows that name their chapter (decision 0036): the join, the columns each reads,
// and a chapter with its series when a module asks for it alone.
export { chapterLinkColumns, findChapterWithLink, joinChapter } from './chapters.repository';
// notifications: a released chapter as its notices name it, and whether one can turn free for a reader.
export { findChapterShownNow, findChapterTerms } from './chapters.repository';
// library: the chapters a reader saves progress on (access and length), and where a series picks up
// after a completed chapter.
export { findChapterForProgress, findChaptersForProgress, nextChaptersOut } from './chapter-reading.repository';
export { chaptersRoutes } from './chapters.routes';
export { createChaptersService } from './chapters.service';
export { hasReadableText } from './commands/release-rules';
export { insertPages, pagesOfChapter } from './pages.repository';
export { createPublishing, type Release } from './publishing';
// wallet: the chapters a sale or a rental is about (with their series' terms), how many are still
// for sale or newer, and the names of the chapters (and their series) its coin history points at.
export {
  chapterHeadingColumns,
  chaptersWithSaleTerms,
  countChaptersForSale,
  joinSeriesOfChapter,
  newerChaptersOut,
} from './chapter-sales.repository';
