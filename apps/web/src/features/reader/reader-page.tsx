import { useCallback, useRef, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { useEdition } from '../../lib/edition';
import { useAuth } from '../../lib/auth/auth-context';
import { useBookmark } from '../../lib/library/bookmark';
import { useFormat } from '../../lib/i18n/format';
import { lazyPart } from '../../lib/lazy-part';
import { useT } from '../../lib/i18n/i18n-context';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AdultGate, isAdultGate } from '../../components/adult-gate-part';
import { chapterErrorPage, useChapter } from './api/get-chapter';
import { chapterOptionLabel } from './chapter-option-label';
import { ChapterBody } from './components/chapter-body';
import { ChapterEndArea } from './components/chapter-end-area';
import { ChapterNotices } from './components/chapter-notices';
import { OfflineChapterNotice } from './components/offline-chapter-notice';
import { ProgressLine } from './components/progress-line';
import { ReaderBar } from './components/reader-bar';
import { ReaderBottomBar } from './components/reader-bottom-bar';
import { SettingsSheet } from './components/settings-sheet';
import type { ReaderSettingsState } from './components/reader-panels';
import { ReaderSkeleton } from './components/reader-skeleton';
import { ChapterListSheet } from './reader-parts';
import { useComicSettings, useNovelSettings, useReaderComic } from './reader-settings';
import { READER_THEMES } from './reader-theme';
import { useImmersive } from './use-immersive';
import { useReaderFrameTheme } from './use-reader-frame-theme';
import { useReaderNavigation } from './use-reader-navigation';
import { useReaderPanels } from './use-reader-panels';
import { useReaderRoom } from './use-reader-room';
import { useReadingProgress } from './use-reading-progress';
import './messages';

// Issue 39 §1: the prompt to continue where another device is, its code loaded only when there is one.
const PlacePrompt = lazyPart('place-prompt', () => import('./place-prompt').then((module) => module.default));

export { chapterOptionLabel };

/** A chapter that could not be loaded: kept offline or not, gone, or a failure to try again. */
function ChapterLoadError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const t = useT();
  // Offline, and this chapter was not kept: the network error says nothing else (issue 21 §3).
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return <OfflineChapterNotice />;
  // A series marked Adult, to a viewer who has not said they are 18 (issue 36 §4).
  if (isAdultGate(error)) return <AdultGate />;
  const errorPage = chapterErrorPage(error);
  if (errorPage) return <Navigate to={`/errorPage?error=${errorPage}`} replace />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <LoadError message={t('reader.page.loadError')} onRetry={onRetry} />
    </div>
  );
}

