/**
 * How long a chapter takes a fast reader (issue 32): reaching its end sooner after first opening it
 * is not reading it, so the month close does not share subscriptions by it (decision 0030). A
 * floor for a chapter of a few pages, a cap for a very long one, so a slow reader is never missed.
 */

/** A comic's page looked at, quickly. */
const MS_PER_PAGE = 2_000;
/** A fast reader's words per minute. */
const WORDS_PER_MINUTE = 1_000;
/** A novel's stored HTML holds about this many bytes per word (letters, a space, some markup). */
const BYTES_PER_WORD = 6;
/**
 * A novel's pages for the reader's year (issue 39 §4): a printed paperback page holds about 250
 * words, so a chapter's stored text counts as this many bytes a page (at least one page a chapter).
 */
export const NOVEL_BYTES_PER_PAGE = 250 * BYTES_PER_WORD;
export const READING_FLOOR_MS = 20_000;
export const READING_CAP_MS = 10 * 60_000;

/** What a chapter's length is read from: its pages (comics) or the bytes of its text (novels, null for comics). */
export interface ChapterLength {
  pageCount: number;
  textBytes: number | null;
}

/** The least time from first opening a chapter to reaching its end that counts as reading it. */
export function readingTimeMs({ pageCount, textBytes }: ChapterLength): number {
  const words = (textBytes ?? 0) / BYTES_PER_WORD;
  const ms = Math.max(pageCount * MS_PER_PAGE, (words / WORDS_PER_MINUTE) * 60_000);
  return Math.round(Math.min(READING_CAP_MS, Math.max(READING_FLOOR_MS, ms)));
}
