import type { SeriesCard as Card } from '@inkwell/contract';
import { Clock, Crown } from 'lucide-react';
import { AppLink } from '../../../lib/app-link';
import { AdultBadge } from '../../../components/adult-badge';
import { CoverImage } from '../../../components/cover-image';
import { FreeLadderBadges } from '../../../components/free-ladder-badges';
import { StatusBadge } from '../../../components/status-badge';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { seriesTypeText } from '../series-type';
import '../messages';

/** A series in a grid: cover (with its free ladder's badges), title, status and its newest chapters. */
export function SeriesCard({ series, eager = false }: { series: Card; eager?: boolean }) {
  const t = useT();
  const format = useFormat();
  const href = `/SeriesView/${series.slug}`;
  return (
    <article className="group flex flex-col overflow-hidden rounded-xl border border-ink-800 bg-ink-900 transition hover:border-accent-500/50">
      <div className="relative">
        <AppLink to={href} className="relative block" tabIndex={-1} aria-hidden>
          <CoverImage cover={series.cover} title={series.title} eager={eager} className="transition group-hover:opacity-90" />
          <span className="absolute left-2 top-2 rounded bg-black/70 px-1.5 py-0.5 text-[10px] font-bold uppercase tracking-wider text-zinc-100">
            {seriesTypeText(t, series.type)}
          </span>
        </AppLink>
        {series.isAdult && <AdultBadge className="pointer-events-none absolute right-2 top-2" />}
        {/* Outside the hidden cover link, so a screen reader hears them too. */}
        <FreeLadderBadges
          ladder={series.freeLadder}
          size="cover"
          className="pointer-events-none absolute bottom-2 left-2 right-2"
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <h3 className="line-clamp-2 text-sm font-semibold leading-snug text-white">
          <AppLink to={href} className="hover:text-accent-400">
            {series.title}
          </AppLink>
        </h3>
        <StatusBadge status={series.status} className="self-start" />
        {series.latestChapters.length > 0 && (
          <ul className="mt-auto space-y-1">
            {series.latestChapters.map((chapter) => (
              <li key={chapter.slug}>
                <AppLink
                  to={`${href}/${chapter.slug}`}
                  className="flex items-center justify-between gap-2 rounded-md bg-ink-800/70 px-2 py-1 text-xs text-zinc-300 hover:bg-ink-700 hover:text-white"
                >
                  <span className="flex min-w-0 items-center gap-1">
                    {chapter.isEarlyAccess ? (
                      <Clock className="size-3 shrink-0 text-sky-300" aria-label={t('catalogue.card.earlyAccess')} />
                    ) : (
                      chapter.isPremium && (
                        <Crown className="size-3 shrink-0 text-amber-300" aria-label={t('catalogue.card.premium')} />
                      )
                    )}
                    <span className="whitespace-nowrap">{t('catalogue.card.chapter', { number: chapter.number })}</span>
                  </span>
                  {/* Relative to now, which moves between the server's render and the browser's (React only
                      lets an element's own text differ, so each span says so); short on a phone's narrow
                      card, so it is never cut and read into the chapter's number. */}
                  <span className="truncate text-zinc-400" data-testid="chapter-age">
                    <span className="sm:hidden" suppressHydrationWarning>
                      {format.shortTimeFromNow(chapter.publishedAt)}
                    </span>
                    <span className="hidden sm:inline" suppressHydrationWarning>
                      {format.timeFromNow(chapter.publishedAt)}
                    </span>
                  </span>
                </AppLink>
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}

/**
 * A home page row (issue 11 §3): on a phone it scrolls sideways, a card and a half in view, so the
 * page stays short; from sm up it is a grid like the lists.
 */
export function SeriesRow({ items, eagerCount = 0 }: { items: Card[]; eagerCount?: number }) {
  return (
    <div
      data-testid="series-row"
      className="-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:snap-none sm:grid-cols-3 sm:overflow-visible sm:px-0 sm:pb-0 md:grid-cols-4 lg:grid-cols-6"
    >
      {items.map((series, index) => (
        <div key={series.id} className="w-36 shrink-0 snap-start sm:w-auto">
          <SeriesCard series={series} eager={index < eagerCount} />
        </div>
      ))}
    </div>
  );
}

export function SeriesGrid({ items, eagerCount = 0 }: { items: Card[]; eagerCount?: number }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
      {items.map((series, index) => (
        <SeriesCard key={series.id} series={series} eager={index < eagerCount} />
      ))}
    </div>
  );
}

export function SeriesGridSkeleton({ count = 12 }: { count?: number }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6" aria-hidden>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="overflow-hidden rounded-xl border border-ink-800 bg-ink-900">
          <div className="aspect-[2/3] animate-pulse bg-ink-800" />
          <div className="space-y-2 p-3">
            <div className="h-3 w-3/4 animate-pulse rounded bg-ink-800" />
            <div className="h-3 w-1/3 animate-pulse rounded bg-ink-800" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** The home page's row while it loads, in the row's own boxes. */
export function SeriesRowSkeleton({ count = 12 }: { count?: number }) {
  return (
    <div
      className="-mx-4 flex gap-3 overflow-hidden px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-3 sm:px-0 sm:pb-0 md:grid-cols-4 lg:grid-cols-6"
      aria-hidden
    >
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="w-36 shrink-0 overflow-hidden rounded-xl border border-ink-800 bg-ink-900 sm:w-auto">
          <div className="aspect-[2/3] animate-pulse bg-ink-800" />
          <div className="space-y-2 p-3">
            <div className="h-3 w-3/4 animate-pulse rounded bg-ink-800" />
            <div className="h-3 w-1/3 animate-pulse rounded bg-ink-800" />
          </div>
        </div>
      ))}
    </div>
  );
}
