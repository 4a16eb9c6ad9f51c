import { useEffect, useState, type RefObject } from 'react';
import { useT } from '../../../lib/i18n/i18n-context';
import '../messages';

/** How far through an element the reader has scrolled, 0 to 1. */
export function scrolledThrough(element: HTMLElement, viewportHeight: number): number {
  const rect = element.getBoundingClientRect();
  const scrollable = rect.height - viewportHeight;
  if (scrollable <= 0) return rect.top <= 0 ? 1 : 0;
  return Math.min(1, Math.max(0, -rect.top / scrollable));
}

/** A thin line across the top of the screen: how much of a long strip or a novel chapter is behind the reader. */
export function ProgressLine({
  contentRef,
  themeClass = 'bg-accent-400',
}: {
  contentRef: RefObject<HTMLElement | null>;
  themeClass?: string;
}) {
  const t = useT();
  const [progress, setProgress] = useState(0);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      if (contentRef.current) setProgress(scrolledThrough(contentRef.current, window.innerHeight));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [contentRef]);
  const percent = Math.round(progress * 100);
  return (
    <div
      role="progressbar"
      aria-label={t('reader.progress')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      data-testid="progress-line"
      className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-0.5"
    >
      <div className={`h-full origin-left ${themeClass}`} style={{ transform: `scaleX(${progress})` }} />
    </div>
  );
}
