import { createContext, Suspense, useContext, useRef, type ComponentType } from 'react';
import { useIsNear } from '../use-is-near';

/** Where a comments section hangs: under a chapter, or on a series page. */
export type CommentsTarget = { chapterId: string; seriesId?: never } | { seriesId: string; chapterId?: never };

export type CommentsSectionComponent = ComponentType<{ target: CommentsTarget }>;

const CommentsSlotContext = createContext<CommentsSectionComponent | null>(null);

/**
 * The app hands the (lazy) comments section down, so the reader and the series page can show it
 * without importing another feature (decision 0008) and without its code in their first chunk.
 */
export const CommentsSlotProvider = CommentsSlotContext.Provider;

/** How far below the screen the section starts loading: near enough that it is ready when reached. */
const LOAD_MARGIN = '600px';

/**
 * The comments of a chapter or series, loaded (code and data) only as the reader scrolls near
 * them: a chapter's first screen costs nothing more.
 */
export function CommentsSlot({ target }: { target: CommentsTarget }) {
  const Section = useContext(CommentsSlotContext);
  const placeholderRef = useRef<HTMLDivElement>(null);
  // A link to one comment (a reply's notice: `#comment-{id}`) loads the section at once.
  const isNear = useIsNear(placeholderRef, {
    margin: LOAD_MARGIN,
    now: typeof window !== 'undefined' && window.location.hash.startsWith('#comment-'),
  });

  if (!Section) return null;
  const placeholder = <div ref={placeholderRef} className="min-h-40" aria-hidden />;
  if (!isNear) return placeholder;
  return (
    <Suspense fallback={<div className="min-h-40" aria-busy="true" />}>
      <Section target={target} />
    </Suspense>
  );
}
