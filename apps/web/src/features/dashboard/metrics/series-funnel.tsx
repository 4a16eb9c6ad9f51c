// i18n: not yet in the catalogues (issue 35)
import type { FunnelRow, TeamMetrics } from '@inkwell/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { callApiData } from '../../../lib/api-client';
import type { DayRange } from './api/metrics';
import { CHART_COLORS, RankChart } from './charts';
import { csvName } from './csv';
import { countColumn, formatCount } from './metrics-frame';
import { DataTable, MetricSection, type Column } from './metrics-ui';

const percent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)} %`);
const columns: Column<FunnelRow>[] = [
  { label: 'Chapter', cell: (row) => `Chapter ${row.number}`, csv: (row) => row.number, nowrap: true },
  countColumn<FunnelRow>('Started', (row) => row.started),
  countColumn<FunnelRow>('Finished', (row) => row.finished),
  countColumn<FunnelRow>('Coins', (row) => row.unlocksByMethod.coins),
  countColumn<FunnelRow>('Pass', (row) => row.unlocksByMethod.wait_pass),
  countColumn<FunnelRow>('Daily free', (row) => row.unlocksByMethod.daily_free),
  countColumn<FunnelRow>('First paid', (row) => row.firstPaid),
  {
    label: 'Drop-off',
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
    <MetricSection
      title="Series funnel"
      description="Per chapter: readers who started and finished it, how it was opened, where paying readers first paid, and who did not go on."
    >
      {topSeries.length === 0 ? (
        <p className="text-sm text-zinc-400">No series was read in this range.</p>
      ) : (
        <>
          <div className="flex flex-wrap items-end gap-3">
            <label htmlFor={selectId} className="text-sm text-zinc-300">
              Series
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
                {formatCount(paying)} {paying === 1 ? 'reader' : 'readers'} paid for the first time in this range.
              </p>
            )}
          </div>
          {funnel.isError ? (
            <p role="alert" className="text-sm text-rose-300">
              We could not load this funnel.
            </p>
          ) : (
            <>
              {/* A chart of zeros is an empty grid: say so instead. */}
              {rows.some((row) => row.started > 0) ? (
                <RankChart
                  label="Readers who started each chapter"
                  valueLabel="Started"
                  color={CHART_COLORS[1]}
                  data={rows.map((row) => ({ name: `Chapter ${row.number}`, value: row.started }))}
                />
              ) : (
                rows.length > 0 && (
                  <p className="text-sm text-zinc-400" data-testid="funnel-no-readers">
                    No reader started a chapter of this series in this range.
                  </p>
                )
              )}
              <DataTable
                caption={`Funnel of ${funnel.data?.title ?? 'the series'}`}
                columns={columns}
                rows={rows}
                rowKey={(row) => row.chapterId}
                filename={csvName('funnel', range)}
                empty="No chapters out yet."
              />
            </>
          )}
        </>
      )}
    </MetricSection>
  );
}
