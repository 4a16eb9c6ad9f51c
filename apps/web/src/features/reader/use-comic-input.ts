/** How touch, keys and scrolling drive the comic reader: its gestures, its keys and the end drawing near. */
import type { ChapterPage } from '@inkwell/contract';
import { useEffect, useRef, useState, type TouchEvent } from 'react';

/** A swipe: this far sideways, and clearly more sideways than down. */
const SWIPE_MIN_PX = 50;
/** Two taps this close in time (and place) are a double tap, which zooms. */
const DOUBLE_TAP_MS = 280;
const DOUBLE_TAP_PX = 30;
/** A double tap shows the page at this many times its size. */
export const ZOOM = 2;

type Tap = { x: number; y: number; time: number };

/**
 * The page's click zones are invisible and out of the tab order: they never take focus from a
 * click, and never draw a focus ring over the art (issue 33 §3). The inline outline outranks the
 * site's own :focus-visible ring, which no utility class can.
 */
export const TAP_ZONE = {
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
export function usePageTouch({
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
export function useNearEnd({
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
export function useComicKeys({
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
