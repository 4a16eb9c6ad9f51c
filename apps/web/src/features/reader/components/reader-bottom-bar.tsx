import type { ChapterContent } from '@inkwell/contract';
import { ChevronLeft, ChevronRight, List, Settings2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { editionPath, useEdition } from '../../../lib/edition';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { chapterOptionLabel } from '../chapter-option-label';
import type { ReaderTheme } from '../reader-theme';
import { BottomSheet } from './bottom-sheet';
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

/**
 * The series' chapters around the one being read, newest first, with their state for this reader;
 * the one being read is marked. A long series links to its page for the rest.
 */
export function ChapterListSheet({ data, onClose }: { data: ChapterContent; onClose(): void }) {
  const t = useT();
  const format = useFormat();
  const lang = useEdition();
  const currentRef = useRef<HTMLAnchorElement>(null);
  const hasVolumes = data.chapters.some((chapter) => chapter.volume != null);
  // A long series opens at the chapter being read, not at the newest.
  useEffect(() => {
    // Braces: newer browsers return a promise from scrollIntoView, which must not become the effect's cleanup.
    currentRef.current?.scrollIntoView?.({ block: 'center' });
  }, []);
  return (
    <BottomSheet title={t('reader.bottom.chapters')} closeLabel={t('reader.sheet.closeChapters')} onClose={onClose}>
      <ul className="divide-y divide-ink-800">
        {data.chapters.map((chapter, index) => {
          const isCurrent = chapter.slug === data.chapter.slug;
          const volume = chapter.volume ?? null;
          // By volume when the series has volumes (issue 37 §2): a volume's name where its run begins.
          const isNewVolume = hasVolumes && (index === 0 || (data.chapters[index - 1]!.volume ?? null) !== volume);
          return (
            <li key={chapter.slug}>
              {isNewVolume && (
                <p className="px-3 pb-1 pt-3 text-xs font-semibold uppercase tracking-wide text-zinc-400">
                  {t('reader.credits.volume', { number: volume ?? 'none' })}
                </p>
              )}
              <Link
                ref={isCurrent ? currentRef : undefined}
                to={editionPath(`/SeriesView/${data.series.slug}/${chapter.slug}`, lang)}
                onClick={onClose}
                aria-current={isCurrent ? 'page' : undefined}
                className={`block rounded-lg px-3 py-3 text-sm ${isCurrent ? 'bg-accent-600/20 font-semibold text-zinc-100' : 'text-zinc-200 hover:bg-ink-800'}`}
              >
                {chapterOptionLabel(t, format, chapter)}
              </Link>
            </li>
          );
        })}
      </ul>
      {data.chapterCount > data.chapters.length && (
        <Link
          to={editionPath(`/SeriesView/${data.series.slug}`, lang)}
          onClick={onClose}
          className="mt-2 block rounded-lg bg-ink-800 px-3 py-3 text-center text-sm font-medium text-zinc-100 hover:bg-ink-700"
        >
          {t('reader.bottom.all', { count: format.count(data.chapterCount) })}
        </Link>
      )}
    </BottomSheet>
  );
}
