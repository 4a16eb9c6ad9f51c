import type { ChapterContent, DevicePlace, ProgressInput } from '@inkwell/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useAuth } from '../../lib/auth/auth-context';
import { readLocalProgress } from '../../lib/library/local-progress';
import { resumePoint, type ResumePoint, type SavedPlace } from '../../lib/library/resume';
import { useSaveProgress, type ProgressTarget } from '../../lib/library/save-progress';
import { seriesProgressQueryOptions } from '../../lib/library/series-progress';

/** A place is saved once the reader has stayed on it this long, and at once on leaving or at the end. */
const PROGRESS_SAVE_DELAY_MS = 2_000;
/** The top bar and the reader's bar stay on screen: what is under them is not being read. */
const BARS_HEIGHT = 120;
/** The end of a long strip or a novel is reached when its bottom is this close to the screen's. */
const END_SLACK_PX = 8;

const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * Where the reader is in a long strip or a novel: the share of the content above the top of the
 * screen (0–1), and whether its end is on screen (then 1: the chapter is read, in any mode).
 */
export function scrollPlace(rect: { top: number; bottom: number; height: number }, viewportHeight: number) {
  const isAtEnd = rect.bottom <= viewportHeight + END_SLACK_PX;
  const position = isAtEnd ? 1 : Math.min(Math.max((BARS_HEIGHT - rect.top) / rect.height, 0), 1);
  return { position: round(position), isAtEnd };
}

/** The progress to save for a place: pages and positions agree, so another device resumes in either mode. */
export function progressFor(place: { page: number } | { position: number; isAtEnd: boolean }, pageCount: number): ProgressInput {
  if ('page' in place) {
    const isLast = pageCount > 0 && place.page >= pageCount;
    return {
      page: place.page,
      position: pageCount > 0 ? round(isLast ? 1 : (place.page - 1) / pageCount) : undefined,
      ...(isLast ? { completed: true } : {}),
    };
  }
  return {
    position: place.position,
    ...(pageCount > 0 ? { page: Math.min(pageCount, Math.floor(place.position * pageCount) + 1) } : {}),
    ...(place.isAtEnd ? { completed: true } : {}),
  };
}

type SaveProgress = ReturnType<typeof useSaveProgress>;

interface Options {
  data: ChapterContent | undefined;
  /** Paged comics save pages; long strips and novels save positions. */
  mode: 'paged' | 'scroll';
  /** The chapter's content, measured for long strips and novels. */
  contentRef: RefObject<HTMLElement | null>;
}

interface SaverOptions {
  chapterId: string | undefined;
  seriesId: string | undefined;
  owner: string | null;
  /** The chapter whose place is followed (set once it has resumed): nothing is saved for another. */
  trackingRef: RefObject<string | undefined>;
  openedRef: RefObject<{ chapterId: string; owner: string | null } | undefined>;
  saveRef: RefObject<SaveProgress>;
}

/**
 * Saving the place: `schedule` keeps the latest one and saves it once it has settled (at once when
 * it completes the chapter), `flush` saves what is pending now. The same place is not saved twice.
 */
