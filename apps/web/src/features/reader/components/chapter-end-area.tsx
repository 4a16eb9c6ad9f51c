import type { ChapterContent } from '@inkwell/contract';
import { ChevronLeft } from 'lucide-react';
import { NearAlsoRead } from '../../../components/also-read-part';
import { BookmarkButton } from '../../../components/bookmark-button';
import { NearChapterContinuation } from '../../../components/relations-part';
import { AdSlot } from '../../../lib/ads/ad-slot';
import { CommentsSlot } from '../../../lib/comments/comments-slot';
import type { BookmarkState } from '../../../lib/library/bookmark';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import type { ReaderTheme } from '../reader-theme';
import type { ReaderNavigation } from '../use-reader-navigation';
import { ChapterEnd } from './chapter-end';
import { ChapterNav, NAV_BUTTON } from './reader-bar';
import '../messages';

/**
 * Under the chapter: what comes next with Previous and the bookmark (or, for a locked chapter, its
 * name and the way on), then the end-of-chapter ad and the comments.
 */
export function ChapterEndArea({
  data,
  theme,
  bookmark,
  navigation,
}: {
  data: ChapterContent;
  theme: ReaderTheme;
  bookmark: BookmarkState;
  navigation: ReaderNavigation;
}) {
  const t = useT();
  const format = useFormat();
  return (
    <>
      <div className="mx-auto flex max-w-5xl flex-col items-center gap-4 px-4 py-10">
        {data.canRead ? (
          <>
            <ChapterEnd data={data} theme={theme} onNext={navigation.goNext} />
            {/* Issue 39 §5: where this chapter is in its adaptation or source, and the way on there. */}
            <NearChapterContinuation
              key={data.chapter.id}
              chapterId={data.chapter.id}
              seriesType={data.series.type}
              tone={theme.button}
            />
            <div className="flex items-center gap-3">
              {navigation.hasPrevious && (
                <button
                  type="button"
                  onClick={navigation.goPrevious}
                  aria-label={t('reader.nav.previousChapter')}
                  className={`${NAV_BUTTON} ${theme.button}`}
                >
                  <ChevronLeft className="size-4" aria-hidden />
                  {t('reader.nav.previous')}
                </button>
              )}
              <BookmarkButton bookmark={bookmark} tone={{ off: theme.button, on: theme.buttonOn }} />
            </div>
          </>
        ) : (
          <>
            <p className={`text-sm ${theme.muted}`}>
              {t('reader.end.where', { series: data.series.title, chapter: format.chapterLabel(data.chapter) })}
            </p>
            <ChapterNav theme={theme} navigation={navigation} />
          </>
        )}
      </div>
      {/* In the reader's theme like the rest of the page (its palette is set on the root): no dark slab under a cream page. */}
      <div data-testid="chapter-end-matter">
        {/* After the next-chapter card (issue 21 §1: the way on comes first), never between pages; a new one per chapter. */}
        {data.canRead && <AdSlot key={`ad-${data.chapter.id}`} placement="chapter-end" />}
        {/* Issue 39 §5: what the series' readers also read, fetched as the end comes near. */}
        {data.canRead && <NearAlsoRead key={`also-read-${data.series.id}`} seriesId={data.series.id} limit={6} />}
        <CommentsSlot key={data.chapter.id} target={{ chapterId: data.chapter.id }} />
      </div>
    </>
  );
}
