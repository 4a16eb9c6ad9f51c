import type { ChapterContent, ChapterSummary } from '@inkwell/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ChevronLeft, ChevronRight, Settings2 } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { BookmarkButton } from '../../components/bookmark-button';
import { LoadError } from '../../components/load-error';
import { AdSlot } from '../../lib/ads/ad-slot';
import { CommentsSlot } from '../../lib/comments/comments-slot';
import { useBookmark } from '../../lib/library/bookmark';
import { chapterLabel, formatDate } from '../../lib/time';
import { useDocumentTitle } from '../../lib/use-document-title';
import { chapterErrorPage, chapterQueryOptions, useChapter } from './api/get-chapter';
import { useSeriesChapters } from './api/get-series-chapters';
import { ChapterPreview } from './components/chapter-preview';
import { ReaderSkeleton } from './components/reader-skeleton';
import { ComicReader } from './comic-reader';
import { LockedChapter } from './locked-chapter';
import { NovelReader } from './novel-reader';
import { useComicSettings, useNovelSettings } from './reader-settings';
import { ComicSettingsPanel, NovelSettingsPanel } from './reader-settings-panel';
import { useReadingProgress } from './use-reading-progress';

type PickerChapter = ChapterContent['chapters'][number];

/**
 * A chapter's line in the picker, with its state for this viewer in words (an option holds no
 * icons): free says nothing; the price and free date come from the series' chapters once known.
 */
export function chapterOptionLabel(chapter: PickerChapter, priced: ChapterSummary | undefined): string {
  const label = chapterLabel(chapter);
  const price = priced ? `${priced.price} coins` : 'locked';
  switch (chapter.access) {
    case 'unlocked':
      return `${label} · unlocked`;
    case 'locked':
      return `${label} · ${price}`;
    case 'early_access':
      return `${label} · ${price}${priced?.freeAt ? `, free ${formatDate(priced.freeAt)}` : ', early access'}`;
    case 'scheduled':
      return `${label} · scheduled`;
    default:
      return label;
  }
}

