import { RotateCw } from 'lucide-react';
import { useT } from '../lib/i18n/i18n-context';

/** What a page shows when its data could not be loaded, with a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry(): void }) {
  const t = useT();
  return (
    <div role="alert" className="rounded-xl border border-rose-500/30 bg-rose-500/10 p-6 text-center">
      <p className="text-rose-200">{message}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-4 inline-flex items-center gap-2 rounded-lg bg-ink-800 px-4 py-2 text-sm font-semibold text-zinc-100 hover:bg-ink-700"
      >
        <RotateCw className="size-4" aria-hidden />
        {t('common.components.loadError.retry')}
      </button>
    </div>
  );
}