function useProgressSaver({ chapterId, seriesId, owner, trackingRef, openedRef, saveRef }: SaverOptions) {
  // A place is saved for the viewer who reached it (issue 32 §3): one scheduled before a logout
  // never goes to the visitor's store after it.
  const pending = useRef<{ target: ProgressTarget; input: ProgressInput; save: SaveProgress } | undefined>(undefined);
  const lastSaved = useRef<string | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback((keepalive = false) => {
    clearTimeout(timer.current);
    const next = pending.current;
    pending.current = undefined;
    if (!next) return;
    const key = JSON.stringify([next.target.chapterId, next.input]);
    if (key === lastSaved.current) return;
    lastSaved.current = key;
    void next.save(next.target, next.input, { keepalive }).catch(() => {
      // Not saved (offline, signed out meanwhile): the next place the reader reaches is.
      lastSaved.current = undefined;
    });
  }, []);

  const schedule = useCallback(
    (input: ProgressInput) => {
      if (!chapterId || !seriesId || trackingRef.current !== chapterId) return;
      if (owner === null && (openedRef.current?.owner ?? null) !== null) return;
      const isCompleted = input.completed === true || pending.current?.input.completed === true;
      pending.current = {
        target: { chapterId, seriesId },
        input: { ...input, ...(isCompleted ? { completed: true } : {}) },
        save: saveRef.current,
      };
      clearTimeout(timer.current);
      if (input.completed) flush();
      else timer.current = setTimeout(() => flush(), PROGRESS_SAVE_DELAY_MS);
    },
    [chapterId, seriesId, owner, flush, trackingRef, openedRef, saveRef],
  );

  return { flush, schedule };
}

/**
 * Another device's newer place in the chapter (issue 39 §1): offered as it opens, and gone to only
 * when the reader chooses ("Continue there" moves there and saves it; "Stay here" puts it away).
 */
function usePlaceElsewhere({
  chapterId,
  pageCount,
  resumeAt,
  schedule,
  flush,
}: {
  chapterId: string | undefined;
  pageCount: number;
  resumeAt(chapterId: string, point: ResumePoint): void;
  schedule(input: ProgressInput): void;
  flush(): void;
}) {
  const [elsewhere, offer] = useState<{ chapterId: string; place: DevicePlace }>();
  const continueAt = useCallback(
    (point: { page: number } | { position: number }) => {
      if (!chapterId) return;
      offer(undefined);
      resumeAt(chapterId, point);
      schedule(progressFor('page' in point ? point : { ...point, isAtEnd: false }, pageCount));
      flush();
    },
    [chapterId, pageCount, resumeAt, schedule, flush],
  );
  return {
    offer,
    elsewhere: elsewhere && elsewhere.chapterId === chapterId ? elsewhere.place : undefined,
    continueAt,
    stayHere: useCallback(() => offer(undefined), []),
  };
}

/**
 * Following the place once it has resumed (`trackingRef`): a long strip or a novel by its scroll,
 * a paged comic by its page as it turns. Nothing here is state: following draws nothing.
 */
function usePlaceFollowing({
  chapterId,
  mode,
  pageCount,
  contentRef,
  trackingRef,
  schedule,
}: {
  chapterId: string | undefined;
  mode: Options['mode'];
  pageCount: number;
  contentRef: Options['contentRef'];
  trackingRef: RefObject<string | undefined>;
  schedule(input: ProgressInput): void;
}) {
  const pageRef = useRef(1);
  const modeRef = useRef(mode);
  modeRef.current = mode;

  // A long strip or a novel: the place is the share of the content gone above the bars; the end on screen completes the chapter.
  const measureScroll = useCallback(() => {
    const content = contentRef.current;
    if (!content || !chapterId || trackingRef.current !== chapterId || modeRef.current !== 'scroll') return;
    const rect = content.getBoundingClientRect();
    if (rect.height <= 0) return;
    schedule(progressFor(scrollPlace(rect, window.innerHeight), pageCount));
  }, [chapterId, contentRef, pageCount, schedule, trackingRef]);

  // Paged mode, as the place starts to be followed: a page already turned to (or resumed at) is
  // saved, and a chapter of one page is read.
  const savePagedStart = useCallback(() => {
    if (modeRef.current === 'paged' && pageCount > 0 && (pageRef.current > 1 || pageCount === 1)) {
      schedule(progressFor({ page: pageRef.current }, pageCount));
    }
  }, [pageCount, schedule]);

  // A long strip or a novel: the place follows the scroll once it is followed (measureScroll checks).
  useEffect(() => {
    if (mode !== 'scroll') return;
    // A reader switching from pages to the strip: where they are now is measured.
    const first = requestAnimationFrame(() => requestAnimationFrame(measureScroll));
    window.addEventListener('scroll', measureScroll, { passive: true });
    window.addEventListener('resize', measureScroll);
    return () => {
      cancelAnimationFrame(first);
      window.removeEventListener('scroll', measureScroll);
      window.removeEventListener('resize', measureScroll);
    };
  }, [mode, measureScroll]);

  // A reader switching from the strip to pages: the page they are on is saved.
  useEffect(() => {
    if (mode === 'paged' && trackingRef.current === chapterId) savePagedStart();
  }, [mode, chapterId, savePagedStart, trackingRef]);

  /** The paged reader's page (1-based) as it turns; the last page completes the chapter. */
  const onPageChange = useCallback(
    (page: number) => {
      pageRef.current = page;
      schedule(progressFor({ page }, pageCount));
    },
    [schedule, pageCount],
  );

  return { modeRef, measureScroll, savePagedStart, onPageChange };
}

