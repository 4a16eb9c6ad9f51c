import type { ChapterSummary } from '@inkwell/contract';
import { lazyPart } from '../../../lib/lazy-part';
import { useT } from '../../../lib/i18n/i18n-context';
import { keepButtonClass, RentalNoticeLine } from './rental-notice-line';
import '../messages';

interface RentalNoticeProps {
  chapter: Pick<ChapterSummary, 'id' | 'price'>;
  openUntil: string;
  chapterPath: string;
  className: string;
}

/** The notice while its code loads: the same line, its button not yet working. */
function RentalNoticeLoading({ chapter, openUntil, className }: RentalNoticeProps) {
  const t = useT();
  return (
    <RentalNoticeLine openUntil={openUntil} className={className}>
      {chapter.price > 0 && (
        <button type="button" disabled className={keepButtonClass}>
          {t('reader.rental.keep', { price: chapter.price })}
        </button>
      )}
    </RentalNoticeLine>
  );
}

/**
 * A chapter open to the reader by a rental (their pass, the daily free): until when, and a way to
 * keep it for good at its price (issue 32). Only a signed-in reader with a rental sees it, so its
 * buying (the unlock and its errors, rental-notice-keep.tsx) is a chunk of its own (issue 35): the
 * line is drawn at once, the button works once that code is here.
 */
export const RentalNotice = lazyPart(
  'rental-notice',
  () => import('./rental-notice-keep').then((module) => module.RentalNoticeKeep),
  { fallback: (props: RentalNoticeProps) => <RentalNoticeLoading {...props} /> },
);
