import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Formatters } from '../../../lib/i18n/format';
import { useT, type Translate } from '../../../lib/i18n/i18n-context';
import { PageHeader, QueryState, type ListQuery } from '../components/list-frame';
import { RangePicker, type Column } from './metrics-ui';
import type { useMetricsRange } from './range';
import '../messages';

type RangeState = ReturnType<typeof useMetricsRange>;

/** The Day column of a daily table: a long date on screen, the ISO day in the CSV. */
export const dayColumn = <T extends { day: string }>(t: Translate, format: Formatters): Column<T> => ({
  label: t('dashboard.metrics.column.day'),
  cell: (row) => format.date(`${row.day}T00:00:00Z`),
  csv: (row) => row.day,
  nowrap: true,
});

/** A column of whole numbers. */
export const countColumn = <T,>(format: Formatters, label: string, pick: (row: T) => number): Column<T> => ({
  label,
  cell: (row) => format.count(pick(row)),
  csv: pick,
  numeric: true,
});

/** The Series column of a ranking: the series' public page. */
export const seriesLinkColumn = <T extends { title: string; slug: string }>(t: Translate): Column<T> => ({
  label: t('dashboard.metrics.column.series'),
  cell: (row) => (
    <Link to={`/SeriesView/${row.slug}`} className="text-zinc-100 hover:text-accent-400">
      {row.title}
    </Link>
  ),
  csv: (row) => row.title,
});

/**
 * The frame of a metrics page: its title, the range (in the URL), and the figures of that range
 * once they are here. A new range keeps the last figures, dimmed, until its own arrive.
 */
export function MetricsFrame<TData>({
  title,
  description,
  picker,
  query,
  children,
}: {
  title: string;
  description: ReactNode;
  picker: RangeState;
  query: ListQuery<TData> & { isFetching: boolean; isPlaceholderData: boolean };
  children(data: TData): ReactNode;
}) {
  const t = useT();
  const { range, preset, choosePreset, chooseCustom } = picker;
  return (
    <div>
      <PageHeader title={title} description={description} />
      <RangePicker
        key={`${range.from}:${range.to}`}
        range={range}
        preset={preset}
        onPreset={choosePreset}
        onCustom={chooseCustom}
      />
      <div className="mt-6">
        <QueryState query={query} loading={t('dashboard.metrics.loading')} error={t('dashboard.metrics.error')}>
          {(data) => (
            <div aria-busy={query.isFetching} className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}>
              {children(data)}
            </div>
          )}
        </QueryState>
      </div>
    </div>
  );
}
