import type { ChapterContent } from '@inkwell/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ChevronLeft, ChevronRight, Download, Settings2 } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { BookmarkButton } from '../../components/bookmark-button';
import { LoadError } from '../../components/load-error';
import { AdSlot } from '../../lib/ads/ad-slot';
import { CommentsSlot } from '../../lib/comments/comments-slot';
import { useAuth } from '../../lib/auth/auth-context';
import { useBookmark } from '../../lib/library/bookmark';
import { chapterLabel } from '../../lib/time';
import { useDismiss } from '../../lib/use-dismiss';
import { useDocumentTitle } from '../../lib/use-document-title';
import { chapterErrorPage, chapterQueryOptions, useChapter } from './api/get-chapter';
import { chapterOptionLabel } from './chapter-option-label';
import { BottomSheet } from './components/bottom-sheet';
import { ChapterEnd } from './components/chapter-end';
import { ChapterPreview } from './components/chapter-preview';
import { OfflineChapterNotice } from './components/offline-chapter-notice';
import { lazyPart } from '../../lib/lazy-part';

import { ProgressLine } from './components/progress-line';
import { ChapterListSheet, ReaderBottomBar } from './components/reader-bottom-bar';
import { ReaderSkeleton } from './components/reader-skeleton';
import { RentalNotice } from './components/rental-notice';
import { ComicReader } from './comic-reader';
import { NovelReader } from './novel-reader';
import { pageUrl, useComicSettings, useNovelSettings } from './reader-settings';
import { ComicSettingsPanel, LockedChapter, NovelSettingsPanel } from './reader-parts';
import { READER_THEMES, type ReaderTheme } from './reader-theme';
import { isOnControl, useImmersive } from './use-immersive';
import { useReaderRoom } from './use-reader-room';
import { useReadingProgress } from './use-reading-progress';

export { chapterOptionLabel };

/** Keeping a chapter for offline reading (issue 21 §3): its code, and the offline store's, come when a signed-in reader's page is drawn. */
const KeepOfflineButton = lazyPart('reader/keep-offline', () =>
  import('./components/keep-offline-button').then((module) => module.default),
);

/** The chapters around this one (a long series' answer holds its neighbourhood only), newest first. */
function ChapterPicker({ data, theme }: { data: ChapterContent; theme: ReaderTheme }) {
  const navigate = useNavigate();
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        Choose a chapter
      </label>
      {/* A fixed width: the prices arriving after the chapter must not move the bar's buttons. */}
      <select
        id={id}
        value={data.chapter.slug}
        onChange={(event) => navigate(`/SeriesView/${data.series.slug}/${event.target.value}`)}
        className={`w-36 truncate rounded-lg border px-2 py-1.5 text-sm sm:w-64 ${theme.field}`}
      >
        {data.chapters.map((chapter) => (
          <option key={chapter.slug} value={chapter.slug}>
            {chapterOptionLabel(chapter)}
          </option>
        ))}
      </select>
    </>
  );
}

