export { isPageEntryName, isUnsafeEntryName, listArchiveImages } from './archive';
export { createAvifWorker, createImageStore, type ImageStore, type StoredImage } from './image-store';
export {
  BANNER_MAX_WIDTH,
  COVER_MAX_WIDTH,
  encodeSquares,
  PAGE_MAX_WIDTH,
  PAGE_SLICE_ABOVE,
  processImage,
  readImageHeader,
  sniffImageType,
} from './images';
export { appImagesPrefix, chapterFileKey, chapterPrefix, removeRetiredCopies } from './media-keys';
export { mediaUrl, srcSetOf, toImage } from './media-urls';
export { mediaRoutes } from './media.routes';
export { createUrlSigner, type UrlSigner } from './signed-urls';
export { createDiskStorage, createS3Storage, type MediaStorage } from './storage';