function ChapterPicker({ data, seriesChapters }: { data: ChapterContent; seriesChapters: ChapterSummary[] | undefined }) {
  const navigate = useNavigate();
  const id = useId();
  const bySlug = new Map(seriesChapters?.map((chapter) => [chapter.slug, chapter]));
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
        className="w-36 truncate rounded-lg border border-ink-700 bg-ink-900 px-2 py-1.5 text-sm text-zinc-100 sm:w-64"
      >
        {[...data.chapters]
          .sort((a, b) => b.number - a.number)
          .map((chapter) => (
            <option key={chapter.slug} value={chapter.slug}>
              {chapterOptionLabel(chapter, bySlug.get(chapter.slug))}
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
  const [novelSettings, setNovelSettings] = useNovelSettings();
  const [isSettingsOpen, setIsSettingsOpen] = useState(false);
  const settingsRef = useRef<HTMLDivElement>(null);
  const data = chapter.data;
  // Prices and ids of the series' chapters matter only where some are (or were) for sale.
  const hasPricedChapters = data?.chapters.some((c) => c.access !== 'free' && c.access !== 'scheduled') ?? false;
  const seriesChapters = useSeriesChapters(seriesSlug, hasPricedChapters).data;
  useDocumentTitle(data ? `${data.series.title} – ${chapterLabel(data.chapter)}` : undefined);
  const bookmark = useBookmark(data?.series.id ?? '');
  const contentRef = useRef<HTMLDivElement>(null);
  const isPaged = data?.series.type === 'comic' && comicSettings.mode === 'paged';
  const progress = useReadingProgress({ data, mode: isPaged ? 'paged' : 'scroll', contentRef });

  useEffect(() => {
    if (!isSettingsOpen) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !settingsRef.current?.contains(event.target as Node))
        setIsSettingsOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [isSettingsOpen]);

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
      if (first) new Image().src = first.url;
    });
  }, [client, nextSlug, seriesSlug]);

  const refetch = chapter.refetch;
  const onFree = useCallback(() => void refetch(), [refetch]);

  if (chapter.isError) {
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
  const navButton = 'inline-flex items-center gap-1 rounded-lg px-2.5 py-1.5 text-sm font-medium';
  const chapterNav = (
    <div className="flex items-center gap-2">
      <button
        type="button"
        disabled={!previousSlug}
        onClick={() => goTo(previousSlug)}
        className={`${navButton} bg-ink-800 text-zinc-200 hover:bg-ink-700 disabled:opacity-40`}
        aria-label="Previous chapter"
      >
        <ChevronLeft className="size-4" aria-hidden />
        <span className="hidden sm:inline">Previous</span>
      </button>
      <button
        type="button"
        disabled={!nextSlug}
        onClick={() => goTo(nextSlug)}
        className={`${navButton} bg-accent-600 text-white hover:bg-accent-500 disabled:opacity-40`}
        aria-label="Next chapter"
      >
        <span className="hidden sm:inline">Next</span>
        <ChevronRight className="size-4" aria-hidden />
      </button>
    </div>
  );

  return (
    <div className="min-h-screen bg-ink-950">
      <div className="sticky top-16 z-30 border-b border-ink-800 bg-ink-950/95 backdrop-blur">
        <div className="relative mx-auto flex h-14 max-w-5xl items-center gap-2 px-3">
          <Link
            to={`/SeriesView/${data.series.slug}`}
            className="flex min-w-0 items-center gap-2 text-sm text-zinc-300 hover:text-white"
          >
            <ArrowLeft className="size-4 shrink-0" aria-hidden />
            <span className="hidden truncate md:inline">{data.series.title}</span>
          </Link>
          <h1 className="sr-only">
            {data.series.title}: {chapterLabel(data.chapter)}
          </h1>
          <div className="ml-auto flex items-center gap-2">
            <BookmarkButton bookmark={bookmark} compact />
            <ChapterPicker data={data} seriesChapters={seriesChapters} />
            {chapterNav}
            <div ref={settingsRef}>
              <button
                type="button"
                onClick={() => setIsSettingsOpen((open) => !open)}
                aria-expanded={isSettingsOpen}
                aria-label="Reading settings"
                className="rounded-lg bg-ink-800 p-2 text-zinc-200 hover:bg-ink-700"
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

      {!data.canRead ? (
        <>
          <ChapterPreview data={data} comicSettings={comicSettings} novelSettings={novelSettings} />
          <LockedChapter data={data} seriesChapters={seriesChapters} isFresh={!chapter.isFetching} onFree={onFree} />
        </>
      ) : isComic ? (
        <div className="py-4" ref={contentRef}>
          <ComicReader
            pages={data.pages}
            settings={comicSettings}
            onNearEnd={prefetchNext}
            onNextChapter={() => goTo(nextSlug)}
            onPreviousChapter={() => goTo(previousSlug)}
            startPage={progress.startPage}
            onPageChange={progress.onPageChange}
          />
        </div>
      ) : (
        <div ref={contentRef}>
          <NovelReader html={data.content ?? ''} settings={novelSettings} onNearEnd={prefetchNext} />
        </div>
      )}

      {/* Between the chapter's end and the next-chapter button, never between its pages; a new one per chapter. */}
      {data.canRead && <AdSlot key={`ad-${data.chapter.id}`} placement="chapter-end" />}
      <div className="mx-auto flex max-w-5xl flex-col items-center gap-3 px-4 py-10">
        <p className="text-sm text-zinc-400">
          {data.series.title} · {chapterLabel(data.chapter)}
        </p>
        {chapterNav}
        {data.canRead && <BookmarkButton bookmark={bookmark} />}
      </div>
      <CommentsSlot key={data.chapter.id} target={{ chapterId: data.chapter.id }} />
    </div>
  );
}
