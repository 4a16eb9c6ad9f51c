export {
  type ChapterListRow,
  findChapterBySlug,
  insertChapters,
  latestChaptersOf,
  type NewChapter,
  publishedOrScheduledChapters,
} from './chapters.repository';
export { chapterForSale, chapterIsNotOut, chapterIsOut } from './chapter-predicates';
export { chaptersRoutes } from './chapters.routes';
export { createChaptersService } from './chapters.service';
export { hasReadableText } from './commands/release-rules';
export { insertPages, pagesOfChapter } from './pages.repository';
export { createPublishing, type Release } from './publishing';
