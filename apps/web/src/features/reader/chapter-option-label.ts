import type { ChapterSummary } from '@inkwell/contract';
import type { Translate } from '../../lib/i18n/i18n-context';
import type { Formatters } from '../../lib/i18n/format';
import './messages';

/**
 * A chapter's line in the picker, with its state for this viewer in words (an option holds no
 * icons): free says nothing; a locked one says its price, an early-access one its free date too,
 * a rented one when the rental ends.
 */
export function chapterOptionLabel(t: Translate, format: Formatters, chapter: ChapterSummary): string {
  const label = format.chapterLabel(chapter);
  const price = chapter.price;
  switch (chapter.access) {
    case 'unlocked':
      return chapter.openUntil
        ? t('reader.opt.rented', { label, date: format.date(chapter.openUntil) })
        : t('reader.opt.unlocked', { label });
    case 'locked':
      return t('reader.opt.locked', { label, price });
    case 'early_access':
      return chapter.freeAt
        ? t('reader.opt.earlyFree', { label, price, date: format.date(chapter.freeAt) })
        : t('reader.opt.early', { label, price });
    case 'scheduled':
      return t('reader.opt.scheduled', { label });
    default:
      return label;
  }
}
