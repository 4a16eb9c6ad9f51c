import type { ChapterPage } from '@inkwell/contract';
import { useEffect, useRef, useState } from 'react';
import type { ComicSettings } from './reader-settings';

const FIT_CLASSES: Record<ComicSettings['fit'], string> = {
  width: 'w-full max-w-[min(100%,900px)] h-auto',
  height: 'h-[calc(100vh-3.5rem)] w-auto max-w-full object-contain',
  original: 'max-w-none h-auto',
};

export function PageImage({
  page,
  index,
  total,
  fit,
}: {
  page: ChapterPage;
  index: number;
  total: number;
  fit: ComicSettings['fit'];
}) {
  const isFirst = index === 0;
  return (
    <img
      src={page.url}
      width={page.width}
      height={page.height}
      alt={`Page ${index + 1} of ${total}`}
      // The first page is what the reader waits for; the rest load as they come near.
      loading={isFirst ? 'eager' : 'lazy'}
      decoding={isFirst ? 'sync' : 'async'}
      {...(isFirst ? { fetchPriority: 'high' as const } : {})}
      data-page={index + 1}
      className={`mx-auto block select-none ${FIT_CLASSES[fit]}`}
      draggable={false}
    />
  );
}

interface ComicReaderProps {
  pages: ChapterPage[];
  settings: ComicSettings;
  /** Called once when the reader nears the end (the next chapter is fetched then). */
  onNearEnd(): void;
  onNextChapter(): void;
  onPreviousChapter(): void;
  /** Paged mode opens here (1-based): where the reader was, on this device or another. */
  startPage?: number;
  /** The page on screen in paged mode (1-based), each time it changes. */
  onPageChange?(page: number): void;
}

/**
 * SPEC: a long strip by default; paged mode left-to-right or right-to-left; fit width, fit
 * height or original size; an adjustable gap; arrows and j/k on the keyboard.
 */
export function ComicReader({
  pages,
  settings,
  onNearEnd,
  onNextChapter,
  onPreviousChapter,
  startPage,
  onPageChange,
}: ComicReaderProps) {
  const [pageIndex, setPageIndex] = useState(0);
  const pageChangeRef = useRef(onPageChange);
  pageChangeRef.current = onPageChange;
  const sentinelRef = useRef<HTMLDivElement>(null);
  const nearEndRef = useRef(onNearEnd);
  nearEndRef.current = onNearEnd;
  const total = pages.length;
  const isPaged = settings.mode === 'paged';
  const isRtl = settings.direction === 'rtl';

  useEffect(() => setPageIndex(Math.min(Math.max((startPage ?? 1) - 1, 0), Math.max(pages.length - 1, 0))), [pages, startPage]);
  useEffect(() => {
    if (isPaged) pageChangeRef.current?.(pageIndex + 1);
  }, [isPaged, pageIndex]);

  // Long strip: when the last pages come into view, fetch what comes next.
  useEffect(() => {
    if (isPaged || !sentinelRef.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          nearEndRef.current();
          observer.disconnect();
        }
      },
      { rootMargin: '1500px 0px' },
    );
    observer.observe(sentinelRef.current);
    return () => observer.disconnect();
  }, [isPaged, pages]);

  useEffect(() => {
    if (isPaged && pageIndex >= total - 2) nearEndRef.current();
  }, [isPaged, pageIndex, total]);

  const forward = () => {
    if (pageIndex < total - 1) {
      setPageIndex(pageIndex + 1);
      window.scrollTo({ top: 0 });
    } else onNextChapter();
  };
  const back = () => {
    if (pageIndex > 0) {
      setPageIndex(pageIndex - 1);
      window.scrollTo({ top: 0 });
    } else onPreviousChapter();
  };

  useEffect(() => {
    const handleKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (target && (target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName))) return;
      const key = event.key;
      if (isPaged) {
        const next = key === 'j' || key === 'ArrowDown' || key === (isRtl ? 'ArrowLeft' : 'ArrowRight');
        const previous = key === 'k' || key === 'ArrowUp' || key === (isRtl ? 'ArrowRight' : 'ArrowLeft');
        if (next) forward();
        else if (previous) back();
        else return;
      } else {
        if (key === 'j') window.scrollBy({ top: window.innerHeight * 0.8, behavior: 'smooth' });
        else if (key === 'k') window.scrollBy({ top: -window.innerHeight * 0.8, behavior: 'smooth' });
        else if (key === 'ArrowRight') onNextChapter();
        else if (key === 'ArrowLeft') onPreviousChapter();
        else return; // Up and down arrows keep scrolling the page as usual.
      }
      event.preventDefault();
    };
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  });

  if (total === 0) {
    return <p className="py-20 text-center text-zinc-400">This chapter has no pages yet.</p>;
  }

  if (isPaged) {
    const page = pages[pageIndex]!;
    return (
      <div className="select-none" data-testid="paged-reader" dir={isRtl ? 'rtl' : 'ltr'}>
        <div className="relative">
          <PageImage key={page.id} page={page} index={pageIndex} total={total} fit={settings.fit} />
          {/* Click zones: the reading direction's forward side turns the page. */}
          <button
            type="button"
            aria-label={isRtl ? 'Next page' : 'Previous page'}
            onClick={isRtl ? forward : back}
            className="absolute inset-y-0 left-0 w-1/3 cursor-w-resize focus:outline-none"
            tabIndex={-1}
          />
          <button
            type="button"
            aria-label={isRtl ? 'Previous page' : 'Next page'}
            onClick={isRtl ? back : forward}
            className="absolute inset-y-0 right-0 w-1/3 cursor-e-resize focus:outline-none"
            tabIndex={-1}
          />
        </div>
        <div className="mt-4 flex items-center justify-center gap-4 text-sm text-zinc-300" dir="ltr">
          <button type="button" onClick={isRtl ? forward : back} className="rounded-lg bg-ink-800 px-4 py-2 hover:bg-ink-700">
            ← {isRtl ? 'Next' : 'Previous'}
          </button>
          <span aria-live="polite" data-testid="page-indicator">
            Page {pageIndex + 1} / {total}
          </span>
          <button type="button" onClick={isRtl ? back : forward} className="rounded-lg bg-ink-800 px-4 py-2 hover:bg-ink-700">
            {isRtl ? 'Previous' : 'Next'} →
          </button>
        </div>
        {/* The following page, fetched ahead so turning feels instant. */}
        {pages[pageIndex + 1] && <link rel="prefetch" as="image" href={pages[pageIndex + 1]!.url} />}
      </div>
    );
  }

  return (
    <div data-testid="strip-reader" className="flex flex-col items-center" style={{ gap: `${settings.gap}px` }}>
      {pages.map((page, index) => (
        <div key={page.id} className="w-full" ref={index === Math.max(0, total - 2) ? sentinelRef : undefined}>
          <PageImage page={page} index={index} total={total} fit={settings.fit} />
        </div>
      ))}
    </div>
  );
}
