import { useRef } from 'react';
import { lazyPart } from '../lib/lazy-part';
import { useIsNear } from '../lib/use-is-near';
import type { AlsoReadProps } from './also-read';

const AlsoReadPart = lazyPart('also-read', () => import('./also-read').then((module) => module.AlsoRead));

/**
 * "Readers also read" (issue 39 §5) under the series page and at a chapter's end: its code, words
 * and data come only as the reader scrolls near, never with the page's first JavaScript.
 */
export function NearAlsoRead(props: AlsoReadProps) {
  const slotRef = useRef<HTMLDivElement>(null);
  const isNear = useIsNear(slotRef);
  return (
    <div ref={slotRef} data-testid="also-read-slot">
      {isNear && <AlsoReadPart {...props} />}
    </div>
  );
}
