import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { richText } from '../../../lib/i18n/rich';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PageHeader } from '../components/list-frame';
import { useImports } from './api/imports';
import { ImportForm } from './import-form';
import { ImportProgress, STATUS_IDS, STATUS_STYLE } from './import-progress';
import '../messages';

/**
 * /Dashboard/Import (issue 37 §1): upload a catalogue (or one file into a series), follow the
 * import as it runs, and see what it did; the recent imports below.
 */
export default function ImportPage() {
  const t = useT();
  useDocumentTitle(t('dashboard.imports.title'));
  const [params, setParams] = useSearchParams();
  const shown = params.get('id');
  const show = (id: string) => setParams({ id });

  return (
    <div className="space-y-8">
      <PageHeader
        title={t('dashboard.imports.title')}
        description={
          <>
            <span className="block">{t('dashboard.imports.explainFolder')}</span>
            <span className="mt-1 block">
              {richText(t('dashboard.imports.explainShell'), {
                code: (words) => <code className="rounded bg-ink-800 px-1 py-0.5 text-xs text-zinc-200">{words}</code>,
              })}
            </span>
          </>
        }
      />
      <ImportForm onStarted={(started) => show(started.id)} />
      {shown && <ImportProgress key={shown} id={shown} />}
      <RecentImports shown={shown} onShow={show} />
    </div>
  );
}

function RecentImports({ shown, onShow }: { shown: string | null; onShow(id: string): void }) {
  const t = useT();
  const format = useFormat();
  const list = useImports();
  return (
    <section aria-labelledby="recent-imports-h" className="space-y-3">
      <h2 id="recent-imports-h" className="text-lg font-semibold text-white">
        {t('dashboard.imports.recent.heading')}
      </h2>
      {list.isError ? (
        <LoadError message={t('dashboard.imports.recent.error')} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <p className="text-zinc-400">{t('dashboard.imports.recent.loading')}</p>
      ) : list.data.length === 0 ? (
        <p className="rounded-xl border border-ink-800 bg-ink-900 p-6 text-zinc-400">{t('dashboard.imports.recent.empty')}</p>
      ) : (
        <ul className="divide-y divide-ink-800 rounded-xl border border-ink-800 bg-ink-900">
          {list.data.map((run) => (
            <li
              key={run.id}
              className={`flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm ${run.id === shown ? 'bg-ink-800/60' : ''}`}
            >
              <div className="min-w-0 flex-1">
                <p className="break-all font-medium text-zinc-100">
                  {run.source}
                  {run.seriesTitle && <span className="text-zinc-400"> → {run.seriesTitle}</span>}
                </p>
                <p className="text-xs text-zinc-400">
                  {t(run.origin === 'shell' ? 'dashboard.imports.recent.fromShell' : 'dashboard.imports.recent.uploaded')} ·{' '}
                  {format.dateTime(run.createdAt)} ·{' '}
                  {t('dashboard.imports.recent.counts', {
                    created: run.created,
                    updated: run.updated,
                    unchanged: run.unchanged,
                    failed: run.failed,
                  })}
                </p>
              </div>
              <span className={`rounded px-1.5 py-0.5 text-[10px] font-bold uppercase ${STATUS_STYLE[run.status]}`}>
                {t(STATUS_IDS[run.status])}
              </span>
              <button
                type="button"
                onClick={() => onShow(run.id)}
                aria-label={t('dashboard.imports.recent.showLabel', { source: run.source })}
                className="rounded-lg px-3 py-1.5 text-sm font-medium text-accent-400 hover:bg-ink-800"
              >
                {t('dashboard.imports.recent.show')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
