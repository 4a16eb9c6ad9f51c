import { naturalCompare } from '../../../../lib/natural-sort';
import { isPageEntryName } from '../../../platform/media';
import type { ArchiveCache } from './archives';
import { readArchiveItem, readEpubItem, readFolderItem, type ItemRead } from './chapter-items';
import { baseName } from './failures';
import type { SourceEntry } from './source-tree';

// How a library is laid out: which folders are series, and which files and folders their chapters.

const ARCHIVE = /\.(cbz|zip)$/i;
const EPUB = /\.epub$/i;
export const COVER = /^(cover|folder)\.(jpe?g|png|webp|avif|gif)$/i;
const isChapterFile = (path: string) => ARCHIVE.test(path) || EPUB.test(path);
/** Dotfiles, macOS' and Windows' own files: never part of a library. */
export const isIgnored = (path: string) =>
  path.split('/').some((part) => part.startsWith('.') || part === '__MACOSX') ||
  /^(thumbs\.db|desktop\.ini)$/i.test(baseName(path));
const parentOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');

export interface SeriesFolder {
  /** Its path in the tree ('' when the root is the series). */
  path: string;
  name: string;
  /** Its files, by paths from the series folder. */
  entries: SourceEntry[];
}

/** A folder named as a volume (`Vol 1`, `Volume 02 - Title`): the root holding only these is one series. */
const VOLUME_FOLDER = /^\s*(volume|vol|v|tome|tomo)[\s._-]*\d/i;

/** A folder of only images, directly: a chapter, not a series. */
const isImageFolder = (entries: SourceEntry[]) =>
  entries.every((entry) => !entry.path.includes('/') && isPageEntryName(entry.path));

/**
 * The series of a tree: each top-level folder, or the root itself when it holds chapter files or
 * folders of images. A root holding a single folder and nothing else is a wrapper (a .zip of a
 * folder), looked through, so a folder and its .zip read the same.
 */
export function seriesFolders(entries: SourceEntry[], treeName: string): SeriesFolder[] {
  let name = treeName;
  let files = entries;
  for (;;) {
    const tops = new Set(files.map((entry) => entry.path.split('/')[0]!));
    if (tops.size !== 1 || files.some((entry) => !entry.path.includes('/'))) break;
    name = [...tops][0]!;
    files = files.map((entry) => ({ ...entry, path: entry.path.slice(name.length + 1) }));
  }
  const groups = new Map<string, SourceEntry[]>();
  for (const entry of files.filter((entry) => entry.path.includes('/'))) {
    const top = entry.path.split('/')[0]!;
    const group = groups.get(top) ?? [];
    group.push({ ...entry, path: entry.path.slice(top.length + 1) });
    groups.set(top, group);
  }
  const rootHoldsChapters = files.some(
    (entry) =>
      !entry.path.includes('/') && (isChapterFile(entry.path) || (isPageEntryName(entry.path) && !COVER.test(entry.path))),
  );
  const rootIsSeries =
    rootHoldsChapters ||
    (groups.size > 0 && [...groups.values()].every(isImageFolder)) ||
    (groups.size > 0 && [...groups.keys()].every((top) => VOLUME_FOLDER.test(top)));
  if (rootIsSeries) return [{ path: '', name, entries: files }];
  return [...groups].sort(([a], [b]) => naturalCompare(a, b)).map(([top, group]) => ({ path: top, name: top, entries: group }));
}

interface Item {
  path: string;
  read: (cache: ArchiveCache) => Promise<ItemRead>;
}

/** A series folder's chapter files and folders of images, in natural order. */
export function itemsOf(folder: SeriesFolder): Item[] {
  const full = (path: string) => (folder.path ? `${folder.path}/${path}` : path);
  const items: Item[] = [];
  const folders = new Map<string, SourceEntry[]>();
  const comicInfos = new Map<string, SourceEntry>();
  for (const entry of folder.entries) {
    if (baseName(entry.path).toLowerCase() === 'comicinfo.xml') comicInfos.set(parentOf(entry.path), entry);
    if (ARCHIVE.test(entry.path))
      items.push({ path: full(entry.path), read: (cache) => readArchiveItem(entry, full(entry.path), cache) });
    else if (EPUB.test(entry.path))
      items.push({ path: full(entry.path), read: (cache) => readEpubItem(entry, full(entry.path), cache) });
    else if (isPageEntryName(entry.path) && !(parentOf(entry.path) === '' && COVER.test(entry.path))) {
      const images = folders.get(parentOf(entry.path)) ?? [];
      images.push(entry);
      folders.set(parentOf(entry.path), images);
    }
  }
  // Images beside chapter files are artwork (a cover); alone, they are a one-shot's pages.
  if (folders.size > 1 || items.length > 0) folders.delete('');
  for (const [path, images] of folders) {
    const pages = images.sort((a, b) => naturalCompare(a.path, b.path));
    const label = path ? baseName(path) : folder.name;
    const itemPath = path ? full(path) : folder.path || folder.name;
    items.push({ path: itemPath, read: () => readFolderItem(itemPath, label, pages, comicInfos.get(path)) });
  }
  return items.sort((a, b) => naturalCompare(a.path, b.path));
}
