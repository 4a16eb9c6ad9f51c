export { appImage, APP_IMAGE_MAX_WIDTH, storedAppImage } from './app-images';
export { createDownloadsService, FILE_TYPES, type DownloadsService, type FileFormat } from './downloads.service';
export { downloadsRoutes, downloadPath } from './downloads.routes';
export { findFileByPartialMd5, type ChapterFileRow } from './downloads.repository';
export { chapterXhtml, paragraphOf, pointerOf } from './epub';
export { partialMd5 } from './partial-md5';
