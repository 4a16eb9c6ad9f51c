import type { ChapterSummary, SeriesDetail } from '@inkwell/contract';
import { Check, ChevronDown, X } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { AppLink } from '../../../lib/app-link';
import { ChapterMarks } from '../../../components/chapter-marks';
import { EarlyAccessMarkPart } from '../../../components/membership-parts';
import { OriginalBadge } from '../../../components/original-badge';
import { editionPath } from '../../../lib/edition';
import type { SeriesPlaces } from '../../../lib/library/series-progress';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { richText } from '../../../lib/i18n/rich';
import { groupByVolume } from '../../../lib/volumes';
import { type ChapterOrder, useSeriesChapterPages } from '../api/get-series-chapters';
import { SeriesBulkUnlock } from './series-bulk-unlock';
import '../messages';

/** A short series shows this many chapters until "Show all"; a long one pages by the server's page. */
const CHAPTERS_SHOWN = 50;
const listButton =
  'mt-3 w-full rounded-lg bg-ink-800 py-2 text-sm font-medium text-zinc-200 hover:bg-ink-700 disabled:opacity-60';

/**
 * The series page's chapters, newest or oldest first, with a jump to a chapter number. The series
 * answer holds the newest page; a long series' other chapters are asked for a page at a time, so
 * a phone never draws (nor the server sends) thousands of rows at once. They are in the series
 * answer's edition; a chapter that edition lacks is the original's, with a badge saying so, and
 * its link keeps the edition asked for (`lang`), so the reader opens in it.
 */
export function SeriesChapterList({ series, places, lang }: { series: SeriesDetail; places: SeriesPlaces; lang?: string }) {
  const t = useT();
  const format = useFormat();
  const [order, setOrder] = useState<ChapterOrder>('desc');
  const [from, setFrom] = useState<number | undefined>();
  const [showAll, setShowAll] = useState(false);
  const [wantsMore, setWantsMore] = useState(false);
  const isWhole = series.chapterCount <= series.chapters.length;
  // The newest page is in hand: more starts after its last chapter.
  const isNewestPage = order === 'desc' && from === undefined;
  const more = useSeriesChapterPages({
    slug: series.slug,
    lang: series.language,
    order,
    from,
    after: isNewestPage ? series.chapters.at(-1)?.number : undefined,
    isEnabled: !isWhole && (!isNewestPage || wantsMore),
  });
  const loaded = more.data?.pages.flatMap((page) => page.items) ?? [];

  let shown: ChapterSummary[];
  let onMore: (() => void) | undefined;
  let moreLabel = t('catalogue.chapters.showMore');
  if (isWhole) {
    const ordered = order === 'asc' ? [...series.chapters].reverse() : series.chapters;
    const started = from === undefined ? ordered : ordered.filter((c) => (order === 'asc' ? c.number >= from : c.number <= from));
    shown = showAll ? started : started.slice(0, CHAPTERS_SHOWN);
    if (shown.length < started.length) {
      onMore = () => setShowAll(true);
      moreLabel = t('catalogue.chapters.showAll', { count: started.length });
    }
  } else {
    shown = isNewestPage ? [...series.chapters, ...loaded] : loaded;
    const hasMore = isNewestPage && !more.data ? true : more.hasNextPage;
    if (hasMore) onMore = () => (isNewestPage && !more.data ? setWantsMore(true) : void more.fetchNextPage());
  }
  const isLoading = !isWhole && more.isFetching;
  const base = `/SeriesView/${series.slug}`;

  return (
    <section className="mt-10" aria-labelledby="chapters-heading">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="chapters-heading" className="text-xl font-bold text-white">
          {richText(t('catalogue.chapters.heading', { count: format.count(series.chapterCount) }), {
            count: (words) => <span className="text-base font-normal text-zinc-400">{words}</span>,
          })}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          {series.chapterCount > CHAPTERS_SHOWN && <ChapterJump from={from} onJump={setFrom} />}
          {series.chapterCount > 1 && (
            <button
              type="button"
              onClick={() => setOrder((v) => (v === 'asc' ? 'desc' : 'asc'))}
              className="rounded-lg bg-ink-800 px-3 py-1.5 text-sm text-zinc-200 hover:bg-ink-700"
            >
              {order === 'asc' ? t('catalogue.chapters.newestFirst') : t('catalogue.chapters.oldestFirst')}
            </button>
          )}
        </div>
      </div>
      <SeriesBulkUnlock series={series} />
      {series.chapterCount === 0 ? (
        <p className="rounded-xl border border-ink-800 bg-ink-900 p-6 text-zinc-400">{t('catalogue.chapters.none')}</p>
      ) : more.isError && shown.length === 0 ? (
        <p className="rounded-xl border border-ink-800 bg-ink-900 p-6 text-zinc-400" role="alert">
          {richText(t('catalogue.chapters.loadError'), {
            retry: (words) => (
              <button type="button" className="font-semibold text-accent-300 underline" onClick={() => void more.refetch()}>
                {words}
              </button>
            ),
          })}
        </p>
      ) : shown.length === 0 && !isLoading ? (
        <p className="rounded-xl border border-ink-800 bg-ink-900 p-6 text-zinc-400">
          {order === 'asc'
            ? t('catalogue.chapters.noneFrom', { number: from })
            : t('catalogue.chapters.noneUpTo', { number: from })}
        </p>
      ) : (
        <VolumeGroups chapters={shown} isBusy={isLoading}>
          {(chapters) =>
            chapters.map((chapter) => (
              <ChapterRow
                key={chapter.id}
                chapter={chapter}
                href={editionPath(`${base}/${chapter.slug}`, lang)}
                place={places.chapters[chapter.id]}
                ladder={series.freeLadder}
              />
            ))
          }
        </VolumeGroups>
      )}
      {more.isError && shown.length > 0 && (
        <p className="mt-3 text-sm text-rose-300" role="alert">
          {t('catalogue.chapters.loadMoreError')}
        </p>
      )}
      {(onMore || isLoading) && (
        <button type="button" onClick={onMore} disabled={isLoading} className={listButton}>
          {isLoading ? t('catalogue.chapters.loading') : moreLabel}
        </button>
      )}
    </section>
  );
}

