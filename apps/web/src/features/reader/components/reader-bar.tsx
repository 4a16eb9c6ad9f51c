import type { ChapterContent } from '@inkwell/contract';
import { ArrowLeft, ChevronLeft, ChevronRight, Download, Settings2 } from 'lucide-react';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { AppLink } from '../../../lib/app-link';
import { BookmarkButton } from '../../../components/bookmark-button';
import { editionPath, useEdition } from '../../../lib/edition';
import type { BookmarkState } from '../../../lib/library/bookmark';
import { lazyPart } from '../../../lib/lazy-part';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { groupByVolume } from '../../../lib/volumes';
import { chapterOptionLabel } from '../chapter-option-label';
import { EarlyAccessMarkPart } from '../reader-parts';
import type { ReaderTheme } from '../reader-theme';
import type { ReaderNavigation } from '../use-reader-navigation';
import type { ReaderPanels } from '../use-reader-panels';
import { SettingsPanel, type ReaderSettingsState } from './reader-panels';
import '../messages';

/** Keeping a chapter for offline reading (issue 21 §3): its code, and the offline store's, come when a signed-in reader's page is drawn. */
const KeepOfflineButton = lazyPart('reader/keep-offline', () => import('./keep-offline-button').then((module) => module.default));

export const NAV_BUTTON = 'inline-flex items-center gap-1 rounded-lg px-2.5 py-1.5 text-sm font-medium';

/** The chapters around this one (a long series' answer holds its neighbourhood only), newest first. */
function ChapterPicker({ data, theme }: { data: ChapterContent; theme: ReaderTheme }) {
  const navigate = useNavigate();
  const lang = useEdition();
  const id = useId();
  const t = useT();
  const format = useFormat();
  const groups = groupByVolume(data.chapters);
  const option = (chapter: ChapterContent['chapters'][number]) => (
    <option key={chapter.slug} value={chapter.slug}>
      {chapterOptionLabel(t, format, chapter)}
    </option>
  );
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {t('reader.bar.choose')}
      </label>
      {/* A fixed width: the prices arriving after the chapter must not move the bar's buttons. */}
      <select
        id={id}
        value={data.chapter.slug}
        onChange={(event) => navigate(editionPath(`/SeriesView/${data.series.slug}/${event.target.value}`, lang))}
        className={`w-36 truncate rounded-lg border px-2 py-1.5 text-sm sm:w-64 ${theme.field}`}
      >
        {/* By volume when the series has volumes (issue 37 §2). */}
        {groups
          ? groups.map(({ volume, chapters }) => (
              <optgroup key={volume ?? 'none'} label={t('reader.credits.volume', { number: volume ?? 'none' })}>
                {chapters.map(option)}
              </optgroup>
            ))
          : data.chapters.map(option)}
      </select>
    </>
  );
}

/** Previous and Next chapter, side by side. */
export function ChapterNav({ theme, navigation }: { theme: ReaderTheme; navigation: ReaderNavigation }) {
  const t = useT();
  return (
    <div className="flex items-center gap-2">
      <button
        type="button"
        disabled={!navigation.hasPrevious}
        onClick={navigation.goPrevious}
        className={`${NAV_BUTTON} ${theme.button} disabled:opacity-40`}
        aria-label={t('reader.nav.previousChapter')}
      >
        <ChevronLeft className="size-4" aria-hidden />
        <span className="hidden sm:inline">{t('reader.nav.previous')}</span>
      </button>
      <button
        type="button"
        disabled={!navigation.hasNext}
        onClick={navigation.goNext}
        className={`${NAV_BUTTON} bg-accent-600 text-white hover:bg-accent-500 disabled:bg-transparent disabled:text-current disabled:opacity-40`}
        aria-label={t('reader.nav.nextChapter')}
      >
        <span className="hidden sm:inline">{t('reader.nav.next')}</span>
        <ChevronRight className="size-4" aria-hidden />
      </button>
    </div>
  );
}

/**
 * The reader's top bar: back to the series, the bookmark, the chapter's file and keeping it
 * offline, and on wide screens the chapter picker, Previous and Next and the settings popover.
 * It steps aside in immersive reading.
 */
export function ReaderBar({
  data,
  theme,
  bookmark,
  isSignedIn,
  isHidden,
  navigation,
  panels,
  settings,
}: {
  data: ChapterContent;
  theme: ReaderTheme;
  bookmark: BookmarkState;
  isSignedIn: boolean;
  isHidden: boolean;
  navigation: ReaderNavigation;
  panels: Pick<ReaderPanels, 'isSettingsOpen' | 'toggleSettings' | 'settingsRef'>;
  settings: ReaderSettingsState;
}) {
  const t = useT();
  const format = useFormat();
  const lang = useEdition();
  const isComic = data.series.type === 'comic';
  const chapter = format.chapterLabel(data.chapter);
  const fileType = isComic ? 'CBZ' : 'EPUB';
  return (
    <div
      data-testid="reader-bar"
      data-hidden={isHidden || undefined}
      className={`reader-bar sticky top-16 z-30 border-b backdrop-blur transition-transform duration-200 ${theme.bar} ${
        isHidden ? '-translate-y-[calc(100%+4rem)]' : ''
      }`}
    >
      <div className="relative mx-auto flex h-14 max-w-5xl items-center gap-2 px-3">
        <AppLink
          to={editionPath(`/SeriesView/${data.series.slug}`, lang)}
          className="flex min-w-0 items-center gap-2 text-sm hover:underline"
        >
          <ArrowLeft className="size-4 shrink-0" aria-hidden />
          <span className="hidden truncate md:inline">{data.series.title}</span>
        </AppLink>
        <h1 className="sr-only">{t('reader.bar.heading', { series: data.series.title, chapter })}</h1>
        <span className="truncate text-sm font-medium md:hidden">{chapter}</span>
        {/* A member's early chapter (issue 38 §1): "Early access · public in 3 days". */}
        {data.chapter.earlyAccess && <EarlyAccessMarkPart publicAt={data.chapter.earlyAccess.publicAt} />}
        <div className="ml-auto flex items-center gap-2">
          <BookmarkButton bookmark={bookmark} compact tone={{ off: theme.button, on: theme.buttonOn }} />
          {data.canRead && (
            // The chapter as a file for reading apps (CBZ or EPUB), the same bytes every time.
            <a
              href={`/download/chapters/${data.chapter.id}.${isComic ? 'cbz' : 'epub'}`}
              download
              aria-label={t('reader.bar.download', { type: fileType })}
              title={t('reader.bar.downloadAs', { type: fileType })}
              className={`rounded-lg p-2 ${theme.button}`}
            >
              <Download className="size-4" aria-hidden />
            </a>
          )}
          {data.canRead && !data.isPreview && isSignedIn && (
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
            <ChapterNav theme={theme} navigation={navigation} />
          </div>
          <div ref={panels.settingsRef} className="hidden md:block">
            <button
              type="button"
              onClick={panels.toggleSettings}
              aria-expanded={panels.isSettingsOpen}
              aria-label={t('reader.settings.title')}
              className={`rounded-lg p-2 ${theme.button}`}
            >
              <Settings2 className="size-4" aria-hidden />
            </button>
            {panels.isSettingsOpen && <SettingsPanel isComic={isComic} settings={settings} />}
          </div>
        </div>
      </div>
    </div>
  );
}
