import type { SeriesDetail } from '@inkwell/contract';
import { BookOpen, ChevronsRight, ExternalLink, Eye, Play, Rss } from 'lucide-react';
import { Fragment, useRef, type ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { AppLink } from '../../../lib/app-link';
import { AdultBadge } from '../../../components/adult-badge';
import { AdultGate, isAdultGate } from '../../../components/adult-gate-part';
import { NearAlsoRead } from '../../../components/also-read-part';
import { NearRelatedSeries } from '../../../components/relations-part';
import { BookmarkButton } from '../../../components/bookmark-button';
import { CoverImage } from '../../../components/cover-image';
import { FreeLadderBadges, hoursText } from '../../../components/free-ladder-badges';
import { LoadError } from '../../../components/load-error';
import { SeriesTiersPart } from '../../../components/membership-parts';
import { StatusBadge } from '../../../components/status-badge';
import { AdSlot } from '../../../lib/ads/ad-slot';
import { CommentsSlot } from '../../../lib/comments/comments-slot';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { useBookmark } from '../../../lib/library/bookmark';
import { useSeriesPlaces } from '../../../lib/library/series-progress';
import { lazyPart } from '../../../lib/lazy-part';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { editionPath, useEdition } from '../../../lib/edition';
import { useIsNear } from '../../../lib/use-is-near';
import { creditLines } from '../../../lib/volumes';
import { seriesErrorPage, useSeries } from '../api/get-series';
import { EditionPicker } from '../components/edition-picker';
import { SeriesPageSkeleton } from '../components/series-page-skeleton';
import { SeriesChapterList } from '../components/series-chapter-list';
import { seriesTypeText } from '../series-type';
import '../messages';

/** The supporters and the gift, below the chapters: their code and data come as the reader scrolls near (issue 18 §2). */
const SeriesSupportPart = lazyPart(
  'series-support',
  () => import('../components/series-support').then((module) => module.SeriesSupport),
  // Holds the place while its code comes, so what is below does not jump up and back.
  { fallback: <div className="mt-10 min-h-32" aria-busy="true" /> },
);

function NearSeriesSupport({ series }: { series: { id: string; slug: string; title: string } }) {
  const slotRef = useRef<HTMLDivElement>(null);
  const isNear = useIsNear(slotRef);
  return (
    <div ref={slotRef} data-testid="series-support-slot" className={isNear ? undefined : 'mt-10 min-h-32'}>
      {isNear && <SeriesSupportPart series={series} />}
    </div>
  );
}

/** "Support this series" (issue 38 §1): the series' membership tiers, fetched as the reader scrolls near. */
function NearSeriesTiers({ series }: { series: { id: string; slug: string; title: string } }) {
  const slotRef = useRef<HTMLDivElement>(null);
  const isNear = useIsNear(slotRef);
  return (
    <div ref={slotRef} data-testid="series-tiers-slot">
      {isNear && <SeriesTiersPart series={series} returnTo={`/SeriesView/${series.slug}`} />}
    </div>
  );
}

/** What the series' free ladder gives, in a sentence (issue 33 §2): the badges' meaning, spelled out. */
function FreeLadderLine({ ladder }: { ladder: NonNullable<SeriesDetail['freeLadder']> }) {
  const t = useT();
  const rental = hoursText(t, ladder.rentalHours);
  const wait = ladder.waitPassHours !== null ? hoursText(t, ladder.waitPassHours) : null;
  let line: string;
  if (wait !== null && ladder.dailyFree) line = t('catalogue.series.freeLadder.both', { wait, rental });
  else if (wait !== null) line = t('catalogue.series.freeLadder.waitPass', { wait, rental });
  else if (ladder.dailyFree) line = t('catalogue.series.freeLadder.dailyFree', { rental });
  else return null;
  return (
    <p className="mt-3 text-sm text-zinc-300" data-testid="free-ladder">
      {line}
    </p>
  );
}

/** The series' type, status, free ladder, year and views, above its title. */
function SeriesFacts({ series }: { series: SeriesDetail }) {
  const t = useT();
  const format = useFormat();
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs">
      <span className="rounded bg-ink-800 px-2 py-0.5 font-bold uppercase tracking-wider text-zinc-300">
        {seriesTypeText(t, series.type)}
      </span>
      <StatusBadge status={series.status} />
      {series.isAdult && <AdultBadge />}
      <FreeLadderBadges ladder={series.freeLadder} />
      {series.releaseYear && <span className="text-zinc-400">{series.releaseYear}</span>}
      <span className="inline-flex items-center gap-1 text-zinc-400">
        <Eye className="size-3.5" aria-hidden />
        {t('catalogue.series.views', { views: format.count(series.views) })}
      </span>
    </div>
  );
}

