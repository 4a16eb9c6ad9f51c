import type { ChapterContent, ChapterSummary } from '@inkwell/contract';
import { chapterLabel, formatDate } from '../../lib/time';

export type PickerChapter = ChapterContent['chapters'][number];

/**
 * A chapter's line in the picker, with its state for this viewer in words (an option holds no
 * icons): free says nothing; the price and free date come from the series' chapters once known.
 */
export function chapterOptionLabel(chapter: PickerChapter, priced: ChapterSummary | undefined): string {
  const label = chapterLabel(chapter);
  const price = priced ? `${priced.price} coins` : 'locked';
  switch (chapter.access) {
    case 'unlocked':
      return `${label} · unlocked`;
    case 'locked':
      return `${label} · ${price}`;
    case 'early_access':
      return `${label} · ${price}${priced?.freeAt ? `, free ${formatDate(priced.freeAt)}` : ', early access'}`;
    case 'scheduled':
      return `${label} · scheduled`;
    default:
      return label;
  }
}
