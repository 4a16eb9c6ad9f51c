import type { ChapterContent } from '@inkwell/contract';
import { ChevronRight, Lock } from 'lucide-react';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import type { ReaderTheme } from '../reader-theme';
import '../messages';

/**
 * The chapter's end (issue 11 §2): what comes next, with its price when it is not free for this
 * reader, or that they are up to date.
 */
export function ChapterEnd({ data, theme, onNext }: { data: ChapterContent; theme: ReaderTheme; onNext(): void }) {
  const t = useT();
  const format = useFormat();
  // The answer's chapters are this one's neighbourhood: the next one is among them, with its price.
  const next = data.next ? data.chapters.find((chapter) => chapter.slug === data.next!.slug) : undefined;
  const priced = next;
  const isLocked = next?.access === 'locked' || next?.access === 'early_access';
  const nextLabel = data.next ? format.chapterLabel(data.next) : '';
  const nextName = !isLocked
    ? t('reader.end.nextAria', { chapter: nextLabel })
    : priced
      ? t('reader.end.nextAriaPrice', { chapter: nextLabel, price: priced.price })
      : t('reader.end.nextAriaLocked', { chapter: nextLabel });
  return (
    <section aria-label={t('reader.page.end')} data-testid="chapter-end" className="mx-auto w-full max-w-md text-center">
      <p className={`text-xs font-semibold uppercase tracking-widest ${theme.muted}`}>
        {t('reader.end.of', { chapter: format.chapterLabel(data.chapter) })}
      </p>
      {data.next ? (
        <button
          type="button"
          onClick={onNext}
          aria-label={nextName}
          className="mt-3 flex w-full items-center justify-between gap-3 rounded-xl bg-accent-600 px-5 py-4 text-left text-white hover:bg-accent-500"
        >
          <span className="min-w-0">
            <span className="block text-xs font-medium uppercase tracking-wide text-white">{t('reader.nav.next')}</span>
            <span className="block truncate font-semibold">{nextLabel}</span>
            {isLocked && (
              <span className="mt-0.5 flex items-center gap-1 text-xs text-white">
                <Lock className="size-3.5" aria-hidden />
                {!priced
                  ? t('reader.end.locked')
                  : next?.access === 'early_access' && priced.freeAt
                    ? t('reader.end.priceFree', { price: priced.price, date: format.date(priced.freeAt) })
                    : t('reader.end.price', { price: priced.price })}
              </span>
            )}
          </span>
          <ChevronRight className="size-5 shrink-0" aria-hidden />
        </button>
      ) : (
        <p className="mt-3 text-sm">{t('reader.end.upToDate', { title: data.series.title })}</p>
      )}
    </section>
  );
}