/** /SeriesView/{series}/{chapter}: the reader, for comics and novels, or a locked chapter's price. */
export default function ReaderPage() {
  const { seriesSlug = '', chapterSlug = '' } = useParams();
  // The edition the address asks for (`?lang=`, issue 35 §2), kept from the series page's links.
  const chapter = useChapter(seriesSlug, chapterSlug, useEdition());
  const [comicSettings, setComicSettings] = useComicSettings();
  const [novelSettings, setNovelSettings] = useNovelSettings();
  const panels = useReaderPanels();
  const data = chapter.data;
  const t = useT();
  const format = useFormat();
  useDocumentTitle(
    data ? t('reader.page.title', { series: data.series.title, chapter: format.chapterLabel(data.chapter) }) : undefined,
  );
  const bookmark = useBookmark(data?.series.id ?? '');
  const { user } = useAuth();
  const comic = useReaderComic(comicSettings, data?.series, Boolean(user));
  const contentRef = useRef<HTMLDivElement>(null);
  const isPaged = data?.series.type === 'comic' && comic.mode === 'paged';
  const progress = useReadingProgress({ data, mode: isPaged ? 'paged' : 'scroll', contentRef });
  const immersive = useImmersive(Boolean(data?.canRead) && !panels.isSettingsOpen && panels.sheet === null);
  const [pageStatus, setPageStatus] = useState<string | undefined>();
  const rootRef = useRef<HTMLDivElement>(null);
  useReaderRoom(rootRef, { isReady: Boolean(data), isHidden: immersive.isHidden });
  useReaderFrameTheme(data, novelSettings.theme);
  const navigation = useReaderNavigation(seriesSlug, data, comicSettings.quality);
  const refetch = chapter.refetch;
  const onFree = useCallback(() => void refetch(), [refetch]);

  if (chapter.isError) return <ChapterLoadError error={chapter.error} onRetry={() => void chapter.refetch()} />;
  if (!data) return <ReaderSkeleton />;

  const isComic = data.series.type === 'comic';
  // A series drawn right to left (manga, issue 37) turns its pages so unless the reader chose otherwise for it.
  const isSeriesRtl = data.series.readingDirection === 'rtl';
  // A novel's bars and page follow its theme (dark, light or sepia); comics read on dark.
  const theme = isComic ? READER_THEMES.dark : READER_THEMES[novelSettings.theme];
  const settings: ReaderSettingsState = {
    comic,
    isSeriesRtl,
    seriesId: data.series.id,
    novel: novelSettings,
    onComicChange: setComicSettings,
    onNovelChange: setNovelSettings,
  };
  const chapterEndArea = <ChapterEndArea data={data} theme={theme} bookmark={bookmark} navigation={navigation} />;
  // Paged reading's end comes as its own step after the last page (issue 33 §3), never under page 1.
  const isPagedReading = isPaged && data.canRead;
  const isChapterSheet = panels.sheet === 'chapters';
  const isSettingsSheet = panels.sheet === 'settings';

  return (
    <div
      ref={rootRef}
      className={`reader-page min-h-screen pb-20 md:pb-0 ${theme.page}`}
      data-reader-theme={isComic ? undefined : novelSettings.theme}
      style={theme.palette}
    >
      {data.canRead && !isPaged && <ProgressLine contentRef={contentRef} themeClass={theme.line} />}
      <ReaderBar
        data={data}
        theme={theme}
        bookmark={bookmark}
        isSignedIn={Boolean(user)}
        isHidden={immersive.isHidden}
        navigation={navigation}
        panels={panels}
        settings={settings}
      />
      <ChapterNotices data={data} theme={theme} />
      <ChapterBody
        data={data}
        settings={settings}
        isPaged={isPaged}
        isFresh={!chapter.isFetching}
        onFree={onFree}
        contentRef={contentRef}
        navigation={navigation}
        startPage={progress.startPage}
        onPageChange={(page, isEnd) => {
          progress.onPageChange(page);
          setPageStatus(isEnd ? t('reader.page.end') : t('reader.comic.indicator', { page, total: data.pages.length }));
        }}
        onToggleBars={immersive.toggle}
        end={chapterEndArea}
      />
      {!isPagedReading && chapterEndArea}
      {data.canRead && progress.elsewhere && (
        <PlacePrompt
          place={progress.elsewhere}
          mode={isPaged ? 'paged' : 'scroll'}
          pageCount={data.series.type === 'comic' ? data.pageCount : 0}
          buttonClass={theme.button}
          onContinue={progress.continueAt}
          onStay={progress.stayHere}
        />
      )}
      <ReaderBottomBar
        theme={theme}
        isHidden={immersive.isHidden}
        hasPrevious={navigation.hasPrevious}
        hasNext={navigation.hasNext}
        onPrevious={navigation.goPrevious}
        onNext={navigation.goNext}
        onChapters={() => panels.openSheet('chapters')}
        onSettings={() => panels.openSheet('settings')}
        status={isPaged && data.canRead ? pageStatus : undefined}
      />
      {isChapterSheet && (
        <ChapterListSheet data={data} label={(chapter) => chapterOptionLabel(t, format, chapter)} onClose={panels.closeSheet} />
      )}
      {isSettingsSheet && <SettingsSheet isComic={isComic} settings={settings} onClose={panels.closeSheet} />}
    </div>
  );
}
