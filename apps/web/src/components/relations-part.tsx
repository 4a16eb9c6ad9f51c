import { useRef } from 'react';
import { lazyPart } from '../lib/lazy-part';
import { useIsNear } from '../lib/use-is-near';
import type { ChapterContinuationProps } from './chapter-continuation';

const RelatedSeriesPart = lazyPart('related-series', () => import('./related-series').then((module) => module.RelatedSeries));
const ChapterContinuationPart = lazyPart('chapter-continuation', () =>
  import('./chapter-continuation').then((module) => module.ChapterContinuation),
);

/**
 * Relations between series (issue 39 §5): the series page's "Related" and a chapter's "continue in
 * the novel". Their code, words and data come only as the reader scrolls near, never with the
 * page's first JavaScript.
 */
export function NearRelatedSeries({ seriesId }: { seriesId: string }) {
  const slotRef = useRef<HTMLDivElement>(null);
  const isNear = useIsNear(slotRef);
  return (
    <div ref={slotRef} data-testid="related-series-slot">
      {isNear && <RelatedSeriesPart seriesId={seriesId} />}
    </div>
  );
}

export function NearChapterContinuation(props: ChapterContinuationProps) {
  const slotRef = useRef<HTMLDivElement>(null);
  const isNear = useIsNear(slotRef);
  return (
    <div ref={slotRef} data-testid="chapter-continuation-slot" className="w-full">
      {isNear && <ChapterContinuationPart {...props} />}
    </div>
  );
}
