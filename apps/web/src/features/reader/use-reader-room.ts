import { useEffect, type RefObject } from 'react';

/**
 * The room the reader's bars take, as CSS variables on the reader's root: `--reader-top` (where
 * the sticky top bar ends) and `--reader-bottom` (the phone's bottom bar). Fit height sizes a page
 * from them (issue 33 §3); while the bars step aside (immersive reading) both are 0.
 */
export function useReaderRoom(
  rootRef: RefObject<HTMLElement | null>,
  { isReady, isHidden }: { isReady: boolean; isHidden: boolean },
) {
  useEffect(() => {
    const root = rootRef.current;
    if (!root || !isReady) return;
    const bar = root.querySelector<HTMLElement>('.reader-bar');
    const bottomBar = root.querySelector<HTMLElement>('[data-testid="reader-bottom-bar"]');
    const measure = () => {
      // The top bar sticks under the site's header: it ends at its sticky offset plus its height.
      const top = bar ? (Number.parseFloat(getComputedStyle(bar).top) || 0) + bar.offsetHeight : 0;
      const bottom = bottomBar?.offsetHeight ?? 0;
      root.style.setProperty('--reader-top', `${isHidden ? 0 : top}px`);
      root.style.setProperty('--reader-bottom', `${isHidden ? 0 : bottom}px`);
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    if (bar) observer?.observe(bar);
    if (bottomBar) observer?.observe(bottomBar);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [rootRef, isReady, isHidden]);
}