/**
 * Who made it (issue 37 §2): the series' credits by role, a linked account by its username; the
 * author and artist fields where no credit names that role; and the series' own site.
 */
function SeriesCredits({ series }: { series: SeriesDetail }) {
  const t = useT();
  const lines = creditLines(series.credits);
  const has = (role: string) => lines.some((line) => line.role === role);
  const row = (term: string, value: ReactNode) => (
    <>
      <dt className="text-zinc-400">{term}</dt>
      <dd className="min-w-0 text-zinc-100">{value}</dd>
    </>
  );
  let site: string | undefined;
  try {
    site = series.website ? new URL(series.website).host : undefined;
  } catch {
    site = undefined;
  }
  return (
    <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="series-credits">
      {series.author && !has('writer') && row(t('catalogue.series.author'), series.author)}
      {series.artist && !has('artist') && row(t('catalogue.series.artist'), series.artist)}
      {lines.map((line) => (
        <Fragment key={line.role}>{row(t('catalogue.volumes.role', { role: line.role }), line.names)}</Fragment>
      ))}
      {site &&
        row(
          t('catalogue.volumes.website'),
          <a
            href={series.website}
            target="_blank"
            rel="noopener nofollow ugc"
            className="inline-flex items-center gap-1 break-all text-accent-300 hover:underline"
          >
            {site}
            <ExternalLink className="size-3.5 shrink-0" aria-hidden />
          </a>,
        )}
    </dl>
  );
}

