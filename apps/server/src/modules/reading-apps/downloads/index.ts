export { storedAppImage } from './app-images';
export { createDownloadsService, FILE_TYPES, type DownloadsService } from './downloads.service';
export { downloadsRoutes, downloadPath } from './downloads.routes';
// koreader: the file a KOReader document id names.
export { findFileByPartialMd5, type ChapterFileRow } from './queries/chapter-files';
export { chapterXhtml, paragraphOf, pointerOf } from './epub';
