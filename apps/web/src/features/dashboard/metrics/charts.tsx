import type { ReactElement } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useLocale } from '../../../lib/i18n/i18n-context';
import { shortDay } from './range';

/**
 * The metrics' charts (recharts). Only the metrics pages import this file, and they are lazy
 * dashboard routes, so recharts stays in the dashboard's chunks and never reaches readers.
 */

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}

/** The charts' colours: the site's violet first, then ones that stay apart on the dark background. */
export const CHART_COLORS = ['#a78bfa', '#34d399', '#fbbf24', '#f472b6', '#38bdf8', '#fb7185'] as const;

const AXIS = { stroke: '#71717a', fontSize: 12, tickLine: false } as const;
const TOOLTIP = {
  contentStyle: { background: '#14111f', border: '1px solid #2a2542', borderRadius: 8, color: '#e4e4e7' },
  labelStyle: { color: '#e4e4e7' },
  cursor: { fill: 'rgba(139, 92, 246, 0.08)', stroke: '#2a2542' },
} as const;

/**
 * Sizes a chart to its box. Without ResizeObserver (jsdom in tests) it draws nothing: the table
 * under each chart carries the same numbers.
 */
function ChartFrame({
  label,
  height,
  caption,
  children,
}: {
  label: string;
  height: number;
  caption?: string | undefined;
  children: ReactElement;
}) {
  return (
    <div className="w-full">
      {caption && (
        <p className="mb-1 text-xs font-medium text-zinc-400" aria-hidden>
          {caption}
        </p>
      )}
      <figure role="img" aria-label={label} className="w-full" style={{ height }} data-testid="metrics-chart">
        {typeof ResizeObserver === 'undefined' ? null : (
          <ResponsiveContainer width="100%" height="100%" minWidth={0}>
            {children}
          </ResponsiveContainer>
        )}
      </figure>
    </div>
  );
}

/** One value per day, as lines (trends) or bars (counts), with its days on the x axis. */
export function DailyChart<T extends { day: string }>({
  label,
  data,
  series,
  kind = 'line',
  format = (value: number) => value.toLocaleString('en'),
  height = 240,
  stacked = false,
  caption,
  minTop = 4,
}: {
  label: string;
  data: readonly T[];
  series: readonly ChartSeries[];
  kind?: 'line' | 'bar';
  format?: (value: number) => string;
  height?: number;
  stacked?: boolean;
  /** A visible title above the chart, when its section holds more than one. */
  caption?: string;
  /** The y axis reaches at least this high, so a range of zeros does not draw an axis of fractions. */
  minTop?: number;
}) {
  const locale = useLocale();
  const axisDay = (day: unknown) => shortDay(String(day), locale);
  const common = { data: data as T[], margin: { top: 8, right: 12, bottom: 0, left: 0 } };
  const axes = [
    <CartesianGrid key="grid" stroke="#1d1930" vertical={false} />,
    <XAxis key="x" dataKey="day" tickFormatter={axisDay} minTickGap={16} {...AXIS} />,
    <YAxis
      key="y"
      allowDecimals={false}
      tickFormatter={format}
      width={64}
      domain={[(min: number) => Math.min(0, min), (max: number) => Math.max(max, minTop)]}
      {...AXIS}
    />,
    <Tooltip key="tooltip" labelFormatter={axisDay} formatter={(value, name) => [format(Number(value)), name]} {...TOOLTIP} />,
    ...(series.length > 1 ? [<Legend key="legend" wrapperStyle={{ fontSize: 12, color: '#d4d4d8' }} />] : []),
  ];
  return (
    <ChartFrame label={label} height={height} caption={caption}>
      {kind === 'bar' ? (
        <BarChart {...common}>
          {axes}
          {series.map((s) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              fill={s.color}
              radius={[3, 3, 0, 0]}
              {...(stacked ? { stackId: 'all' } : {})}
            />
          ))}
        </BarChart>
      ) : (
        <LineChart {...common}>
          {axes}
          {series.map((s) => (
            <Line
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.label}
              stroke={s.color}
              strokeWidth={2}
              dot={data.length <= 31}
            />
          ))}
        </LineChart>
      )}
    </ChartFrame>
  );
}

/** A ranking as horizontal bars (top series, top chapters), longest first. */
export function RankChart({
  label,
  data,
  valueLabel,
  color = CHART_COLORS[0],
  format = (value: number) => value.toLocaleString('en'),
}: {
  label: string;
  data: readonly { name: string; value: number }[];
  valueLabel: string;
  color?: string;
  format?: (value: number) => string;
}) {
  // Nothing to rank: the table under it says so.
  if (data.length === 0) return null;
  return (
    <ChartFrame label={label} height={Math.max(120, data.length * 32 + 24)}>
      <BarChart
        data={data as { name: string; value: number }[]}
        layout="vertical"
        margin={{ top: 0, right: 16, bottom: 0, left: 0 }}
      >
        <CartesianGrid stroke="#1d1930" horizontal={false} />
        <XAxis type="number" allowDecimals={false} tickFormatter={format} {...AXIS} />
        <YAxis
          type="category"
          dataKey="name"
          width={160}
          {...AXIS}
          tickFormatter={(name: string) => (name.length > 22 ? `${name.slice(0, 21)}…` : name)}
        />
        <Tooltip formatter={(value) => [format(Number(value)), valueLabel]} {...TOOLTIP} />
        <Bar dataKey="value" name={valueLabel} fill={color} radius={[0, 3, 3, 0]} />
      </BarChart>
    </ChartFrame>
  );
}
