import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element has come within `margin` of the screen (issue 18 §2: a part below the fold
 * loads its code and data only as the reader scrolls near it). False on the server and in the first
 * render everywhere, so a page drawn on the server hydrates as drawn; true at once where the
 * browser cannot watch (no IntersectionObserver) or when `now` says so.
 */
export function useIsNear(ref: RefObject<Element | null>, { margin = '600px', now = false } = {}): boolean {
  const [isNear, setIsNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (isNear || !element) return;
    if (now || typeof IntersectionObserver === 'undefined') {
      setIsNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIsNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isNear, margin, now, ref]);
  return isNear;
}
