import { createHash } from 'node:crypto';
import type { ChapterContent } from '@inkwell/contract';
import type { Database } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import { AppError } from '../../../lib/app-error';
import { canReadChapter, type Viewer } from '../../identity/access';
import type { CatalogueService } from '../../catalogue/catalogue';
import { findChapterForFile, pagesOfChapter } from '../../catalogue/chapters';
import { genresOfSeries } from '../../catalogue/genres';
import { chapterFileKey, type MediaStorage } from '../../platform/media';
import { appImage } from './app-images';
import { buildCbz } from './cbz';
import { findChapterFile, insertChapterFile } from './downloads.repository';
import type { ChapterFileRow } from './queries/chapter-files';
import { buildEpub } from './epub';
import { partialMd5 } from './partial-md5';

/**
 * Raised when what goes into a format's files changes shape, so each of them is built again (a new
 * version is a new stored file and `chapter_files` row): CBZ 3 carries the ComicBookInfo comment.
 */
const FILE_REVISION: Record<FileFormat, number> = { cbz: 3, epub: 2 };

export type FileFormat = 'cbz' | 'epub';
export const FILE_TYPES: Record<FileFormat, string> = { cbz: 'application/vnd.comicbook+zip', epub: 'application/epub+zip' };

/**
 * What a chapter's file says of it and of its series, all of it part of the file's version: the
 * language of the text it carries (issue 35 §2), who made it and in which volume (issue 37 §2), so a
 * new credit makes a new file.
 */
function bookMeta(chapter: NonNullable<Awaited<ReturnType<typeof findChapterForFile>>>, content: ChapterContent, url: string) {
  const { title, author, artist, description } = chapter.series;
  return {
    series: { title, author, artist, description },
    chapter: {
      number: chapter.number,
      title: chapter.title,
      url,
      publishedAt: chapter.publishedAt?.toISOString() ?? null,
      volume: content.chapter.volume ?? null,
    },
    language: content.language,
    credits: (content.credits ?? []).map(({ role, name }) => ({ role, name })),
    readingDirection: content.series.readingDirection ?? 'ltr',
  };
}

/**
 * Chapters as files (issue 19 §4): a comic as CBZ with ComicInfo.xml, a novel as EPUB 3. A file is
 * built once per version of what goes into it and kept in media storage, under the chapter's private
 * prefix (never served by /media); its KOReader id (partial MD5) is kept beside it, so KOReader's
 * positions on it find the chapter. The server decides access on every download exactly as for the
 * reader: a locked chapter (a rental ended, a plan refunded) answers 402 and no byte of it.
 */
