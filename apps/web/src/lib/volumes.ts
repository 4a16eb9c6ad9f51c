import type { Credit, CreditRole } from '@inkwell/contract';

// Issue 37 §2: a series' chapters by volume, and who made them, as the series page and the reader show them.

/** A run of chapters in one volume (null: in none), in the order they were given. */
interface VolumeGroup<T> {
  volume: number | null;
  chapters: T[];
}

/**
 * Chapters grouped by volume, each group where its first chapter comes (newest first stays newest
 * first), or null when no chapter has a volume (the list is drawn as it is).
 */
export function groupByVolume<T extends { volume?: number | null }>(chapters: T[]): VolumeGroup<T>[] | null {
  if (!chapters.some((chapter) => chapter.volume != null)) return null;
  const groups = new Map<number | null, T[]>();
  for (const chapter of chapters) {
    const volume = chapter.volume ?? null;
    const group = groups.get(volume);
    if (group) group.push(chapter);
    else groups.set(volume, [chapter]);
  }
  return [...groups].map(([volume, grouped]) => ({ volume, chapters: grouped }));
}

/** The order roles are shown in (the contract's CREDIT_ROLES, kept here so a page does not load the contract's schemas). */
const ROLE_ORDER: readonly CreditRole[] = ['writer', 'artist', 'translator', 'letterer', 'editor', 'other'];

/** A series' or a chapter's credits as lines: each role once, in order, with its names (a linked account by its username). */
export const creditLines = (credits: Credit[] = []) =>
  ROLE_ORDER.map((role) => ({
    role,
    names: credits
      .filter((credit) => credit.role === role)
      .map((credit) => credit.username ?? credit.name)
      .join(', '),
  })).filter((line) => line.names);
