import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader, QueryState, type ListQuery } from '../components/list-frame';
import { RangePicker, type Column } from './metrics-ui';
import { longDay, type useMetricsRange } from './range';

type RangeState = ReturnType<typeof useMetricsRange>;

/** A count as the tables show it ("12,400"). */
export const formatCount = (value: number) => value.toLocaleString('en');

/** The Day column of a daily table: a long date on screen, the ISO day in the CSV. */
export const dayColumn = <T extends { day: string }>(): Column<T> => ({
  label: 'Day',
  cell: (row) => longDay(row.day),
  csv: (row) => row.day,
  nowrap: true,
});

/** A column of whole numbers. */
export const countColumn = <T,>(label: string, pick: (row: T) => number): Column<T> => ({
  label,
  cell: (row) => formatCount(pick(row)),
  csv: pick,
  numeric: true,
});

/** The Series column of a ranking: the series' public page. */
export const seriesLinkColumn = <T extends { title: string; slug: string }>(): Column<T> => ({
  label: 'Series',
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
        <QueryState query={query} loading="Loading metrics…" error="We could not load the metrics.">
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
