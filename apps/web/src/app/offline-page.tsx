import { CloudOff } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useT } from '../lib/i18n/i18n-context';

/** Should even the offline page's code be missing (a worker that never installed): the words, and the way to Downloads. */
function OfflineFallback() {
  const t = useT();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-3 px-4 py-12 text-center" data-testid="offline-home">
      <CloudOff className="size-8 text-zinc-400" aria-hidden />
      <h1 className="text-xl font-semibold text-zinc-100">{t('common.app.offline.title')}</h1>
      <Link to="/profile/downloads" className="text-sm font-semibold text-accent-400 hover:underline">
        {t('common.app.offline.fallbackLink')}
      </Link>
    </div>
  );
}

/** The list of kept chapters is a chunk of its own: online, no page loads it. */
const OfflineHome = lazy(() => import('./offline-home').catch(() => ({ default: OfflineFallback })));

/** Issue 33 §1: the offline start page, where the home page or a page that could not load would be. */
export function OfflinePage() {
  return (
    <Suspense fallback={<div className="min-h-96" aria-busy="true" />}>
      <OfflineHome />
    </Suspense>
  );
}
