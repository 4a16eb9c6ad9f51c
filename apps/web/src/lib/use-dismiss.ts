import { useEffect, useRef, type RefObject } from 'react';

/**
 * While `isOpen`, a press (mouse or touch) outside `containerRef` or the Escape key calls
 * `onDismiss`: how every menu, panel and popover of the app closes (SPEC §4 Menu panels).
 */
export function useDismiss(containerRef: RefObject<HTMLElement | null>, isOpen: boolean, onDismiss: () => void): void {
  // The latest callback, without listening again each render.
  const dismiss = useRef(onDismiss);
  useEffect(() => {
    dismiss.current = onDismiss;
  });

  useEffect(() => {
    if (!isOpen) return;
    const handlePointer = (event: MouseEvent | TouchEvent) => {
      const target = event.target as Node | null;
      if (target && containerRef.current?.contains(target)) return;
      dismiss.current();
    };
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dismiss.current();
    };
    document.addEventListener('mousedown', handlePointer);
    document.addEventListener('touchstart', handlePointer);
    document.addEventListener('keydown', handleKey);
    return () => {
      document.removeEventListener('mousedown', handlePointer);
      document.removeEventListener('touchstart', handlePointer);
      document.removeEventListener('keydown', handleKey);
    };
  }, [isOpen, containerRef]);
}