/**
 * Issue 9 §1: the reader's place, kept as they read and synced across devices. Opening a chapter
 * records it (history) and resumes where the viewer was, here or on another device; the place is
 * saved a moment after it settles, at once when the end is reached (in paged mode and in a long
 * strip alike), and on leaving (another chapter, another page, the tab hidden or closed).
 * Signed-in readers save on the server; visitors in this browser.
 */
/** What a reader does to move through a chapter: keys (End, the arrows, space), the wheel, a touch or a tap. */
const MOVING_EVENTS = ['keydown', 'wheel', 'touchmove', 'pointerdown'] as const;

/** Notes whether the reader moves through the page, until stopped. */
function watchMoves() {
  let hasMoved = false;
  const moved = () => {
    hasMoved = true;
  };
  for (const type of MOVING_EVENTS) window.addEventListener(type, moved, { capture: true, passive: true });
  return {
    hasMoved: () => hasMoved,
    stop: () => {
      for (const type of MOVING_EVENTS) window.removeEventListener(type, moved, { capture: true });
    },
  };
}

export function useReadingProgress({ data, mode, contentRef }: Options) {
  const client = useQueryClient();
  const { user } = useAuth();
  const save = useSaveProgress();
  const chapterId = data?.canRead ? data.chapter.id : undefined;
  const seriesId = data?.series.id;
  const pageCount = data?.series.type === 'comic' ? data.pageCount : 0;
  const isSignedIn = user !== null;
  const owner = user?.id ?? null;

  // The page a paged comic opens at, once its place is known. The place itself is not state: opening
  // a chapter with nothing to resume, or a place in a strip or a novel, draws the reader once (issue 40:
  // each state set here drew the whole reader again, a long task on a phone).
  const [startAt, setStartAt] = useState<{ chapterId: string; page: number }>();
  // The chapter whose place is followed: only once it has resumed, so the scroll to the top of a
  // new page is never saved over the place about to be resumed.
  const trackingRef = useRef<string | undefined>(undefined);
  const resumeFrame = useRef(0);
  // The chapter last recorded as opened, and by whom. A chapter a signed-in reader opened keeps no
  // place for the visitor: once they log out on it, nothing is opened or saved there (issue 32 §3).
  // (One account giving way to another is the shared page's stand-in session giving way to the
  // reader's own as it hydrates, app/reader-data.tsx: their places go on being saved.)
  const openedRef = useRef<{ chapterId: string; owner: string | null } | undefined>(undefined);
  const saveRef = useRef(save);
  saveRef.current = save;
  const { flush, schedule } = useProgressSaver({ chapterId, seriesId, owner, trackingRef, openedRef, saveRef });
  const { modeRef, measureScroll, savePagedStart, onPageChange } = usePlaceFollowing({
    chapterId,
    mode,
    pageCount,
    contentRef,
    trackingRef,
    schedule,
  });

  // Resuming: the paged reader opens at the page; a strip or novel scrolls to the position, in the
  // frame after the page is drawn. Only then is the place followed.
  const resumeAt = useCallback(
    (id: string, point: ResumePoint) => {
      if (point && 'page' in point) setStartAt({ chapterId: id, page: point.page });
      cancelAnimationFrame(resumeFrame.current);
      resumeFrame.current = requestAnimationFrame(() => {
        const content = contentRef.current;
        if (point && 'position' in point && content) {
          const rect = content.getBoundingClientRect();
          window.scrollTo({ top: window.scrollY + rect.top - BARS_HEIGHT + point.position * rect.height });
        }
        trackingRef.current = id;
        savePagedStart();
        resumeFrame.current = requestAnimationFrame(() => requestAnimationFrame(measureScroll));
      });
    },
    [contentRef, measureScroll, savePagedStart],
  );
  const { offer, ...placeChoice } = usePlaceElsewhere({ chapterId, pageCount, resumeAt, schedule, flush });

  // Opening a chapter: it goes in the history, and the saved place is read (fresh, as another device may have moved on).
  useEffect(() => {
    if (!chapterId || !seriesId) return;
    let isCancelled = false;
    const target = { chapterId, seriesId };
    // Completed is never undone, and no page or position is sent: this only says "opened now".
    if (openedRef.current?.chapterId !== chapterId) {
      openedRef.current = { chapterId, owner };
      void saveRef.current(target, { completed: false }).catch(() => {});
    }
    // Offline (issue 21 §3) the place is what this browser knows: asking the server would only wait out its retries.
    const place: Promise<SavedPlace | undefined> = !navigator.onLine
      ? Promise.resolve(
          readLocalProgress(owner)[chapterId] ??
            client.getQueryData(seriesProgressQueryOptions(seriesId).queryKey)?.chapters[chapterId],
        )
      : isSignedIn
        ? client
            .fetchQuery({ ...seriesProgressQueryOptions(seriesId), staleTime: 0 })
            .then((progress) => progress.chapters[chapterId])
            .catch(() => client.getQueryData(seriesProgressQueryOptions(seriesId).queryKey)?.chapters[chapterId])
        : Promise.resolve(readLocalProgress(null)[chapterId]);
    // A reader who moves before their place arrives (a slow answer on a phone's connection) stays
    // where they went: it is not taken from under them when it arrives.
    const moves = watchMoves();
    // Each device's own place (issue 39 §1), asked with code loaded only for a signed-in reader.
    const devices =
      isSignedIn && navigator.onLine
        ? import('./device-places')
            .then((module) => module.devicePlaces(chapterId, modeRef.current, pageCount))
            .catch(() => undefined)
        : undefined;
    void Promise.all([place, devices]).then(([saved, places]) => {
      moves.stop();
      if (isCancelled) return;
      // When another device's newer place is far enough to offer, this browser opens where it was
      // itself and offers it, never jumping there; otherwise (a page apart at most) at the merged place.
      const own = places?.elsewhere && places.own && { ...places.own, completed: saved?.completed ?? false };
      resumeAt(chapterId, moves.hasMoved() ? null : resumePoint(own ?? saved, modeRef.current, pageCount));
      offer(places?.elsewhere && { chapterId, place: places.elsewhere });
    });
    return () => {
      moves.stop();
      isCancelled = true;
      cancelAnimationFrame(resumeFrame.current);
      trackingRef.current = undefined;
      flush();
    };
  }, [chapterId, seriesId, pageCount, isSignedIn, owner, client, flush, offer, resumeAt, modeRef]);

  const startPage = startAt && startAt.chapterId === chapterId ? startAt.page : undefined;

  // Leaving the page or the tab: what is pending goes now, and may outlive the page.
  useEffect(() => {
    const leave = () => flush(true);
    const onVisibility = () => document.visibilityState === 'hidden' && leave();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', leave);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', leave);
    };
  }, [flush]);

  return { startPage, onPageChange, ...placeChoice };
}
