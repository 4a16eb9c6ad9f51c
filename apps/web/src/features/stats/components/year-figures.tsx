import type { YearFigures } from '@inkwell/contract';
import { Link } from 'react-router';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import '../messages';

/** A year's figures as the reader's page and a shared page both show them (issue 39 §4). */
export function YearFiguresView({ figures }: { figures: Omit<YearFigures, 'timeZone'> }) {
  const t = useT();
  const format = useFormat();
  const tiles = [
    { label: t('stats.chapters'), value: format.count(figures.totals.chapters), id: 'chapters' },
    { label: t('stats.pages'), value: format.count(figures.totals.pages), id: 'pages' },
    { label: t('stats.series'), value: format.count(figures.totals.series), id: 'series' },
    { label: t('stats.days'), value: format.count(figures.totals.days), id: 'days' },
    { label: t('stats.longestStreak'), value: t('stats.streakDays', { count: figures.streaks.longest }), id: 'longest' },
    { label: t('stats.currentStreak'), value: t('stats.streakDays', { count: figures.streaks.current }), id: 'current' },
    {
      label: t('stats.openToFinish'),
      value: figures.medianOpenToFinishMs === null ? t('stats.noTime') : format.timeLeft(figures.medianOpenToFinishMs),
      id: 'median',
    },
  ];
  const most = Math.max(1, ...figures.weeks.map((week) => week.chapters));
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {tiles.map((tile) => (
          <div key={tile.id} className="rounded-xl border border-ink-800 bg-ink-900 px-4 py-3" data-figure={tile.id}>
            <dt className="text-xs text-zinc-400">{tile.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-white">{tile.value}</dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="stats-weeks" className="rounded-xl border border-ink-800 bg-ink-900 p-4">
        <h3 id="stats-weeks" className="text-sm font-semibold text-white">
          {t('stats.perWeek')}
        </h3>
        <ol className="mt-3 flex h-24 items-end gap-px" aria-label={t('stats.perWeek')}>
          {figures.weeks.map((week) => {
            const label = t('stats.weekBar', {
              date: format.date(`${week.start}T00:00:00Z`),
              chapters: format.count(week.chapters),
              pages: format.count(week.pages),
            });
            return (
              <li key={week.start} className="flex h-full flex-1 items-end" title={label}>
                <span className="sr-only">{label}</span>
                <span
                  aria-hidden
                  className="w-full rounded-sm bg-accent-500"
                  style={{ height: `${Math.round((week.chapters / most) * 100)}%`, minHeight: week.chapters > 0 ? 2 : 0 }}
                />
              </li>
            );
          })}
        </ol>
        <p className="mt-2 text-xs text-zinc-500">{t('stats.pagesNote')}</p>
      </section>

      <div className="grid gap-4 sm:grid-cols-2">
        <section aria-labelledby="stats-top-series" className="rounded-xl border border-ink-800 bg-ink-900 p-4">
          <h3 id="stats-top-series" className="text-sm font-semibold text-white">
            {t('stats.topSeries')}
          </h3>
          <ol className="mt-2 space-y-1.5">
            {figures.topSeries.map((series) => (
              <li key={series.id} className="flex justify-between gap-3 text-sm">
                <Link to={`/SeriesView/${encodeURIComponent(series.slug)}`} className="truncate text-zinc-200 hover:text-white">
                  {series.title}
                </Link>
                <span className="shrink-0 text-zinc-400">{t('stats.chapterCount', { count: series.chapters })}</span>
              </li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="stats-top-genres" className="rounded-xl border border-ink-800 bg-ink-900 p-4">
          <h3 id="stats-top-genres" className="text-sm font-semibold text-white">
            {t('stats.topGenres')}
          </h3>
          <ol className="mt-2 space-y-1.5">
            {figures.topGenres.map((genre) => (
              <li key={genre.name} className="flex justify-between gap-3 text-sm">
                <span className="truncate text-zinc-200">{genre.name}</span>
                <span className="shrink-0 text-zinc-400">{t('stats.chapterCount', { count: genre.chapters })}</span>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </div>
  );
}
