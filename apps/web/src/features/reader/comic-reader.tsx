import type { ChapterPage } from '@inkwell/contract';
import { useEffect, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { useT } from '../../lib/i18n/i18n-context';
import { pageUrl, type ComicSettings } from './reader-settings';
import { TAP_ZONE, useComicKeys, useNearEnd, usePageTouch, ZOOM } from './use-comic-input';
import './messages';

const FIT_CLASSES: Record<ComicSettings['fit'], string> = {
  width: 'w-full max-w-[min(100%,900px)] h-auto',
  height: 'h-auto max-w-full',
  original: 'max-w-none h-auto',
};

/**
 * Fit height (issue 33 §3): the whole page between the reader's top bars and the phone's bottom
 * bar, with the reading area's own margin above and below. The width is chosen, the height follows
 * the page's shape: a page too wide for the screen shrinks whole, never drawn letterboxed inside a
 * taller box. The bars' heights come from use-reader-room.ts.
 */
function fitHeightStyle(page: { width: number; height: number }): CSSProperties {
  const room = 'calc(100dvh - var(--reader-top, 7.5rem) - var(--reader-bottom, 0px) - 2rem)';
  return { width: `min(100%, calc(${room} * ${page.width / page.height}))` };
}

export function PageImage({
  page,
  index,
  total,
  fit,
  quality = 'full',
}: {
  page: ChapterPage;
  index: number;
  total: number;
  fit: ComicSettings['fit'];
  quality?: ComicSettings['quality'];
}) {
  const t = useT();
  const isFirst = index === 0;
  return (
    <img
      src={pageUrl(page, quality)}
      width={page.width}
      height={page.height}
      alt={t('reader.comic.pageOf', { page: index + 1, total })}
      // The first page is what the reader waits for; the rest load as they come near.
      loading={isFirst ? 'eager' : 'lazy'}
      decoding={isFirst ? 'sync' : 'async'}
      {...(isFirst ? { fetchPriority: 'high' as const } : {})}
      data-page={index + 1}
      className={`mx-auto block select-none ${FIT_CLASSES[fit]}`}
      style={fit === 'height' ? fitHeightStyle(page) : undefined}
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
  /** The page on screen in paged mode (1-based), each time it changes; `isEnd` once past the last page. */
  onPageChange?(page: number, isEnd: boolean): void;
  /** Paged mode's last step, after the last page: the chapter's end (the way on, comments). */
  end?: ReactNode;
  /** A tap in the middle of a page: the bars step aside or come back (immersive mode). */
  onToggleBars?(): void;
}

/** Paged mode: one page with its click zones (or zoomed in), the page buttons, the next page fetched ahead. */
function PagedPage({
  pages,
  pageIndex,
  settings,
  zoom,
  zoomRef,
  touchHandlers,
  forward,
  back,
  onToggleBars,
}: {
  pages: ChapterPage[];
  pageIndex: number;
  settings: ComicSettings;
  zoom: { x: number; y: number } | null;
  zoomRef: RefObject<HTMLDivElement | null>;
  touchHandlers: ReturnType<typeof usePageTouch>['touchHandlers'];
  forward(): void;
  back(): void;
  onToggleBars?(): void;
}) {
  const t = useT();
  const total = pages.length;
  const isRtl = settings.direction === 'rtl';
  const page = pages[pageIndex]!;
  const nextPage = t('reader.comic.next');
  const previousPage = t('reader.comic.previous');
  return (
    <div className="select-none" data-testid="paged-reader" dir={isRtl ? 'rtl' : 'ltr'}>
      {zoom ? (
        // Double-tapped: the page at twice its size, panned with a finger; another double tap comes back.
        <div
          ref={zoomRef}
          data-testid="zoomed-page"
          className="overflow-auto"
          dir="ltr"
          style={{ touchAction: 'pan-x pan-y' }}
          {...touchHandlers}
        >
          <img
            src={pageUrl(page, settings.quality)}
            width={page.width}
            height={page.height}
            alt={t('reader.comic.zoomed', { page: pageIndex + 1, total })}
            className="block h-auto max-w-none"
            style={{ width: `${ZOOM * 100}%` }}
            draggable={false}
          />
        </div>
      ) : (
        <div className="relative" style={{ touchAction: 'pan-y' }} {...touchHandlers}>
          <PageImage key={page.id} page={page} index={pageIndex} total={total} fit={settings.fit} quality={settings.quality} />
          {/* Click zones: the reading direction's forward side turns the page; the middle shows or hides the bars. */}
          <button
            type="button"
            aria-label={isRtl ? nextPage : previousPage}
            onClick={isRtl ? forward : back}
            className="absolute inset-y-0 left-0 w-1/3 cursor-w-resize"
            {...TAP_ZONE}
          />
          <button
            type="button"
            aria-label={t('reader.comic.toggleBars')}
            onClick={() => onToggleBars?.()}
            className="absolute inset-y-0 left-1/3 w-1/3 cursor-pointer"
            {...TAP_ZONE}
          />
          <button
            type="button"
            aria-label={isRtl ? previousPage : nextPage}
            onClick={isRtl ? back : forward}
            className="absolute inset-y-0 right-0 w-1/3 cursor-e-resize"
            {...TAP_ZONE}
          />
        </div>
      )}
      {/* Pages, said so, each arrow pointing the way its page lies in the reading direction. On a phone the
          taps turn pages and the bottom bar says where the reader is: nothing sits under that bar (issue 21 §1). */}
      <div className="mt-4 hidden items-center justify-center gap-4 text-sm text-zinc-300 md:flex" dir="ltr">
        <button type="button" onClick={isRtl ? forward : back} className="rounded-lg bg-ink-800 px-4 py-2 hover:bg-ink-700">
          ← {isRtl ? nextPage : previousPage}
        </button>
        <span aria-live="polite" data-testid="page-indicator">
          {t('reader.comic.indicator', { page: pageIndex + 1, total })}
        </span>
        <button type="button" onClick={isRtl ? back : forward} className="rounded-lg bg-ink-800 px-4 py-2 hover:bg-ink-700">
          {isRtl ? previousPage : nextPage} →
        </button>
      </div>
      {/* The following page, fetched ahead so turning feels instant. */}
      {pages[pageIndex + 1] && <link rel="prefetch" as="image" href={pageUrl(pages[pageIndex + 1]!, settings.quality)} />}
    </div>
  );
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
  onToggleBars,
  end,
}: ComicReaderProps) {
  const t = useT();
  const [pageIndex, setPageIndex] = useState(0);
  const pageChangeRef = useRef(onPageChange);
  pageChangeRef.current = onPageChange;
  const total = pages.length;
  const isPaged = settings.mode === 'paged';
  const isRtl = settings.direction === 'rtl';
  // Paged mode steps through the pages and then, when there is one, the chapter's end (issue 33 §3).
  const hasEndStep = end !== undefined;
  const isAtEnd = isPaged && hasEndStep && pageIndex >= total;

  useEffect(() => setPageIndex(Math.min(Math.max((startPage ?? 1) - 1, 0), Math.max(pages.length - 1, 0))), [pages, startPage]);
  useEffect(() => {
    if (isPaged && total > 0) pageChangeRef.current?.(Math.min(pageIndex + 1, total), pageIndex >= total);
  }, [isPaged, pageIndex, total]);

  const sentinelRef = useNearEnd({ isPaged, pages, pageIndex, onNearEnd });

  const forward = () => {
    resetZoom();
    if (pageIndex < (hasEndStep ? total : total - 1)) {
      setPageIndex(pageIndex + 1);
      window.scrollTo({ top: 0 });
    } else onNextChapter();
  };
  const back = () => {
    resetZoom();
    if (pageIndex > 0) {
      setPageIndex(pageIndex - 1);
      window.scrollTo({ top: 0 });
    } else onPreviousChapter();
  };
  const { zoom, resetZoom, touchHandlers } = usePageTouch({
    onForward: () => forward(),
    onBack: () => back(),
    onMiddle: () => onToggleBars?.(),
    isRtl,
  });
  const zoomRef = useRef<HTMLDivElement>(null);
  // Zoomed in: the point that was tapped stays under the finger.
  useEffect(() => {
    if (zoom && zoomRef.current) zoomRef.current.scrollLeft = zoom.x * (ZOOM - 1);
    if (zoom) window.scrollBy({ top: zoom.y * (ZOOM - 1) });
  }, [zoom]);

  useComicKeys({ isPaged, isRtl, forward, back, onNextChapter, onPreviousChapter });

  if (total === 0) {
    return <p className="py-20 text-center text-zinc-400">{t('reader.comic.noPages')}</p>;
  }

  if (isAtEnd) {
    return (
      <div data-testid="paged-reader" data-step="end">
        <div className="flex justify-center px-4" dir="ltr">
          <button
            type="button"
            onClick={back}
            className="rounded-lg bg-ink-800 px-4 py-2 text-sm font-medium text-zinc-200 hover:bg-ink-700"
          >
            {t(isRtl ? 'reader.comic.backRtl' : 'reader.comic.back', { page: total })}
          </button>
        </div>
        {end}
      </div>
    );
  }

  if (isPaged) {
    return (
      <PagedPage
        pages={pages}
        pageIndex={pageIndex}
        settings={settings}
        zoom={zoom}
        zoomRef={zoomRef}
        touchHandlers={touchHandlers}
        forward={forward}
        back={back}
        onToggleBars={onToggleBars}
      />
    );
  }

  return (
    <div data-testid="strip-reader" className="flex flex-col items-center" style={{ gap: `${settings.gap}px` }}>
      {pages.map((page, index) => (
        <div key={page.id} className="w-full" ref={index === Math.max(0, total - 2) ? sentinelRef : undefined}>
          <PageImage page={page} index={index} total={total} fit={settings.fit} quality={settings.quality} />
        </div>
      ))}
    </div>
  );
}