/** /SeriesView/{series}/{chapter}: the reader, for comics and novels, or a locked chapter's price. */
export default function ReaderPage() {
  const { seriesSlug = '', chapterSlug = '' } = useParams();
  const chapter = useChapter(seriesSlug, chapterSlug);
  const navigate = useNavigate();
  const client = useQueryClient();
  const [comicSettings, setComicSettings] = useComicSettings();
  const comicQuality = comicSettings.quality;
  const [novelSettings, setNovelSettings] = useNovelSettings();
  const [isSettingsOpen, setIsSettingsOpen] = useState(false);
  // The phone's bottom sheets: the chapter list or the settings.
  const [sheet, setSheet] = useState<'chapters' | 'settings' | null>(null);
  const closeSheet = useCallback(() => setSheet(null), []);
  const settingsRef = useRef<HTMLDivElement>(null);
  const data = chapter.data;
  useDocumentTitle(data ? `${data.series.title} – ${chapterLabel(data.chapter)}` : undefined);
  const bookmark = useBookmark(data?.series.id ?? '');
  const { user } = useAuth();
  const contentRef = useRef<HTMLDivElement>(null);
  const isPaged = data?.series.type === 'comic' && comicSettings.mode === 'paged';
  const progress = useReadingProgress({ data, mode: isPaged ? 'paged' : 'scroll', contentRef });
  const immersive = useImmersive(Boolean(data?.canRead) && !isSettingsOpen && sheet === null);
  const [pageStatus, setPageStatus] = useState<string | undefined>();
  const rootRef = useRef<HTMLDivElement>(null);
  useReaderRoom(rootRef, { isReady: Boolean(data), isHidden: immersive.isHidden });

  // A novel in its light or sepia theme: the site's frame follows it (index.css).
  const frameTheme = data?.series.type === 'novel' && novelSettings.theme !== 'dark' ? novelSettings.theme : undefined;
  useEffect(() => {
    if (!frameTheme) return;
    const root = document.documentElement;
    root.dataset.readerTheme = frameTheme;
    return () => {
      delete root.dataset.readerTheme;
    };
  }, [frameTheme]);

  const closeSettings = useCallback(() => setIsSettingsOpen(false), []);
  useDismiss(settingsRef, isSettingsOpen, closeSettings);

  const goTo = useCallback(
    (slug: string | undefined) => slug && navigate(`/SeriesView/${seriesSlug}/${slug}`),
    [navigate, seriesSlug],
  );
  const nextSlug = data?.next?.slug;
  const previousSlug = data?.previous?.slug;

  // Near the end of a chapter, the next one is fetched (and its first page warmed) so it opens at once.
  const prefetchNext = useCallback(() => {
    if (!nextSlug) return;
    const nextOptions = chapterQueryOptions(seriesSlug, nextSlug);
    void client.prefetchQuery(nextOptions).then(() => {
      const next = client.getQueryData(nextOptions.queryKey);
      const first = next?.pages[0];
      if (first) new Image().src = pageUrl(first, comicQuality);
    });
  }, [client, nextSlug, seriesSlug, comicQuality]);

  const refetch = chapter.refetch;
  const onFree = useCallback(() => void refetch(), [refetch]);

  if (chapter.isError) {
    // Offline, and this chapter was not kept: the network error says nothing else (issue 21 §3).
    if (typeof navigator !== 'undefined' && !navigator.onLine) return <OfflineChapterNotice />;
    const errorPage = chapterErrorPage(chapter.error);
    if (errorPage) return <Navigate to={`/errorPage?error=${errorPage}`} replace />;
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <LoadError message="We could not load this chapter. Please try again." onRetry={() => void chapter.refetch()} />
      </div>
    );
  }
  if (!data) return <ReaderSkeleton />;

  const isComic = data.series.type === 'comic';
  // A novel's bars and page follow its theme (dark, light or sepia); comics read on dark.
  const theme = isComic ? READER_THEMES.dark : READER_THEMES[novelSettings.theme];
  const navButton = 'inline-flex items-center gap-1 rounded-lg px-2.5 py-1.5 text-sm font-medium';
  // A tap on the text or the strip (not on a link or a button, and not a selection) hides or shows the bars.
  const toggleBarsOnTap = (event: React.MouseEvent) => {
    if (isOnControl(event.target) || (window.getSelection()?.toString() ?? '') !== '') return;
    immersive.toggle();
  };
  const endMatter = (
    // In the reader's theme like the rest of the page (its palette is set on the root): no dark slab under a cream page.
    <div data-testid="chapter-end-matter">
      {/* After the next-chapter card (issue 21 §1: the way on comes first), never between pages; a new one per chapter. */}
      {data.canRead && <AdSlot key={`ad-${data.chapter.id}`} placement="chapter-end" />}
      <CommentsSlot key={data.chapter.id} target={{ chapterId: data.chapter.id }} />
    </div>
  );
  const chapterNav = (
    <div className="flex items-center gap-2">
      <button
        type="button"
        disabled={!previousSlug}
        onClick={() => goTo(previousSlug)}
        className={`${navButton} ${theme.button} disabled:opacity-40`}
        aria-label="Previous chapter"
      >
        <ChevronLeft className="size-4" aria-hidden />
        <span className="hidden sm:inline">Previous</span>
      </button>
      <button
        type="button"
        disabled={!nextSlug}
        onClick={() => goTo(nextSlug)}
        className={`${navButton} bg-accent-600 text-white hover:bg-accent-500 disabled:bg-transparent disabled:text-current disabled:opacity-40`}
        aria-label="Next chapter"
      >
        <span className="hidden sm:inline">Next</span>
        <ChevronRight className="size-4" aria-hidden />
      </button>
    </div>
  );
  // Paged reading's end comes as its own step after the last page (issue 33 §3), never under page 1.
  const isPagedReading = isPaged && data.canRead;
  const chapterEndArea = (
    <>
      <div className="mx-auto flex max-w-5xl flex-col items-center gap-4 px-4 py-10">
        {data.canRead ? (
          <>
            <ChapterEnd data={data} theme={theme} onNext={() => goTo(nextSlug)} />
            <div className="flex items-center gap-3">
              {previousSlug && (
                <button
                  type="button"
                  onClick={() => goTo(previousSlug)}
                  aria-label="Previous chapter"
                  className={`${navButton} ${theme.button}`}
                >
                  <ChevronLeft className="size-4" aria-hidden />
                  Previous
                </button>
              )}
              <BookmarkButton bookmark={bookmark} tone={{ off: theme.button, on: theme.buttonOn }} />
            </div>
          </>
        ) : (
          <>
            <p className={`text-sm ${theme.muted}`}>
              {data.series.title} · {chapterLabel(data.chapter)}
            </p>
            {chapterNav}
          </>
        )}
      </div>
      {endMatter}
    </>
  );

  return (
    <div
      ref={rootRef}
      className={`reader-page min-h-screen pb-20 md:pb-0 ${theme.page}`}
      data-reader-theme={isComic ? undefined : novelSettings.theme}
      style={theme.palette}
    >
      {data.canRead && !isPaged && <ProgressLine contentRef={contentRef} themeClass={theme.line} />}
      <div
        data-testid="reader-bar"
        data-hidden={immersive.isHidden || undefined}
        className={`reader-bar sticky top-16 z-30 border-b backdrop-blur transition-transform duration-200 ${theme.bar} ${
          immersive.isHidden ? '-translate-y-[calc(100%+4rem)]' : ''
        }`}
      >
        <div className="relative mx-auto flex h-14 max-w-5xl items-center gap-2 px-3">
          <Link to={`/SeriesView/${data.series.slug}`} className="flex min-w-0 items-center gap-2 text-sm hover:underline">
            <ArrowLeft className="size-4 shrink-0" aria-hidden />
            <span className="hidden truncate md:inline">{data.series.title}</span>
          </Link>
          <h1 className="sr-only">
            {data.series.title}: {chapterLabel(data.chapter)}
          </h1>
          <span className="truncate text-sm font-medium md:hidden">{chapterLabel(data.chapter)}</span>
          <div className="ml-auto flex items-center gap-2">
            <BookmarkButton bookmark={bookmark} compact tone={{ off: theme.button, on: theme.buttonOn }} />
            {data.canRead && (
              // The chapter as a file for reading apps (CBZ or EPUB), the same bytes every time.
              <a
                href={`/download/chapters/${data.chapter.id}.${isComic ? 'cbz' : 'epub'}`}
                download
                aria-label={`Download this chapter (${isComic ? 'CBZ' : 'EPUB'})`}
                title={`Download as ${isComic ? 'CBZ' : 'EPUB'}`}
                className={`rounded-lg p-2 ${theme.button}`}
              >
                <Download className="size-4" aria-hidden />
              </a>
            )}
            {data.canRead && !data.isPreview && user && (
              <KeepOfflineButton
                seriesSlug={data.series.slug}
                chapterSlug={data.chapter.slug}
                chapterId={data.chapter.id}
                className={`rounded-lg p-2 ${theme.button}`}
              />
            )}
            {/* On a phone these live in the bottom bar, under the thumb. */}
            <div className="hidden items-center gap-2 md:flex">
              <ChapterPicker data={data} theme={theme} />
              {chapterNav}
            </div>
            <div ref={settingsRef} className="hidden md:block">
              <button
                type="button"
                onClick={() => setIsSettingsOpen((open) => !open)}
                aria-expanded={isSettingsOpen}
                aria-label="Reading settings"
                className={`rounded-lg p-2 ${theme.button}`}
              >
                <Settings2 className="size-4" aria-hidden />
              </button>
              {isSettingsOpen &&
                (isComic ? (
                  <ComicSettingsPanel settings={comicSettings} onChange={setComicSettings} />
                ) : (
                  <NovelSettingsPanel settings={novelSettings} onChange={setNovelSettings} />
                ))}
            </div>
          </div>
        </div>
      </div>

      {data.canRead && data.openUntil && (
        <RentalNotice
          chapter={data.chapter}
          openUntil={data.openUntil}
          chapterPath={`/SeriesView/${data.series.slug}/${data.chapter.slug}`}
          className={theme.button}
        />
      )}
      {!data.canRead ? (
        <>
          <ChapterPreview data={data} comicSettings={comicSettings} novelSettings={novelSettings} />
          <LockedChapter data={data} isFresh={!chapter.isFetching} onFree={onFree} />
        </>
      ) : isComic ? (
        <div className="py-4" ref={contentRef} onClick={isPaged ? undefined : toggleBarsOnTap}>
          <ComicReader
            pages={data.pages}
            settings={comicSettings}
            onNearEnd={prefetchNext}
            onNextChapter={() => goTo(nextSlug)}
            onPreviousChapter={() => goTo(previousSlug)}
            startPage={progress.startPage}
            onPageChange={(page, isEnd) => {
              progress.onPageChange(page);
              setPageStatus(isEnd ? 'End of chapter' : `Page ${page} / ${data.pages.length}`);
            }}
            onToggleBars={immersive.toggle}
            end={chapterEndArea}
          />
        </div>
      ) : (
        <div ref={contentRef} onClick={toggleBarsOnTap}>
          <NovelReader html={data.content ?? ''} settings={novelSettings} onNearEnd={prefetchNext} />
        </div>
      )}

      {!isPagedReading && chapterEndArea}
      <ReaderBottomBar
        theme={theme}
        isHidden={immersive.isHidden}
        hasPrevious={Boolean(previousSlug)}
        hasNext={Boolean(nextSlug)}
        onPrevious={() => goTo(previousSlug)}
        onNext={() => goTo(nextSlug)}
        onChapters={() => setSheet('chapters')}
        onSettings={() => setSheet('settings')}
        status={isPaged && data.canRead ? pageStatus : undefined}
      />
      {sheet === 'chapters' && <ChapterListSheet data={data} onClose={closeSheet} />}
      {sheet === 'settings' && (
        <BottomSheet title="Reading settings" onClose={closeSheet}>
          {isComic ? (
            <ComicSettingsPanel settings={comicSettings} onChange={setComicSettings} inSheet />
          ) : (
            <NovelSettingsPanel settings={novelSettings} onChange={setNovelSettings} inSheet />
          )}
        </BottomSheet>
      )}
    </div>
  );
}
