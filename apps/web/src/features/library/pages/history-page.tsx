import { History } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { primaryButton, secondaryButton } from '../../../components/button-styles';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadError } from '../../../components/load-error';
import { Pagination } from '../../../components/pagination';
import { useToast } from '../../../components/toast/toast-context';
import { useT } from '../../../lib/i18n/i18n-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useClearHistory, useHistory, useRemoveFromHistory } from '../api/history';
import { HistoryItem } from '../components/history-item';
import '../messages';

const pageOf = (params: URLSearchParams) => {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/**
 * /profile/history (Reader's Area): the chapters the reader opened, newest first; one entry or
 * all can be taken out (what was read stays read, and Continue still knows where they were).
 */
export default function HistoryPage() {
  const t = useT();
  useDocumentTitle(t('library.history.title'));
  const [params] = useSearchParams();
  const page = pageOf(params);
  const history = useHistory(page);
  const remove = useRemoveFromHistory();
  const clear = useClearHistory();
  const toast = useToast();
  const [isConfirming, setIsConfirming] = useState(false);
  const hasEntries = (history.data?.items.length ?? 0) > 0;

  const handleRemove = (chapterId: string) =>
    remove.mutate(chapterId, {
      onError: () => toast({ message: t('library.history.removeFailed'), type: 'error', duration: 5000 }),
    });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold text-white">{t('library.history.title')}</h2>
        {hasEntries && (
          <button type="button" onClick={() => setIsConfirming(true)} className={secondaryButton}>
            {t('library.history.clear')}
          </button>
        )}
      </div>

      {history.isError ? (
        <LoadError message={t('library.history.loadError')} onRetry={() => void history.refetch()} />
      ) : history.isPending ? (
        <ul
          className="divide-y divide-ink-800 rounded-xl border border-ink-800 bg-ink-900"
          aria-busy="true"
          aria-label={t('library.history.loading')}
        >
          {[0, 1, 2, 3].map((n) => (
            <li key={n} className="flex items-center gap-3 px-3 py-3 sm:px-4">
              <div className="aspect-[2/3] w-11 animate-pulse rounded-md bg-ink-800" />
              <div className="flex-1 space-y-2">
                <div className="h-3.5 w-1/3 animate-pulse rounded bg-ink-800" />
                <div className="h-3 w-1/4 animate-pulse rounded bg-ink-800" />
              </div>
            </li>
          ))}
        </ul>
      ) : !hasEntries ? (
        <div className="rounded-xl border border-dashed border-ink-700 px-6 py-12 text-center">
          <History className="mx-auto size-10 text-zinc-500" aria-hidden />
          <h3 className="mt-3 text-lg font-semibold text-white">
            {page > 1 ? t('library.emptyPage') : t('library.history.emptyTitle')}
          </h3>
          <p className="mx-auto mt-1 max-w-md text-sm text-zinc-400">{t('library.history.emptyText')}</p>
          <Link to={page > 1 ? '/profile/history' : '/comics'} className={`${primaryButton} mt-5`}>
            {page > 1 ? t('library.firstPage') : t('library.history.findSomething')}
          </Link>
        </div>
      ) : (
        <>
          <ul
            className={`divide-y divide-ink-800 rounded-xl border border-ink-800 bg-ink-900 ${history.isPlaceholderData ? 'opacity-60' : ''}`}
            aria-label={t('library.history.listLabel')}
          >
            {history.data.items.map((entry) => (
              <HistoryItem
                key={entry.chapter.id}
                entry={entry}
                isRemoving={remove.isPending && remove.variables === entry.chapter.id}
                onRemove={() => handleRemove(entry.chapter.id)}
              />
            ))}
          </ul>
          <Pagination page={history.data.pagination.page} totalPages={history.data.pagination.totalPages} />
        </>
      )}

      {isConfirming && (
        <ConfirmDialog
          title={t('library.history.confirmTitle')}
          confirmLabel={t('library.history.clear')}
          onConfirm={() => clear.mutateAsync()}
          onClose={() => setIsConfirming(false)}
          renderError={() => t('library.history.clearFailed')}
        >
          {t('library.history.confirmText')}
        </ConfirmDialog>
      )}
    </div>
  );
}