const LIST = 'divide-y divide-ink-800 overflow-hidden rounded-xl border border-ink-800 bg-ink-900';

/**
 * The chapters shown, in one list, or by volume when any has one (issue 37 §2): each volume a
 * group that folds, in the list's order (newest first: chapters in no volume yet come first).
 * Chapters paged in join their volume's group, or start the next one.
 */
function VolumeGroups({
  chapters,
  isBusy,
  children,
}: {
  chapters: ChapterSummary[];
  isBusy: boolean;
  children(chapters: ChapterSummary[]): ReactNode;
}) {
  const t = useT();
  const groups = groupByVolume(chapters);
  if (!groups) {
    return (
      <ul className={LIST} aria-busy={isBusy}>
        {children(chapters)}
      </ul>
    );
  }
  return (
    <div className="space-y-3" aria-busy={isBusy}>
      {groups.map((group) => (
        <details key={group.volume ?? 'none'} open className="group" data-testid="volume-group">
          <summary className="mb-2 flex cursor-pointer list-none items-center gap-2 rounded-lg px-1 py-1 font-semibold text-zinc-100 hover:text-white">
            <ChevronDown className="size-4 shrink-0 -rotate-90 transition-transform group-open:rotate-0" aria-hidden />
            {group.volume === null ? t('catalogue.volumes.none') : t('catalogue.volumes.volume', { number: group.volume })}
          </summary>
          <ul className={LIST}>{children(group.chapters)}</ul>
        </details>
      ))}
    </div>
  );
}

/** A chapter's row: its label in the language it will be read in, the "Original" badge when the edition lacks it, its marks and date. */
function ChapterRow({
  chapter,
  href,
  place,
  ladder,
}: {
  chapter: ChapterSummary;
  href: string;
  place: SeriesPlaces['chapters'][string] | undefined;
  ladder: SeriesDetail['freeLadder'];
}) {
  const format = useFormat();
  return (
    <li data-read={place?.completed ? 'true' : undefined}>
      <AppLink to={href} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 hover:bg-ink-800">
        <span lang={chapter.language} className={`font-medium ${place?.completed ? 'text-zinc-400' : 'text-zinc-100'}`}>
          {format.chapterLabel(chapter)}
        </span>
        <span className="flex flex-wrap items-center gap-3">
          {chapter.fallback && <OriginalBadge language={chapter.language} />}
          <ReadMark place={place} />
          {/* A member's early chapter (issue 38 §1) says when it turns public, in place of its open lock. */}
          {chapter.earlyAccess ? (
            <EarlyAccessMarkPart publicAt={chapter.earlyAccess.publicAt} />
          ) : (
            <ChapterMarks chapter={chapter} ladder={ladder} />
          )}
          {chapter.publishedAt && (
            <span className="whitespace-nowrap text-xs text-zinc-400">{format.date(chapter.publishedAt)}</span>
          )}
        </span>
      </AppLink>
    </li>
  );
}

/** "Go to chapter N": the list then starts there, in the order chosen; × goes back to the start. */
function ChapterJump({ from, onJump }: { from: number | undefined; onJump(from: number | undefined): void }) {
  const t = useT();
  const id = useId();
  const [value, setValue] = useState('');
  return (
    <form
      role="search"
      aria-label={t('catalogue.chapters.jump.label')}
      className="flex items-center gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        const number = Number(value);
        if (value.trim() !== '' && Number.isFinite(number) && number >= 0) onJump(number);
      }}
    >
      <label htmlFor={id} className="sr-only">
        {t('catalogue.chapters.jump.number')}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        placeholder={t('catalogue.chapters.jump.placeholder')}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        className="w-28 rounded-lg border border-ink-700 bg-ink-900 px-2 py-1.5 text-sm text-zinc-100 placeholder:text-zinc-400"
      />
      <button type="submit" className="rounded-lg bg-ink-800 px-3 py-1.5 text-sm text-zinc-200 hover:bg-ink-700">
        {t('catalogue.chapters.jump.go')}
      </button>
      {from !== undefined && (
        <button
          type="button"
          onClick={() => {
            setValue('');
            onJump(undefined);
          }}
          className="rounded-lg p-1.5 text-zinc-300 hover:bg-ink-800 hover:text-white"
          aria-label={t('catalogue.chapters.jump.clear', { number: from })}
        >
          <X className="size-4" aria-hidden />
        </button>
      )}
    </form>
  );
}

/** A chapter's read mark: read to its end, or started. */
function ReadMark({ place }: { place: { completed: boolean } | undefined }) {
  const t = useT();
  if (!place) return null;
  if (place.completed) {
    return (
      <span className="inline-flex h-6 items-center gap-1 text-xs font-semibold text-emerald-300" data-testid="read-mark">
        <Check className="size-3.5" aria-hidden />
        {t('catalogue.chapters.read')}
      </span>
    );
  }
  return <span className="inline-flex h-6 items-center text-xs font-medium text-sky-300">{t('catalogue.chapters.reading')}</span>;
}
