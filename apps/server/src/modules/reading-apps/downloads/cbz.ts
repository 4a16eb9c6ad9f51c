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

/**
 * A comic chapter as a CBZ: its pages named in reading order (001.jpg, 002.jpg, …, so every reader
 * sorts them right), stored as they are (they are compressed already), then ComicInfo.xml.
 */
export function buildCbz(book: ComicBook): Buffer {
  const width = Math.max(3, String(book.pages.length).length);
  return deterministicZip([
    ...book.pages.map((page, index) => ({
      name: `${String(index + 1).padStart(width, '0')}.${page.extension}`,
      bytes: page.bytes,
      store: true,
    })),
    { name: 'ComicInfo.xml', bytes: Buffer.from(comicInfo(book)) },
  ]);
}
