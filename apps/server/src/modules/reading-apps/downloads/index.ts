export { storedAppImage } from './app-images';
export { createDownloadsService, FILE_TYPES, type DownloadsService } from './downloads.service';
export { downloadsRoutes, downloadPath } from './downloads.routes';
export { findFileByPartialMd5, type ChapterFileRow } from './downloads.repository';
export { chapterXhtml, paragraphOf, pointerOf } from './epub';
