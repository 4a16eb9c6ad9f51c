import type { ChapterContent } from '@inkwell/contract';
import type { MouseEvent, ReactNode, RefObject } from 'react';
import { ComicReader } from '../comic-reader';
import { NovelReader } from '../novel-reader';
import { LockedChapter } from '../reader-parts';
import type { ReaderNavigation } from '../use-reader-navigation';
import { isOnControl } from '../use-immersive';
import { ChapterPreview } from './chapter-preview';
import type { ReaderSettingsState } from './reader-panels';

/**
 * The chapter itself: a comic's pages or a novel's text, or for a chapter this reader may not read
 * yet its preview and the lock panel. A tap on the text or the strip toggles the bars.
 */
export function ChapterBody({
  data,
  settings,
  isPaged,
  isFresh,
  onFree,
  contentRef,
  navigation,
  startPage,
  onPageChange,
  onToggleBars,
  end,
}: {
  data: ChapterContent;
  settings: ReaderSettingsState;
  isPaged: boolean;
  /** False while the chapter is being asked again (the lock panel's auto-unlock waits). */
  isFresh: boolean;
  onFree(): void;
  contentRef: RefObject<HTMLDivElement | null>;
  navigation: ReaderNavigation;
  startPage: number | undefined;
  onPageChange(page: number, isEnd: boolean): void;
  onToggleBars(): void;
  /** The chapter's end, a step of its own after a paged comic's last page. */
  end: ReactNode;
}) {
  // A tap on the text or the strip (not on a link or a button, and not a selection) hides or shows the bars.
  const toggleBarsOnTap = (event: MouseEvent) => {
    if (isOnControl(event.target) || (window.getSelection()?.toString() ?? '') !== '') return;
    onToggleBars();
  };
  if (!data.canRead)
    return (
      <>
        <ChapterPreview data={data} comicSettings={settings.comic} novelSettings={settings.novel} />
        <LockedChapter data={data} isFresh={isFresh} onFree={onFree} />
      </>
    );
  return data.series.type === 'comic' ? (
    <div className="py-4" ref={contentRef} onClick={isPaged ? undefined : toggleBarsOnTap}>
      <ComicReader
        pages={data.pages}
        settings={settings.comic}
        onNearEnd={navigation.prefetchNext}
        onNextChapter={navigation.goNext}
        onPreviousChapter={navigation.goPrevious}
        startPage={startPage}
        onPageChange={onPageChange}
        onToggleBars={onToggleBars}
        end={end}
      />
    </div>
  ) : (
    // The text's language, the edition's or the original's (issue 35 §2): hyphenation and screen readers follow it.
    <div ref={contentRef} lang={data.language} onClick={toggleBarsOnTap}>
      <NovelReader html={data.content ?? ''} settings={settings.novel} onNearEnd={navigation.prefetchNext} />
    </div>
  );
}
