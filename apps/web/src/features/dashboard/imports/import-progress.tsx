import type { Import, ImportItem } from '@inkwell/contract';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/form';
import { useT } from '../../../lib/i18n/i18n-context';
import { ProgressBar } from '../components/fields';
import { isImportRunning, useImport } from './api/imports';
import '../messages';

export const STATUS_IDS: Record<Import['status'], string> = {
  queued: 'dashboard.imports.status.queued',
  running: 'dashboard.imports.status.running',
  done: 'dashboard.imports.status.done',
  failed: 'dashboard.imports.status.failed',
};

export const STATUS_STYLE: Record<Import['status'], string> = {
  queued: 'bg-zinc-700 text-zinc-200',
  running: 'bg-violet-500/20 text-violet-300',
  done: 'bg-emerald-500/15 text-emerald-300',
  failed: 'bg-rose-500/15 text-rose-300',
};

const ACTION_IDS: Record<ImportItem['action'], string> = {
  created: 'dashboard.imports.summary.created',
  updated: 'dashboard.imports.summary.updated',
  unchanged: 'dashboard.imports.summary.unchanged',
  failed: 'dashboard.imports.summary.failed',
};

const ACTION_STYLE: Record<ImportItem['action'], string> = {
  created: 'text-emerald-300',
  updated: 'text-sky-300',
  unchanged: 'text-zinc-400',
  failed: 'text-rose-300',
};

/** One import followed as it runs (asked each second), then its summary and its items, failed ones first. */
export function ImportProgress({ id }: { id: string }) {
  const t = useT();
  const query = useImport(id);
  if (query.isError) return <FormAlert tone="error">{query.error.message || t('dashboard.imports.loadError')}</FormAlert>;
  if (query.isPending) return <p className="text-zinc-400">{t('dashboard.imports.loading')}</p>;
  const run = query.data;
  const isRunning = isImportRunning(run.status);
  return (
    <section
      aria-labelledby="import-h"
      className="space-y-4 rounded-xl border border-ink-800 bg-ink-900 p-4"
      data-testid="import-progress"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="import-h" className="min-w-0 break-all text-lg font-semibold text-white">
          {run.seriesTitle ? t('dashboard.imports.headingInto', { source: run.source, series: run.seriesTitle }) : run.source}
        </h2>
        <span className={`rounded px-1.5 py-0.5 text-[10px] font-bold uppercase ${STATUS_STYLE[run.status]}`}>
          {t(STATUS_IDS[run.status])}
        </span>
      </div>
      {isRunning && (
        <div className="space-y-2" aria-live="polite">
          {run.total > 0 ? (
            <ProgressBar
              value={run.done / run.total}
              label={t('dashboard.imports.progress.count', { done: run.done, total: run.total })}
            />
          ) : (
            <p className="text-sm text-zinc-400">{t('dashboard.imports.progress.waiting')}</p>
          )}
          {run.current && (
            <p className="break-all text-sm text-zinc-300">{t('dashboard.imports.progress.current', { item: run.current })}</p>
          )}
        </div>
      )}
      {!isRunning && <Summary run={run} />}
      {run.error && <FormAlert tone="error">{t('dashboard.imports.stopped', { error: run.error })}</FormAlert>}
      {run.items.length > 0 && <Items items={run.items} />}
    </section>
  );
}

function Summary({ run }: { run: Import }) {
  const t = useT();
  const counts = (['created', 'updated', 'unchanged', 'failed'] as const).map((action) => [action, run[action]] as const);
  // A second run of the same files: nothing written (a file that failed before fails again).
  const isAllUnchanged = run.unchanged > 0 && run.created + run.updated === 0;
  return (
    <div className="space-y-2">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={t('dashboard.imports.summary.label')}>
        {counts.map(([action, count]) => (
          <div key={action} className="rounded-lg border border-ink-800 bg-ink-950 px-3 py-2" data-testid={`import-${action}`}>
            <dt className="text-xs uppercase tracking-wider text-zinc-400">{t(ACTION_IDS[action])}</dt>
            <dd className={`text-2xl font-bold ${count > 0 ? ACTION_STYLE[action] : 'text-zinc-500'}`}>{count}</dd>
          </div>
        ))}
      </dl>
      {isAllUnchanged && <p className="text-sm text-zinc-300">{t('dashboard.imports.summary.nothingChanged')}</p>}
      {run.status === 'done' && !run.publish && run.created + run.updated > 0 && (
        <p className="text-sm text-zinc-400">{t('dashboard.imports.summary.drafts')}</p>
      )}
    </div>
  );
}

/** The items, failed ones first with their reason; a series links to its page in the dashboard. */
function Items({ items }: { items: ImportItem[] }) {
  const t = useT();
  const sorted = [...items.filter((item) => item.action === 'failed'), ...items.filter((item) => item.action !== 'failed')];
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold text-zinc-200">
        {t('dashboard.imports.items.heading', { count: items.length })}
      </h3>
      <ul className="max-h-[28rem] divide-y divide-ink-800 overflow-y-auto rounded-lg border border-ink-800">
        {sorted.map((item, index) => (
          <li key={`${item.path}-${index}`} className="px-3 py-2 text-sm" data-testid="import-item">
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span className={`text-xs font-bold uppercase ${ACTION_STYLE[item.action]}`}>{t(ACTION_IDS[item.action])}</span>
              <span className="text-xs text-zinc-400">
                {t(item.kind === 'series' ? 'dashboard.imports.items.series' : 'dashboard.imports.items.chapter')}
              </span>
              <span className="min-w-0 break-all text-zinc-100">{item.label || item.path}</span>
              {item.kind === 'series' && item.seriesId && (
                <Link
                  to={`/Dashboard/Series/Series/EditSerie/${item.seriesId}`}
                  className="ml-auto text-sm font-medium text-accent-400 hover:underline"
                >
                  {t('dashboard.imports.items.openSeries')}
                </Link>
              )}
            </div>
            {item.label && item.label !== item.path && <p className="break-all text-xs text-zinc-500">{item.path}</p>}
            {item.action === 'failed' && <p className="mt-1 text-rose-300">{item.reason ?? item.code}</p>}
          </li>
        ))}
      </ul>
    </div>
  );
}
