import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { isDrawingOverServerMarkup } from './server-markup';

/**
 * Issue 40 (phones): a part of a page below the fold that the browser, taking over the server's
 * page, leaves as the server drew it and makes the app only once the reader nears it, in a task of
 * its own (decision 0052). The server and a page drawn in the browser (a link followed) draw it at
 * once, as any part; only the first drawing over the server's markup waits. Its links work as
 * links meanwhile; a tap, a key or focus inside it draws it at once.
 *
 * It waits by suspending in its first drawing: Preact keeps the server's nodes of a part that
 * suspends while it takes them over, and draws over them when it resumes (attributes mended, as
 * the rest of the page). Only the browser's build draws over the server's markup
 * (lib/preact/client.ts, through `overServerMarkup` in lib/server-markup.ts); where React runs (the dev server, unit tests of
 * pages) nothing waits.
 */

interface Wait {
  promise: Promise<void>;
  settled: boolean;
  settle(): void;
}

function makeWait(): Wait {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  const wait: Wait = {
    promise,
    settled: false,
    settle() {
      if (wait.settled) return;
      wait.settled = true;
      resolve();
    },
  };
  return wait;
}

/** The part itself: waits (suspends) until settled; one element, so the server's node is kept whole. */
function Gate({ wait, children }: { wait: Wait | null; children: ReactNode }) {
  if (wait && !wait.settled) throw wait.promise;
  return <div className="contents">{children}</div>;
}

/** Input that means the reader is in the part: it is drawn before the event's click or change. */
const READER_IN_PART = ['pointerdown', 'focusin', 'keydown', 'touchstart'] as const;

/**
 * `margin`: how far from the screen the part is drawn (200 px by default: ahead of the reader's
 * scrolling, yet not the rows just below a phone's first screen, which would all be drawn as the
 * page opens). `className` styles the part's box.
 */
export function LaterPart({
  children,
  className,
  margin = '200px 0px',
}: {
  children: ReactNode;
  className?: string;
  margin?: string;
}) {
  const [wait] = useState(() => (isDrawingOverServerMarkup() ? makeWait() : null));
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!wait || wait.settled) return;
    // Nothing kept from the server's page (the part was empty there) or no way to watch: draw it now.
    if (!element?.firstElementChild || typeof IntersectionObserver === 'undefined') {
      wait.settle();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) wait.settle();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    const now = () => wait.settle();
    for (const type of READER_IN_PART) element.addEventListener(type, now, { capture: true, passive: true });
    const stop = () => {
      observer.disconnect();
      for (const type of READER_IN_PART) element.removeEventListener(type, now, { capture: true });
    };
    void wait.promise.then(stop);
    return stop;
  }, [wait, margin]);
  return (
    <div ref={ref} className={className}>
      <Suspense fallback={null}>
        <Gate wait={wait}>{children}</Gate>
      </Suspense>
    </div>
  );
}
