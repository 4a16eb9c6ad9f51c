export {
  type ChapterListRow,
  findChapterBySlug,
  insertChapters,
  latestChaptersOf,
  type NewChapter,
  publishedOrScheduledChapters,
} from './chapters.repository';
export { chaptersRoutes } from './chapters.routes';
export { createChaptersService, hasReadableText } from './chapters.service';
export { insertPages, pagesOfChapter } from './pages.repository';
export { createPublishing, type Release } from './publishing';