export function createDownloadsService(deps: {
  db: Database;
  clock: Clock;
  publicUrl: string;
  catalogue: CatalogueService;
  storage: MediaStorage;
}) {
  const { db, clock, publicUrl, catalogue, storage } = deps;
  // Two downloads of a file not built yet wait for one build (in this instance; across instances
  // both build the same bytes and the first row stays).
  const building = new Map<string, Promise<{ row: ChapterFileRow; bytes?: Buffer; name: string }>>();

  /** The chapter, if this viewer may read it whole; 404 for what is not out, 402 for what is locked. */
  async function readable(chapterId: string, viewer: Viewer, language?: string) {
    const chapter = await findChapterForFile(db, chapterId);
    if (!chapter) throw new AppError('chapter_not_found', 'apiErrors.chapterNotFound');
    // In the edition asked for (issue 35 §2), the original where it lacks the chapter.
    const edition = { lang: language, wanted: [] };
    const content = await catalogue.chapter(chapter.series.slug, chapter.slug, viewer, { edition });
    const url = `${publicUrl}/SeriesView/${encodeURIComponent(chapter.series.slug)}/${encodeURIComponent(chapter.slug)}`;
    if (!canReadChapter(content.chapter.access, viewer)) {
      throw new AppError('chapter_locked', 'apiErrors.readingApps.chapterLocked', { values: { url } });
    }
    return { chapter, content, url };
  }

  const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 32);

  /** What goes into the chapter's file, and the version that names it. */
  async function inputsOf(chapterId: string, viewer: Viewer, language?: string) {
    const { chapter, content, url } = await readable(chapterId, viewer, language);
    const format: FileFormat = chapter.series.type === 'comic' ? 'cbz' : 'epub';
    // A comic's genres are its ComicBookInfo tags (a new genre, a new file); an EPUB has none.
    const genres = format === 'cbz' ? (await genresOfSeries(db, chapter.series.id)).map((genre) => genre.name) : [];
    const meta = { ...bookMeta(chapter, content, url), ...(format === 'cbz' ? { genres } : {}) };
    // A translation's pages when the edition has them; the original's otherwise.
    const translated =
      format === 'cbz' && language && !content.fallback ? await pagesOfChapter(db, chapter.id, content.language) : [];
    const pages = format !== 'cbz' ? [] : translated.length > 0 ? translated : await pagesOfChapter(db, chapter.id);
    const html = content.content ?? '';
    const version = digest([FILE_REVISION[format], meta, format === 'cbz' ? pages.map((page) => page.imageKey) : html]);
    const edition = language && !content.fallback ? `-${content.language}` : '';
    const name = `${chapter.series.slug}-${String(chapter.number).replace('.', '_')}${edition}.${format}`;
    return { chapter, format, meta, pages, html, version, name };
  }
  type Inputs = Awaited<ReturnType<typeof inputsOf>>;

  /** The file's bytes: the same inputs give the same bytes. */
  async function render({ chapter, format, meta, pages, html }: Inputs) {
    if (format === 'epub') {
      const epub = buildEpub({ id: chapter.id, ...meta, html });
      return { bytes: epub.bytes, units: epub.paragraphs.length, paragraphPaths: epub.paragraphs };
    }
    const images = [];
    for (const page of pages) {
      const stored = await storage.get(page.imageKey);
      if (!stored) throw new AppError('not_found', 'apiErrors.readingApps.pageImageOfChapterMissing');
      const converted = await appImage(Buffer.concat((await stored.body.toArray()) as Buffer[]));
      images.push({ bytes: converted.body, extension: converted.extension, width: page.width, height: page.height });
    }
    return { bytes: buildCbz({ ...meta, pages: images }), units: pages.length, paragraphPaths: null };
  }

  /** The chapter's file as built (built now, and kept, when this version never was). */
  async function fileOf(
    chapterId: string,
    viewer: Viewer,
    language?: string,
  ): Promise<{ row: ChapterFileRow; bytes?: Buffer; name: string }> {
    const inputs = await inputsOf(chapterId, viewer, language);
    const existing = await findChapterFile(db, inputs.chapter.id, inputs.format, inputs.version);
    if (existing) return { row: existing, name: inputs.name };
    const pending = building.get(inputs.version);
    if (pending) return pending;
    const build = buildFile(inputs).finally(() => building.delete(inputs.version));
    building.set(inputs.version, build);
    return build;
  }

  async function buildFile(inputs: Inputs) {
    const { bytes, units, paragraphPaths } = await render(inputs);
    const row = {
      chapterId: inputs.chapter.id,
      format: inputs.format,
      version: inputs.version,
      storageKey: chapterFileKey(inputs.chapter.id, inputs.format, inputs.version),
      size: bytes.length,
      partialMd5: partialMd5(bytes),
      units,
      paragraphPaths,
      createdAt: clock.now(),
    };
    await storage.put(row.storageKey, bytes, FILE_TYPES[inputs.format]);
    await insertChapterFile(db, row);
    return { row, bytes, name: inputs.name };
  }

  return {
    readable,

    /** A chapter and its series by the chapter's id, whoever asks (404 when there is none). */
    async describeChapter(chapterId: string) {
      const chapter = await findChapterForFile(db, chapterId);
      if (!chapter) throw new AppError('chapter_not_found', 'apiErrors.chapterNotFound');
      return chapter;
    },

    /**
     * The chapter's file for this viewer, in an edition's language when asked (issue 35 §2): its
     * bytes, name, type and stored row (with its KOReader id).
     */
    async file(chapterId: string, format: FileFormat, viewer: Viewer, language?: string) {
      const built = await fileOf(chapterId, viewer, language);
      if (built.row.format !== format)
        throw new AppError('not_found', 'apiErrors.readingApps.downloadsAs', { values: { format: built.row.format } });
      let bytes = built.bytes;
      if (!bytes) {
        // The key, not the row's storage_key: a row from before files moved under their chapter
        // still names the retired public key (media-keys.ts).
        const key = chapterFileKey(built.row.chapterId, built.row.format, built.row.version);
        const stored = await storage.get(key);
        if (stored) bytes = Buffer.concat((await stored.body.toArray()) as Buffer[]);
        else {
          // The stored copy went missing (or was retired): the same version renders the same bytes again.
          bytes = (await render(await inputsOf(chapterId, viewer, language))).bytes;
          await storage.put(key, bytes, FILE_TYPES[format]);
        }
      }
      return { bytes, name: built.name, type: FILE_TYPES[format], row: built.row };
    },
  };
}
export type DownloadsService = ReturnType<typeof createDownloadsService>;
