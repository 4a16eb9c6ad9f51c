/** What a chapter file's or folder's name says of it, when no metadata does. */
export interface NameParts {
  number: number | null;
  volume: number | null;
  title: string;
}

const NUMBER = String.raw`(\d+(?:[.,]\d+)?)`;
// Markers stand after a non-letter, so "Epic 15" is not chapter 15 of "c", yet "v02c015" reads.
const VOLUME = new RegExp(
  String.raw`(?<![\p{L}])(?:volume|vol|v|tome|tomo|t)\.?\s*${NUMBER}(?=$|[^\p{L}\d]|c(?:h(?:apter)?)?\.?\s*\d)`,
  'iu',
);
const CHAPTER = new RegExp(
  String.raw`(?<![\p{L}])(?:chapter|chapitre|cap[ií]tulo|chap|ch|c|episode|ep|#)\.?\s*${NUMBER}(?!\d)`,
  'iu',
);
const BRACKETS = /\[[^\]]*\]|\([^)]*\)|\{[^}]*\}/g;
/** Separators people put between a number and a title. */
const LEADING_SEPARATORS = /^[\s\-–—:._|]+/;

/** A number as a chapter or volume keeps it: two decimals, within the form's bounds. */
export function chapterNumber(text: string | null | undefined): number | null {
  if (text == null) return null;
  const match = /\d+(?:[.,]\d+)?/.exec(text.trim());
  if (!match) return null;
  const value = Math.round(Number(match[0].replace(',', '.')) * 100) / 100;
  return Number.isFinite(value) && value >= 0 && value <= 100_000 ? value : null;
}

const tidyTitle = (text: string) =>
  text
    .replace(BRACKETS, ' ')
    .replace(LEADING_SEPARATORS, '')
    .replace(/[\s\-–—:._|]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Reads `Vol 2 Ch 15.5`, `v02 c015`, `c015`, `Chapter 15 - Title`, `015 - Title`, `Ch.15.5 Title`,
 * `Series - c015 (v02) [Group]`, `Series 1000`… A marked chapter number wins; else a leading
 * number (the rest is its title); else the last bare number. Brackets hold groups and years, except
 * a volume (`(v02)`). `strict` (a table of contents' label) takes no bare number from inside a title.
 */
export function parseChapterName(raw: string, { strict = false } = {}): NameParts {
  let text = raw.replace(/\.(cbz|zip|epub)$/i, '').replace(/_/g, ' ');
  let volume: number | null = null;
  const volumeMatch = VOLUME.exec(text);
  if (volumeMatch) {
    volume = chapterNumber(volumeMatch[1]);
    text = text.slice(0, volumeMatch.index) + ' ' + text.slice(volumeMatch.index + volumeMatch[0].length);
  }
  const chapterMatch = CHAPTER.exec(text.replace(BRACKETS, (part) => ' '.repeat(part.length)));
  if (chapterMatch) {
    return {
      number: chapterNumber(chapterMatch[1]),
      volume,
      title: tidyTitle(text.slice(chapterMatch.index + chapterMatch[0].length)),
    };
  }
  const plain = text.replace(BRACKETS, ' ').trim();
  const leading = /^(\d+(?:[.,]\d+)?)(?![\p{L}\d])(.*)$/u.exec(plain);
  if (leading) return { number: chapterNumber(leading[1]), volume, title: tidyTitle(leading[2]!) };
  if (strict) return { number: null, volume, title: tidyTitle(plain) };
  const numbers = [...plain.matchAll(/(?<![\p{L}\d.])(\d+(?:[.,]\d+)?)(?![\p{L}\d])/gu)];
  const last = numbers.at(-1);
  return { number: last ? chapterNumber(last[1]) : null, volume, title: '' };
}

/** A volume named by a folder the chapter sits in (`Vol 2/c015.cbz`). */
export function volumeOfFolder(folder: string): number | null {
  const match = VOLUME.exec(folder.replace(/_/g, ' '));
  return match ? chapterNumber(match[1]) : null;
}
