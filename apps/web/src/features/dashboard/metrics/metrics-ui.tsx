import { resolveMetricsRange, type MetricsRange } from '@inkwell/contract';
import { Download } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { schemaMessage } from '../../../lib/i18n/validation-messages';
import { downloadCsv, toCsv, type CsvCell } from './csv';
import { RANGE_PRESETS, todayUtc, type RangePreset } from './range';
import '../messages';

const control =
  'rounded-lg border bg-ink-900 px-3 py-2 text-sm text-zinc-100 focus:outline-none focus:ring-2 focus:ring-accent-500 [color-scheme:dark]';

/** The range: the last 7, 30 or 90 days, or any from–to (UTC days, to included). */
export function RangePicker({
  range,
  preset,
  onPreset,
  onCustom,
}: {
  range: MetricsRange;
  preset: RangePreset | null;
  onPreset(days: RangePreset): void;
  onCustom(range: { from: string; to: string }): void;
}) {
  const t = useT();
  const format = useFormat();
  const day = (iso: string) => format.date(`${iso}T00:00:00Z`);
  const id = useId();
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const resolved = resolveMetricsRange({ from: from || 'missing', to: to || 'missing' }, todayUtc());
    if ('fields' in resolved) {
      return setErrors(
        Object.fromEntries(Object.entries(resolved.fields).map(([field, message]) => [field, schemaMessage(t, message)])),
      );
    }
    setErrors({});
    onCustom({ from: resolved.range.from, to: resolved.range.to });
  };
  const choose = (days: RangePreset) => {
    setErrors({});
    onPreset(days);
  };

  return (
    <section aria-label={t('dashboard.metrics.range.label')} className="mt-5 rounded-xl border border-ink-800 bg-ink-900 p-4">
      <div className="flex flex-wrap items-end gap-x-6 gap-y-4">
        <div role="group" aria-label={t('dashboard.metrics.range.presets')} className="flex gap-1 rounded-lg bg-ink-950 p-1">
          {RANGE_PRESETS.map((days) => (
            <button
              key={days}
              type="button"
              aria-pressed={preset === days}
              onClick={() => choose(days)}
              className={`rounded-md px-3 py-1.5 text-sm font-medium ${
                preset === days ? 'bg-accent-600 text-white' : 'text-zinc-300 hover:bg-ink-800'
              }`}
            >
              {t('dashboard.metrics.range.days', { count: days })}
            </button>
          ))}
        </div>
        <form
          onSubmit={submit}
          noValidate
          className="flex flex-wrap items-end gap-3"
          aria-label={t('dashboard.metrics.range.custom')}
        >
          <div>
            <label htmlFor={`${id}-from`} className="mb-1.5 block text-sm font-medium text-zinc-200">
              {t('dashboard.metrics.range.from')}
            </label>
            <input
              id={`${id}-from`}
              type="date"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              aria-invalid={errors.from ? true : undefined}
              aria-describedby={errors.from ? `${id}-from-error` : undefined}
              className={`${control} ${errors.from ? 'border-rose-500' : 'border-ink-700'}`}
            />
          </div>
          <div>
            <label htmlFor={`${id}-to`} className="mb-1.5 block text-sm font-medium text-zinc-200">
              {t('dashboard.metrics.range.to')}
            </label>
            <input
              id={`${id}-to`}
              type="date"
              value={to}
              onChange={(event) => setTo(event.target.value)}
              aria-invalid={errors.to ? true : undefined}
              aria-describedby={errors.to ? `${id}-to-error` : undefined}
              className={`${control} ${errors.to ? 'border-rose-500' : 'border-ink-700'}`}
            />
          </div>
          <button type="submit" className="rounded-lg bg-ink-800 px-4 py-2 text-sm font-semibold text-zinc-100 hover:bg-ink-700">
            {t('dashboard.metrics.range.apply')}
          </button>
        </form>
      </div>
      {(errors.from || errors.to) && (
        <div className="mt-2 space-y-1 text-sm text-rose-300">
          {errors.from && <p id={`${id}-from-error`}>{errors.from}</p>}
          {errors.to && <p id={`${id}-to-error`}>{errors.to}</p>}
        </div>
      )}
      <p className="mt-3 text-xs text-zinc-400" aria-live="polite">
        {t('dashboard.metrics.range.summary', { from: day(range.from), to: day(range.to), count: range.days })}
      </p>
    </section>
  );
}

/** A figure of the range (or of today), in a small card. */
export function StatCard({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div className="rounded-xl border border-ink-800 bg-ink-900 p-4">
      <dt className="text-xs font-medium uppercase tracking-wide text-zinc-400">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums text-white">{value}</dd>
      {hint && <dd className="mt-0.5 text-xs text-zinc-400">{hint}</dd>}
    </div>
  );
}

/** One chart with its table, under a heading. */
export function MetricSection({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-6 rounded-xl border border-ink-800 bg-ink-900/60 p-4 sm:p-5">
      <h2 id={id} className="text-lg font-semibold text-white">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-zinc-400">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

export interface Column<T> {
  label: string;
  /** What the table shows. */
  cell(row: T): ReactNode;
  /** What the CSV holds (plain numbers, so a spreadsheet can add them up). */
  csv(row: T): CsvCell;
  numeric?: boolean;
  /** Kept on one line (days). */
  nowrap?: boolean;
}

/**
 * The numbers of a chart as a table (its caption names it), with a CSV download of the same
 * rows. A long range scrolls inside its box, the header staying in view.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  filename,
  empty,
  newestFirst = false,
}: {
  caption: string;
  columns: readonly Column<T>[];
  /** In time order (as the CSV keeps them). */
  rows: readonly T[];
  /** A daily table opens on the newest day (issue 21 §1); the charts and the CSV keep time's order. */
  newestFirst?: boolean;
  rowKey(row: T): string;
  /** The CSV's file name, without `.csv`. */
  filename: string;
  empty?: string;
}) {
  const t = useT();
  const download = () =>
    downloadCsv(
      `${filename}.csv`,
      toCsv(
        columns.map((column) => column.label),
        rows.map((row) => columns.map((column) => column.csv(row))),
      ),
    );
  return (
    <div className="mt-4">
      <div className="mb-2 flex items-center justify-between gap-3">
        <p className="text-sm font-medium text-zinc-300">{caption}</p>
        <button
          type="button"
          onClick={download}
          disabled={rows.length === 0}
          aria-label={t('dashboard.metrics.table.download', { caption })}
          className="inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium text-accent-400 hover:bg-ink-800 disabled:opacity-50"
        >
          <Download className="size-4" aria-hidden />
          {t('dashboard.metrics.table.csv')}
        </button>
      </div>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-ink-800 bg-ink-900 p-4 text-sm text-zinc-400">
          {empty ?? t('dashboard.metrics.table.empty')}
        </p>
      ) : (
        <div className="max-h-80 overflow-auto rounded-lg border border-ink-800">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="sticky top-0 bg-ink-900 text-xs uppercase tracking-wide text-zinc-400">
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.label}
                    scope="col"
                    className={`whitespace-nowrap px-3 py-2 ${column.numeric ? 'text-right' : ''}`}
                  >
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-800">
              {(newestFirst ? [...rows].reverse() : rows).map((row) => (
                <tr key={rowKey(row)} className="hover:bg-ink-900/60">
                  {columns.map((column) => (
                    <td
                      key={column.label}
                      className={`px-3 py-1.5 ${column.numeric ? 'whitespace-nowrap text-right tabular-nums text-zinc-100' : `text-zinc-300 ${column.nowrap ? 'whitespace-nowrap' : ''}`}`}
                    >
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
