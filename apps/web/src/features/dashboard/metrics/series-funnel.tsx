import type { FunnelRow, TeamMetrics } from '@inkwell/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { callApiData } from '../../../lib/api-client';
import { useFormat, type Formatters } from '../../../lib/i18n/format';
import { useT, type Translate } from '../../../lib/i18n/i18n-context';
import type { DayRange } from './api/metrics';
import { CHART_COLORS, RankChart } from './charts';
import { csvName } from './csv';
import { countColumn } from './metrics-frame';
import { DataTable, MetricSection, type Column } from './metrics-ui';
import '../messages';

const percent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)} %`);
const columnsOf = (t: Translate, format: Formatters): Column<FunnelRow>[] => [
  {
    label: t('dashboard.metrics.column.chapter'),
    cell: (row) => t('dashboard.metrics.chapterNumber', { number: row.number }),
    csv: (row) => row.number,
    nowrap: true,
  },
  countColumn<FunnelRow>(format, t('dashboard.metrics.funnel.started'), (row) => row.started),
  countColumn<FunnelRow>(format, t('dashboard.metrics.funnel.finished'), (row) => row.finished),
  countColumn<FunnelRow>(format, t('dashboard.metrics.column.coins'), (row) => row.unlocksByMethod.coins),
  countColumn<FunnelRow>(format, t('dashboard.metrics.funnel.pass'), (row) => row.unlocksByMethod.wait_pass),
  countColumn<FunnelRow>(format, t('dashboard.metrics.funnel.dailyFree'), (row) => row.unlocksByMethod.daily_free),
  countColumn<FunnelRow>(format, t('dashboard.metrics.funnel.firstPaid'), (row) => row.firstPaid),
  {
    label: t('dashboard.metrics.funnel.dropOff'),
    cell: (row) => percent(row.dropOff),
    csv: (row) => (row.dropOff === null ? '' : row.dropOff),
    numeric: true,
  },
];

/**
 * What turns a reader into a buyer (issue 22 §3): for a series chosen among the range's top ones,
 * per chapter, who started and finished it, how it was opened, where paying readers first paid,
 * and how many did not go on to the next.
 */
export function SeriesFunnelSection({ range, topSeries }: { range: DayRange; topSeries: TeamMetrics['topSeries'] }) {
  const t = useT();
  const format = useFormat();
  const columns = columnsOf(t, format);
  const [chosen, setChosen] = useState<string>();
  const seriesId = chosen ?? topSeries[0]?.seriesId;
  const selectId = useId();
  const funnel = useQuery({
    queryKey: ['team', 'metrics', 'funnel', seriesId, range.from, range.to],
    queryFn: ({ signal }) => callApiData('teamSeriesFunnel', { params: { id: seriesId! }, query: range, signal }),
    enabled: Boolean(seriesId),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const rows = funnel.data?.rows ?? [];
  const paying = rows.reduce((sum, row) => sum + row.firstPaid, 0);

  return (
    <MetricSection title={t('dashboard.metrics.funnel.title')} description={t('dashboard.metrics.funnel.description')}>
      {topSeries.length === 0 ? (
        <p className="text-sm text-zinc-400">{t('dashboard.metrics.funnel.noSeries')}</p>
      ) : (
        <>
          <div className="flex flex-wrap items-end gap-3">
            <label htmlFor={selectId} className="text-sm text-zinc-300">
              {t('dashboard.metrics.column.series')}
              <select
                id={selectId}
                value={seriesId}
                onChange={(event) => setChosen(event.target.value)}
                className="mt-1 block rounded-lg border border-ink-700 bg-ink-900 px-3 py-1.5 text-sm text-zinc-100"
              >
                {topSeries.map((series) => (
                  <option key={series.seriesId} value={series.seriesId}>
                    {series.title}
                  </option>
                ))}
              </select>
            </label>
            {funnel.data && (
              <p className="text-sm text-zinc-400" data-testid="funnel-summary">
                {t('dashboard.metrics.funnel.paying', { count: paying })}
              </p>
            )}
          </div>
          {funnel.isError ? (
            <p role="alert" className="text-sm text-rose-300">
              {t('dashboard.metrics.funnel.error')}
            </p>
          ) : (
            <>
              {/* A chart of zeros is an empty grid: say so instead. */}
              {rows.some((row) => row.started > 0) ? (
                <RankChart
                  label={t('dashboard.metrics.funnel.chartLabel')}
                  valueLabel={t('dashboard.metrics.funnel.started')}
                  color={CHART_COLORS[1]}
                  data={rows.map((row) => ({
                    name: t('dashboard.metrics.chapterNumber', { number: row.number }),
                    value: row.started,
                  }))}
                />
              ) : (
                rows.length > 0 && (
                  <p className="text-sm text-zinc-400" data-testid="funnel-no-readers">
                    {t('dashboard.metrics.funnel.noReaders')}
                  </p>
                )
              )}
              <DataTable
                caption={
                  funnel.data
                    ? t('dashboard.metrics.funnel.caption', { title: funnel.data.title })
                    : t('dashboard.metrics.funnel.captionNoTitle')
                }
                columns={columns}
                rows={rows}
                rowKey={(row) => row.chapterId}
                filename={csvName('funnel', range)}
                empty={t('dashboard.metrics.funnel.noChapters')}
              />
            </>
          )}
        </>
      )}
    </MetricSection>
  );
}
