import type { ComponentProps, ReactNode } from 'react';
import { DailyChart, RankChart } from './charts';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { dayColumn } from './metrics-frame';
import { DataTable, MetricSection, type Column } from './metrics-ui';

/** The figures at the top of a metrics page, three or four to a row on a wide screen. */
export function StatGrid({ columns, children }: { columns: 3 | 4; children: ReactNode }) {
  return <dl className={`grid grid-cols-2 gap-3 ${columns === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}>{children}</dl>;
}

type DailyChartProps<T extends { day: string }> = Omit<ComponentProps<typeof DailyChart<T>>, 'data'>;

/**
 * A section of figures per day: its charts, then the same days as a table (Day first, newest day
 * first) with its CSV; `children` come after (a ranking that belongs with them).
 */
export function DailySection<T extends { day: string }>({
  title,
  description,
  days,
  charts,
  table,
  children,
}: {
  title: string;
  description?: ReactNode;
  days: readonly T[];
  charts: readonly DailyChartProps<T>[];
  /** The columns after Day; `filename` without `.csv`. */
  table: { caption: string; columns: readonly Column<T>[]; filename: string };
  children?: ReactNode;
}) {
  const t = useT();
  const format = useFormat();
  return (
    <MetricSection title={title} description={description}>
      {charts.map((chart) => (
        <DailyChart key={chart.label} data={days} {...chart} />
      ))}
      <DataTable
        caption={table.caption}
        columns={[dayColumn<T>(t, format), ...table.columns]}
        rows={days}
        newestFirst
        rowKey={(row) => row.day}
        filename={table.filename}
      />
      {children}
    </MetricSection>
  );
}

/** A section that ranks (top series, top chapters): its bars, then the same rows as a table with its CSV. */
export function RankSection<T>({
  title,
  description,
  chart,
  table,
}: {
  title: string;
  description?: ReactNode;
  chart: ComponentProps<typeof RankChart>;
  table: ComponentProps<typeof DataTable<T>>;
}) {
  return (
    <MetricSection title={title} description={description}>
      <RankChart {...chart} />
      <DataTable {...table} />
    </MetricSection>
  );
}
