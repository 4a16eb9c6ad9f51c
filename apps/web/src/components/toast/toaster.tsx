import { useLayoutEffect, useRef } from 'react';
import { lazyPart } from '../../lib/lazy-part';
import { useToasts } from './toast-context';

/** The toasts' own code (toast-items.tsx): fetched when the browser is idle, or with the first toast if that is sooner. */
export const ToastItems = lazyPart('toasts', () => import('./toast-items').then((module) => module.ToastItems), {
  preloadWhenIdle: true,
});

/**
 * While toasts show, the page gets room of their height at its end (--toast-room, index.css), so
 * the last rows of a list can always be scrolled out from under them (issue 33 §14).
 */
function useToastRoom(count: number) {
  const stack = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = document.documentElement;
    const element = stack.current;
    if (count === 0 || !element) {
      root.style.removeProperty('--toast-room');
      return;
    }
    const measure = () => root.style.setProperty('--toast-room', `${Math.ceil(element.getBoundingClientRect().height) + 16}px`);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--toast-room');
    };
  }, [count]);
  return stack;
}

/**
 * Where toasts appear: bottom right, newest last, each with a close button; on a phone, above the
 * reader's bottom bar while it shows (it sets --toast-lift).
 */
export function Toaster() {
  const toasts = useToasts();
  const stack = useToastRoom(toasts.length);
  return (
    <div
      ref={stack}
      aria-live="polite"
      className="pointer-events-none fixed bottom-4 right-4 z-[60] max-md:bottom-[calc(1rem+var(--toast-lift,0px))] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2"
    >
      {toasts.length > 0 && <ToastItems toasts={toasts} />}
    </div>
  );
}
