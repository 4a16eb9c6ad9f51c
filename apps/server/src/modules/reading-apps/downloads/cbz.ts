import type { ReadingDirection } from '@inkwell/contract';
import { escapeHtml as xml } from '../../../lib/page-meta';
import { type BookCredit, namesOf } from './book-credits';
import { deterministicZip } from './zip';

export interface ComicBook {
  series: { title: string; author: string; artist: string; description: string };
  chapter: { number: number; title: string; url: string; publishedAt: string | null; volume?: number | null };
  language: string;
  /** Who made it (issue 37 §2): the chapter's credits as readers see them; the series' author and artist fill a role they leave out. */
  credits?: BookCredit[];
  /** 'rtl': a manga, read right to left. */
  readingDirection?: ReadingDirection;
  /** The series' genres, by name: the ComicBookInfo comment's tags. */
  genres?: string[];
  /** Each page's image, in reading order, as JPEG or PNG. */
  pages: { bytes: Uint8Array; extension: 'jpg' | 'png'; width: number; height: number }[];
}

/** ComicInfo.xml (the Anansi schema 2.0 most comic readers read), its elements in the schema's order. */
function comicInfo(book: ComicBook): string {
  const { series, chapter } = book;
  const published = chapter.publishedAt ? new Date(chapter.publishedAt) : null;
  const field = (name: string, value: string | number | null | undefined) =>
    value === null || value === undefined || value === '' ? '' : `  <${name}>${xml(String(value))}</${name}>\n`;
  const pages = book.pages
    .map(
      (page, index) =>
        `    <Page Image="${index}" ImageWidth="${page.width}" ImageHeight="${page.height}"${index === 0 ? ' Type="FrontCover"' : ''}/>\n`,
    )
    .join('');
  return (
    `<?xml version="1.0" encoding="utf-8"?>\n` +
    `<ComicInfo xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">\n` +
    field('Title', chapter.title || `Chapter ${chapter.number}`) +
    field('Series', series.title) +
    field('Number', chapter.number) +
    field('Volume', chapter.volume) +
    field('Summary', series.description) +
    field('Year', published?.getUTCFullYear()) +
    field('Month', published ? published.getUTCMonth() + 1 : null) +
    field('Day', published?.getUTCDate()) +
    field('Writer', namesOf(book.credits, 'writer', series.author)) +
    field('Penciller', namesOf(book.credits, 'artist', series.artist)) +
    field('Letterer', namesOf(book.credits, 'letterer')) +
    field('Editor', namesOf(book.credits, 'editor')) +
    field('Translator', namesOf(book.credits, 'translator')) +
    field('Web', chapter.url) +
    field('PageCount', book.pages.length) +
    field('LanguageISO', book.language) +
    field('Manga', book.readingDirection === 'rtl' ? 'YesAndRightToLeft' : null) +
    `  <Pages>\n${pages}  </Pages>\n` +
    `</ComicInfo>\n`
  );
}

/** ComicBookInfo's words for the roles it knows; calibre takes Writer and Artist as the book's authors. */
const CBI_ROLES = {
  writer: 'Writer',
  artist: 'Artist',
  letterer: 'Letterer',
  editor: 'Editor',
  translator: 'Translator',
} as const;
/** A long summary is cut: the whole comment must fit the zip's 65,535 bytes. */
const CBI_COMMENTS_MAX = 4000;

const englishLanguageName = (code: string) => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
};

/**
 * The ComicBookInfo/1.0 record calibre (and ComicRack's heirs) read from a CBZ's zip comment, as
 * JSON in ASCII (every other character escaped). No `volume`: calibre numbers a book by its volume
 * before its issue, and a chapter is the issue. Nothing in it depends on when it is built.
 */
function comicBookInfo(book: ComicBook): string {
  const { series, chapter } = book;
  const published = chapter.publishedAt ? new Date(chapter.publishedAt) : null;
  const people = (role: keyof typeof CBI_ROLES, fallback = '') => {
    const named = (book.credits ?? []).filter((credit) => credit.role === role).map((credit) => credit.name);
    // The series' old free-text author may list several people; CBI wants one person a credit.
    const names = named.length > 0 ? named : fallback.split(/\s*[,;]\s*/).filter(Boolean);
    return names.map((person, index) => ({ person, role: CBI_ROLES[role], ...(index === 0 ? { primary: 'YES' } : {}) }));
  };
  const baseLanguage = book.language.split('-')[0] ?? book.language;
  const record = {
    series: series.title,
    title: chapter.title || `Chapter ${chapter.number}`,
    issue: chapter.number,
    ...(published ? { publicationYear: published.getUTCFullYear(), publicationMonth: published.getUTCMonth() + 1 } : {}),
    language: englishLanguageName(baseLanguage),
    // calibre checks `language` but reads the code from `lang`.
    lang: baseLanguage,
    credits: [
      ...people('writer', series.author),
      ...people('artist', series.artist),
      ...people('letterer'),
      ...people('editor'),
      ...people('translator'),
    ],
    ...(book.genres && book.genres.length > 0 ? { genre: book.genres.join(', '), tags: book.genres } : {}),
    ...(series.description ? { comments: series.description.slice(0, CBI_COMMENTS_MAX) } : {}),
  };
  const modified = (published ?? new Date(Date.UTC(2000, 0, 1, 12))).toISOString().slice(0, 19).replace('T', ' ');
  const json = JSON.stringify({ appID: 'Inkwell', lastModified: `${modified} +0000`, 'ComicBookInfo/1.0': record });
  return json.replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * A comic chapter as a CBZ: its pages named in reading order (001.jpg, 002.jpg, …, so every reader
 * sorts them right), stored as they are (they are compressed already), then ComicInfo.xml; the
 * ComicBookInfo record in the zip's comment.
 */
export function buildCbz(book: ComicBook): Buffer {
  const width = Math.max(3, String(book.pages.length).length);
  return deterministicZip(
    [
      ...book.pages.map((page, index) => ({
        name: `${String(index + 1).padStart(width, '0')}.${page.extension}`,
        bytes: page.bytes,
        store: true,
      })),
      { name: 'ComicInfo.xml', bytes: Buffer.from(comicInfo(book)) },
    ],
    { comment: comicBookInfo(book) },
  );
}
