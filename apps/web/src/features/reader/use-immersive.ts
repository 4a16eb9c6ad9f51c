import { useCallback, useEffect, useRef, useState } from 'react';

/** How far the page must move before the bars follow (so a trembling thumb does not flicker them). */
const SCROLL_STEP = 12;
/** Near the top of the page the bars always show. */
const TOP_ZONE = 80;

/** Whether a click or key press belongs to a control rather than to the page being read. */
export function isOnControl(target: EventTarget | null): boolean {
  return (
    target instanceof Element && Boolean(target.closest('a, button, input, select, textarea, label, summary, [role="dialog"]'))
  );
}

/**
 * Immersive reading (issue 11 §2): scrolling down hides the bars, scrolling up brings them back,
 * and a tap on the page or the F key toggles them. The state is mirrored on <html> so the site's
 * own top bar steps aside too (index.css), without the layout knowing about the reader.
 */
export function useImmersive(isActive: boolean) {
  const [isHidden, setIsHidden] = useState(false);
  // The scroll this hook makes itself (moving the page into the bars' room) is not the reader's.
  const ownScroll = useRef(false);

  useEffect(() => {
    if (!isActive) return;
    let anchor = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (ownScroll.current) {
        ownScroll.current = false;
        anchor = y;
        return;
      }
      if (y < TOP_ZONE) {
        setIsHidden(false);
        anchor = y;
        return;
      }
      const moved = y - anchor;
      if (Math.abs(moved) < SCROLL_STEP) return;
      setIsHidden(moved > 0);
      anchor = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [isActive]);

  useEffect(() => {
    if (!isActive) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || (event.key !== 'f' && event.key !== 'F')) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName))) return;
      setIsHidden((hidden) => !hidden);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isActive]);

  const hidden = isActive && isHidden;
  useEffect(() => {
    if (!hidden) return;
    const root = document.documentElement;
    // The bars leave their room too (issue 21 §1): the page moves up by their height. Where the
    // reader is further down than that, the scroll moves with it, so the lines in view stay put.
    const room =
      (document.querySelector<HTMLElement>('.site-header')?.offsetHeight ?? 0) +
      (document.querySelector<HTMLElement>('.reader-bar')?.offsetHeight ?? 0);
    const kept = Math.min(window.scrollY, room);
    root.style.setProperty('--immersive-room', `${room}px`);
    root.dataset.immersive = 'true';
    if (kept > 0) {
      ownScroll.current = true;
      window.scrollTo({ top: window.scrollY - kept, behavior: 'instant' });
    }
    return () => {
      delete root.dataset.immersive;
      root.style.removeProperty('--immersive-room');
      if (kept > 0) {
        ownScroll.current = true;
        window.scrollTo({ top: window.scrollY + kept, behavior: 'instant' });
      }
    };
  }, [hidden]);

  const toggle = useCallback(() => setIsHidden((value) => !value), []);
  const show = useCallback(() => setIsHidden(false), []);
  return { isHidden: hidden, toggle, show };
}
