import { Component, createContext, Suspense, useContext, useRef, type ComponentType, type ReactNode } from 'react';
import { useT } from '../i18n/i18n-context';
import { useIsOnline } from '../offline/use-is-online';
import { useIsNear } from '../use-is-near';

/** Where a comments section hangs: under a chapter, or on a series page. */
export type CommentsTarget = { chapterId: string; seriesId?: never } | { seriesId: string; chapterId?: never };

type CommentsSectionComponent = ComponentType<{ target: CommentsTarget }>;

const CommentsSlotContext = createContext<CommentsSectionComponent | null>(null);

/**
 * The app hands the (lazy) comments section down, so the reader and the series page can show it
 * without importing another feature (decision 0008) and without its code in their first chunk.
 */
export const CommentsSlotProvider = CommentsSlotContext.Provider;

/** How far below the screen the section starts loading: near enough that it is ready when reached. */
const LOAD_MARGIN = '600px';

/** Offline (issue 33 §1), comments are said to wait for the network: the page around them goes on. */
function CommentsNeedAConnection() {
  const t = useT();
  return (
    <p role="status" className="mx-auto w-full max-w-3xl px-4 py-8 text-sm text-zinc-400" data-testid="comments-offline">
      {t('common.lib.comments.offline')}
    </p>
  );
}

/** Code of the section that could not be fetched (the connection dropped as it loaded) fails here, not the page. */
class SectionBoundary extends Component<{ children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };
  static getDerivedStateFromError() {
    return { hasFailed: true };
  }
  override render() {
    return this.state.hasFailed ? <CommentsNeedAConnection /> : this.props.children;
  }
}

/**
 * The comments of a chapter or series, loaded (code and data) only as the reader scrolls near
 * them: a chapter's first screen costs nothing more.
 */
export function CommentsSlot({ target }: { target: CommentsTarget }) {
  const Section = useContext(CommentsSlotContext);
  const isOnline = useIsOnline();
  const placeholderRef = useRef<HTMLDivElement>(null);
  // A link to one comment (a reply's notice: `#comment-{id}`) loads the section at once.
  const isNear = useIsNear(placeholderRef, {
    margin: LOAD_MARGIN,
    now: typeof window !== 'undefined' && window.location.hash.startsWith('#comment-'),
  });

  if (!Section) return null;
  if (isNear && isOnline) {
    return (
      <SectionBoundary>
        <Suspense fallback={<div className="min-h-40" aria-busy="true" />}>
          <Section target={target} />
        </Suspense>
      </SectionBoundary>
    );
  }
  // One element, watched for nearness online and off: back online, the section loads where it is.
  return (
    <div ref={placeholderRef} className="min-h-40" aria-hidden={isOnline ? true : undefined}>
      {!isOnline && <CommentsNeedAConnection />}
    </div>
  );
}
