import type { ChapterAccess } from '@inkwell/contract';
import '../i18n/chapter-messages';

/** What bulk unlocking needs of a chapter. */
export interface PricedChapter {
  id: string;
  number: number;
  price: number;
  access: ChapterAccess;
}

/** Locked for this viewer and for sale: locked, or early access before its free date. */
export const isForSale = (chapter: { access: ChapterAccess }) => chapter.access === 'locked' || chapter.access === 'early_access';

/** The chapters still for sale from chapter number `from` on, in reading order. */
export function lockedRunFrom<C extends PricedChapter>(chapters: readonly C[], from: number): C[] {
  return chapters.filter((chapter) => chapter.number >= from && isForSale(chapter)).sort((a, b) => a.number - b.number);
}

export interface BulkChoice<C extends PricedChapter = PricedChapter> {
  /** "next-5", "next-10" or "all". */
  key: string;
  /** Its name's message ("Next 5", "All 12"), said with `{ count: chapters.length }`. */
  label: string;
  chapters: C[];
  total: number;
}

const BULK_SIZES = [5, 10] as const;

/**
 * The bulk offers for a run of locked chapters: the next 5 and 10 where the run is longer than
 * that, and all of it; each with its total in coins. `total` is how many are for sale in all when
 * the run holds only the first of them (one bulk unlock takes at most BULK_UNLOCK_MAX).
 */
export function bulkChoices<C extends PricedChapter>(run: readonly C[], total = run.length): BulkChoice<C>[] {
  const coinsFor = (chapters: C[]) => chapters.reduce((sum, chapter) => sum + chapter.price, 0);
  const choices: BulkChoice<C>[] = BULK_SIZES.filter((size) => run.length > size).map((size) => {
    const chapters = run.slice(0, size);
    return { key: `next-${size}`, label: 'common.lib.bulk.next', chapters, total: coinsFor(chapters) };
  });
  const all = [...run];
  const label = total > run.length ? 'common.lib.bulk.next' : 'common.lib.bulk.all';
  choices.push({ key: 'all', label, chapters: all, total: coinsFor(all) });
  return choices;
}