/** /SeriesView/{slug}: the series and its chapters, with a lock, price and free date on each. */
export default function SeriesPage() {
  const t = useT();
  const { seriesSlug = '' } = useParams();
  // The edition asked for (`?lang=`, issue 35 §2): the chapter links keep it.
  const lang = useEdition();
  const series = useSeries(seriesSlug, lang);
  useDocumentTitle(series.data?.title);
  // The viewer's places in it: read marks and Continue (a visitor's from this browser).
  const places = useSeriesPlaces(series.data?.id ?? '', series.data?.chapters ?? []);
  const bookmark = useBookmark(series.data?.id ?? '');

  if (series.isError) {
    if (isAdultGate(series.error)) return <AdultGate />;
    const errorPage = seriesErrorPage(series.error);
    if (errorPage) return <Navigate to={`/errorPage?error=${errorPage}`} replace />;
    return (
      <div className="mx-auto max-w-5xl px-4 py-10">
        <LoadError message={t('catalogue.series.loadError')} onRetry={() => void series.refetch()} />
      </div>
    );
  }
  if (series.isPending) return <SeriesPageSkeleton />;

  const data = series.data;
  // Chapters arrive newest number first; a long series' first is not among them.
  const first = data.firstChapter;
  const latest = data.chapters[0];
  const base = `/SeriesView/${data.slug}`;
  const resume = places.continue;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <div className="flex flex-col gap-6 sm:flex-row">
        <div className="w-44 shrink-0 self-center overflow-hidden rounded-xl border border-ink-800 sm:w-56 sm:self-start">
          <CoverImage cover={data.cover} title={data.title} eager />
        </div>
        <div className="min-w-0 flex-1">
          <SeriesFacts series={data} />
          <h1 lang={data.language} className="mt-2 text-3xl font-extrabold tracking-tight text-white">
            {data.title}
          </h1>
          <EditionPicker series={data} />
          {data.alternativeNames && (
            <p className="mt-1 text-sm text-zinc-400">{t('catalogue.series.alsoKnownAs', { names: data.alternativeNames })}</p>
          )}
          <SeriesCredits series={data} />
          {/* Issue 39 §5: its adaptation, source, sequel…, as the reader comes near. */}
          <NearRelatedSeries key={`related-${data.id}`} seriesId={data.id} />
          {data.genres.length > 0 && (
            <ul className="mt-4 flex flex-wrap gap-2" aria-label={t('catalogue.series.genres')}>
              {data.genres.map((genre) => (
                <li key={genre.id}>
                  <AppLink
                    to={`/${data.type === 'comic' ? 'comics' : 'novels'}?genre=${genre.slug}`}
                    className="rounded-full border border-ink-700 px-3 py-1 text-xs text-zinc-200 hover:border-accent-500 hover:text-white"
                  >
                    {genre.name}
                  </AppLink>
                </li>
              ))}
            </ul>
          )}
          {data.freeLadder && <FreeLadderLine ladder={data.freeLadder} />}
          {data.description && (
            <p lang={data.language} className="mt-4 whitespace-pre-line leading-relaxed text-zinc-300">
              {data.description}
            </p>
          )}
          <div className="mt-6 flex flex-wrap gap-3">
            {resume && (
              <AppLink
                to={editionPath(`${base}/${resume.chapterSlug}`, lang)}
                className="inline-flex items-center gap-2 rounded-lg bg-accent-600 px-5 py-2.5 font-semibold text-white hover:bg-accent-500"
              >
                <Play className="size-4" aria-hidden />
                {t('catalogue.series.continue', { number: resume.chapterNumber })}
              </AppLink>
            )}
            {first && !resume && (
              <AppLink
                to={editionPath(`${base}/${first.slug}`, lang)}
                className="inline-flex items-center gap-2 rounded-lg bg-accent-600 px-5 py-2.5 font-semibold text-white hover:bg-accent-500"
              >
                <BookOpen className="size-4" aria-hidden />
                {t('catalogue.series.firstChapter')}
              </AppLink>
            )}
            {latest && latest.slug !== first?.slug && (
              <AppLink
                to={editionPath(`${base}/${latest.slug}`, lang)}
                className="inline-flex items-center gap-2 rounded-lg bg-ink-800 px-5 py-2.5 font-semibold text-zinc-100 hover:bg-ink-700"
              >
                <ChevronsRight className="size-4" aria-hidden />
                {t('catalogue.series.latestChapter')}
              </AppLink>
            )}
            <BookmarkButton bookmark={bookmark} />
            {/* A page that says what a feed is and lists its addresses (issue 33 §9); the XML is behind them. */}
            <AppLink
              to={`/follow/${encodeURIComponent(data.slug)}`}
              className="inline-flex items-center gap-2 rounded-lg border border-ink-700 px-4 py-2.5 text-sm font-semibold text-zinc-200 hover:border-accent-500 hover:text-white"
            >
              <Rss className="size-4" aria-hidden />
              {t('catalogue.series.feed')}
            </AppLink>
          </div>
        </div>
      </div>

      <SeriesChapterList series={data} places={places} lang={lang} />
      {/* Issue 39 §5: what its readers also read, as the reader scrolls near. */}
      <NearAlsoRead key={`also-read-${data.id}`} seriesId={data.id} limit={12} />
      <NearSeriesTiers key={`tiers-${data.id}`} series={data} />
      <NearSeriesSupport key={`support-${data.id}`} series={data} />
      <AdSlot key={`ad-${data.id}`} placement="series-chapters" />
      <CommentsSlot key={`comments-${data.id}`} target={{ seriesId: data.id }} />
    </div>
  );
}
