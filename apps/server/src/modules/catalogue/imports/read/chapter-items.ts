import type { PlanFailure, SourceFile } from '../plan';
import { chapterArchive, memberFile, type ArchiveCache } from './archives';
import { readComicInfo } from './comicinfo';
import { readEpub } from './epub';
import { baseName, failureOf, ImportReadError } from './failures';
import { parseChapterName, type NameParts } from './filenames';
import { digestPages, digestText } from './hash';
import type { ChapterHints, SeriesHints } from './hints';
import { CHAPTER_CAPS, EPUB_CAPS } from './zip';

/** A chapter as read from its file, before the series numbers it and weighs its metadata. */
export interface ChapterDraft {
  path: string;
  kind: 'comic' | 'novel';
  /** What its name (or its table-of-contents label) says. */
  name: NameParts;
  /** What its own metadata says (ComicInfo, the EPUB's package), which wins over its name. */
  hints: ChapterHints;
  pages: SourceFile[];
  content: string | null;
  /** The digest of its pages' bytes or its text (hash.ts). */
  digest: string;
  /** A novel's part: the EPUB it is cut from, whose parts the series numbers together. */
  book?: string;
}

/** What one item of a series folder gave: its chapters, what it says of the series, its failures. */
export interface ItemRead {
  drafts: ChapterDraft[];
  series: SeriesHints;
  cover: SourceFile | undefined;
  failures: PlanFailure[];
}

const read = (drafts: ChapterDraft[], series: SeriesHints = {}, cover?: SourceFile): ItemRead => ({
  drafts,
  series,
  cover,
  failures: [],
});

/** A .cbz or .zip: its images in natural order, and its ComicInfo.xml when it has one. */
export async function readArchiveItem(file: SourceFile, path: string, cache: ArchiveCache): Promise<ItemRead> {
  const zip = await cache(file, CHAPTER_CAPS, path);
  const { pages, comicInfo } = chapterArchive(zip, path);
  const info = comicInfo ? readComicInfo((await comicInfo.read()).toString('utf8')) : { series: {}, chapter: {} };
  const files = pages.map((page) => memberFile(cache, file, CHAPTER_CAPS, path, page));
  const digest = await digestPages(files);
  return read(
    [{ path, kind: 'comic', name: parseChapterName(baseName(path)), hints: info.chapter, pages: files, content: null, digest }],
    info.series,
  );
}

/** A folder of images: one chapter, its pages the images directly in it, with the ComicInfo.xml beside them if any. */
export async function readFolderItem(
  path: string,
  label: string,
  images: SourceFile[],
  comicInfo: SourceFile | undefined,
): Promise<ItemRead> {
  if (images.length === 0) throw new ImportReadError('apiErrors.imports.noPages', { name: label });
  if (comicInfo && comicInfo.size > 1024 * 1024)
    throw new ImportReadError('apiErrors.imports.unreadable', { name: comicInfo.name });
  const info = comicInfo ? readComicInfo((await comicInfo.read()).toString('utf8')) : { series: {}, chapter: {} };
  const digest = await digestPages(images);
  return read(
    [{ path, kind: 'comic', name: parseChapterName(label), hints: info.chapter, pages: images, content: null, digest }],
    info.series,
  );
}

/**
 * An EPUB: a comic's becomes one chapter of its pages; a novel's, one chapter per table-of-contents
 * entry. A novel's parts keep the numbers their labels say only when every label says one, in
 * order ("Chapter 1"…); otherwise the series numbers them after its last.
 */
export async function readEpubItem(file: SourceFile, path: string, cache: ArchiveCache): Promise<ItemRead> {
  const zip = await cache(file, EPUB_CAPS, path);
  const book = await readEpub(zip, path);
  const cover = book.cover && memberFile(cache, file, EPUB_CAPS, path, book.cover);
  const fileName = parseChapterName(baseName(path));
  if (book.pages.length > 0) {
    const files = book.pages.map((page) => memberFile(cache, file, EPUB_CAPS, path, page));
    const digest = await digestPages(files);
    return read(
      [{ path, kind: 'comic', name: fileName, hints: book.pkg.chapter, pages: files, content: null, digest }],
      book.pkg.series,
      cover,
    );
  }
  const labels = book.parts.map((part) => parseChapterName(part.label, { strict: true }));
  const numbered = labels.every(
    (label, index) => label.number !== null && (index === 0 || label.number > labels[index - 1]!.number!),
  );
  const { title: _bookTitle, ...bookHints } = book.pkg.chapter;
  const volume = bookHints.volume ?? fileName.volume ?? undefined;
  const result = read([], book.pkg.series, cover);
  book.parts.forEach((part, index) => {
    const partPath = `${path}#${index + 1}`;
    if (part.tooLong) {
      result.failures.push(
        failureOf(partPath, new ImportReadError('apiErrors.imports.chapterTooLong', { name: part.label || partPath })),
      );
      return;
    }
    const label = labels[index]!;
    result.drafts.push({
      path: partPath,
      kind: 'novel',
      name: { number: numbered ? label.number : null, volume: volume ?? null, title: numbered ? label.title : part.label },
      hints: { ...bookHints, ...(volume !== undefined ? { volume } : {}) },
      pages: [],
      content: part.html,
      digest: digestText(part.html),
      book: path,
    });
  });
  return result;
}
