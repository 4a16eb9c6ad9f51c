import type { ChapterSummary } from '@inkwell/contract';
import { chapterLabel, formatDate } from '../../lib/time';

/**
 * A chapter's line in the picker, with its state for this viewer in words (an option holds no
 * icons): free says nothing; a locked one says its price, an early-access one its free date too,
 * a rented one when the rental ends.
 */
export function chapterOptionLabel(chapter: ChapterSummary): string {
  const label = chapterLabel(chapter);
  const price = `${chapter.price} coins`;
  switch (chapter.access) {
    case 'unlocked':
      return chapter.openUntil ? `${label} · rented until ${formatDate(chapter.openUntil)}` : `${label} · unlocked`;
    case 'locked':
      return `${label} · ${price}`;
    case 'early_access':
      return `${label} · ${price}${chapter.freeAt ? `, free ${formatDate(chapter.freeAt)}` : ', early access'}`;
    case 'scheduled':
      return `${label} · scheduled`;
    default:
      return label;
  }
}
