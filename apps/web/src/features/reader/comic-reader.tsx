import type { ChapterPage } from '@inkwell/contract';
import { useEffect, useRef, useState, type CSSProperties, type ReactNode, type RefObject, type TouchEvent } from 'react';
import { useT } from '../../lib/i18n/i18n-context';
import { pageUrl, type ComicSettings } from './reader-settings';
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

/** A swipe: this far sideways, and clearly more sideways than down. */
const SWIPE_MIN_PX = 50;
/** Two taps this close in time (and place) are a double tap, which zooms. */
const DOUBLE_TAP_MS = 280;
const DOUBLE_TAP_PX = 30;
const ZOOM = 2;

type Tap = { x: number; y: number; time: number };

/**
 * The page's click zones are invisible and out of the tab order: they never take focus from a
 * click, and never draw a focus ring over the art (issue 33 §3). The inline outline outranks the
 * site's own :focus-visible ring, which no utility class can.
 */
const TAP_ZONE = {
  tabIndex: -1,
  style: { outline: 'none' },
  onMouseDown: (event: { preventDefault(): void }) => event.preventDefault(),
} as const;

/**
 * Touch on a page in paged mode (issue 11 §2): a swipe turns the page, a double tap zooms in or
 * out where it lands, a single tap acts by where it lands (the sides turn, the middle toggles the
 * bars). Single taps wait a moment for a possible second one; a mouse's clicks go to the zones'
 * buttons at once.
 */
function usePageTouch({
  onForward,
  onBack,
  onMiddle,
  isRtl,
}: {
  onForward(): void;
  onBack(): void;
  onMiddle(): void;
  isRtl: boolean;
}) {
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  const start = useRef<Tap | null>(null);
  const lastTap = useRef<Tap | null>(null);
  const pendingTap = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(pendingTap.current ?? undefined), []);

  const onTouchStart = (event: TouchEvent<HTMLElement>) => {
    const touch = event.touches[0];
    if (!touch || event.touches.length > 1) {
      start.current = null;
      return;
    }
    start.current = { x: touch.clientX, y: touch.clientY, time: Date.now() };
  };

  const onTouchEnd = (event: TouchEvent<HTMLElement>) => {
    const begun = start.current;
    const touch = event.changedTouches[0];
    start.current = null;
    if (!begun || !touch) return;
    // Our own gestures: the browser's click that would follow a tap is not wanted.
    event.preventDefault();
    const dx = touch.clientX - begun.x;
    const dy = touch.clientY - begun.y;
    if (!zoom && Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > 2 * Math.abs(dy)) {
      // Left to right pages come from the right: a swipe to the left goes on (mirrored for right to left).
      const goesOn = isRtl ? dx > 0 : dx < 0;
      if (goesOn) onForward();
      else onBack();
      return;
    }
    if (Math.abs(dx) > DOUBLE_TAP_PX || Math.abs(dy) > DOUBLE_TAP_PX) return; // a pan, not a tap
    const tap = { x: touch.clientX, y: touch.clientY, time: Date.now() };
    const previous = lastTap.current;
    if (
      previous &&
      tap.time - previous.time < DOUBLE_TAP_MS &&
      Math.hypot(tap.x - previous.x, tap.y - previous.y) < DOUBLE_TAP_PX
    ) {
      clearTimeout(pendingTap.current ?? undefined);
      lastTap.current = null;
      const rect = (event.currentTarget as HTMLElement).getBoundingClientRect();
      setZoom((current) => (current ? null : { x: tap.x - rect.left, y: tap.y - rect.top }));
      return;
    }
    lastTap.current = tap;
    const rect = (event.currentTarget as HTMLElement).getBoundingClientRect();
    // Where across the page the tap landed, 0 to 1 (the middle, for a page not laid out yet).
    const third = rect.width > 0 ? (tap.x - rect.left) / rect.width : 0.5;
    clearTimeout(pendingTap.current ?? undefined);
    pendingTap.current = setTimeout(() => {
      lastTap.current = null;
      if (zoom || (third > 1 / 3 && third < 2 / 3)) onMiddle();
      else if (third <= 1 / 3) (isRtl ? onForward : onBack)();
      else (isRtl ? onBack : onForward)();
    }, DOUBLE_TAP_MS);
  };

  return { zoom, resetZoom: () => setZoom(null), touchHandlers: { onTouchStart, onTouchEnd } };
}

/**
 * Long strip: when the last pages come into view, fetch what comes next; paged mode, as the last
 * pages are reached. Returns the ref for the strip's page that says the end is near.
 */
function useNearEnd({
  isPaged,
  pages,
  pageIndex,
  onNearEnd,
}: {
  isPaged: boolean;
  pages: ChapterPage[];
  pageIndex: number;
  onNearEnd(): void;
}) {
  const sentinelRef = useRef<HTMLDivElement>(null);
  const nearEndRef = useRef(onNearEnd);
  nearEndRef.current = onNearEnd;
  const total = pages.length;

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

  return sentinelRef;
}

/**
 * The keyboard: in paged mode the arrows (by the reading direction) and j/k turn the page; in a
 * long strip j/k scroll and the side arrows go to the next or previous chapter.
 */
function useComicKeys({
  isPaged,
  isRtl,
  forward,
  back,
  onNextChapter,
  onPreviousChapter,
}: {
  isPaged: boolean;
  isRtl: boolean;
  forward(): void;
  back(): void;
  onNextChapter(): void;
  onPreviousChapter(): void;
}) {
  // The latest render's handlers, read when a key comes: a listener attached by an effect would
  // keep the last render's page until effects ran, and a key pressed in between (just after the
  // reader resumed at a saved page) turned from the page before.
  const latest = useRef({ isPaged, isRtl, forward, back, onNextChapter, onPreviousChapter });
  latest.current = { isPaged, isRtl, forward, back, onNextChapter, onPreviousChapter };
  useEffect(() => {
    const handleKey = (event: KeyboardEvent) => {
      const { isPaged, isRtl, forward, back, onNextChapter, onPreviousChapter } = latest.current;
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
  }, []);
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
