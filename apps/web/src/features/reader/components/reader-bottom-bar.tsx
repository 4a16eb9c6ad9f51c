import { ChevronLeft, ChevronRight, List, Settings2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useT } from '../../../lib/i18n/i18n-context';
import type { ReaderTheme } from '../reader-theme';
import '../messages';

/**
 * The phone's reading bar (issue 11 §2): previous, the chapter list, settings and next, under the
 * thumb. It steps aside with the top bar in immersive mode.
 */
export function ReaderBottomBar({
  theme,
  isHidden,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
  onChapters,
  onSettings,
  status,
}: {
  theme: ReaderTheme;
  isHidden: boolean;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious(): void;
  onNext(): void;
  onChapters(): void;
  onSettings(): void;
  /** Where the reader is ("Page 2 / 9"), when that means something. */
  status?: string;
}) {
  const button = `flex flex-1 flex-col items-center gap-0.5 rounded-lg py-1.5 text-[11px] font-medium disabled:opacity-40`;
  const t = useT();
  const bar = useRef<HTMLElement>(null);
  // Toasts rise above the bar while it is in view (the toaster reads --toast-lift on phones).
  useEffect(() => {
    const root = document.documentElement;
    if (isHidden || !bar.current) root.style.removeProperty('--toast-lift');
    else root.style.setProperty('--toast-lift', `${bar.current.offsetHeight}px`);
    return () => {
      root.style.removeProperty('--toast-lift');
    };
  }, [isHidden, status]);
  return (
    <nav
      ref={bar}
      aria-label={t('reader.bottom.label')}
      data-testid="reader-bottom-bar"
      className={`fixed inset-x-0 bottom-0 z-40 border-t px-2 pb-[env(safe-area-inset-bottom)] backdrop-blur transition-transform duration-200 md:hidden ${theme.bar} ${isHidden ? 'translate-y-full' : ''}`}
    >
      {status && <p className={`pt-1 text-center text-[11px] ${theme.muted}`}>{status}</p>}
      <div className="flex items-stretch gap-1 py-1">
        <button
          type="button"
          onClick={onPrevious}
          disabled={!hasPrevious}
          aria-label={t('reader.nav.previousChapter')}
          className={button}
        >
          <ChevronLeft className="size-5" aria-hidden />
          {/* Chapters, said so: paged reading turns pages with taps, and a bare "Next" here would read as the page's. */}
          {t('reader.bottom.prev')}
        </button>
        <button type="button" onClick={onChapters} className={button}>
          <List className="size-5" aria-hidden />
          {t('reader.bottom.chapters')}
        </button>
        <button type="button" onClick={onSettings} className={button}>
          <Settings2 className="size-5" aria-hidden />
          {t('reader.bottom.settings')}
        </button>
        <button type="button" onClick={onNext} disabled={!hasNext} aria-label={t('reader.nav.nextChapter')} className={button}>
          <ChevronRight className="size-5" aria-hidden />
          {t('reader.bottom.next')}
        </button>
      </div>
    </nav>
  );
}
