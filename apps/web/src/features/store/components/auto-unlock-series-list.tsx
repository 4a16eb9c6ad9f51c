import { Link } from 'react-router';
import { useToast } from '../../../components/toast/toast-context';
import { useAuth } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/i18n-context';
import { useAutoUnlockSeries, useTurnOffAutoUnlockSeries } from '../../../lib/wallet/auto-unlock-series';
import '../messages';

/**
 * The series a reader chose, while unlocking one of their chapters, to have unlock by themselves,
 * each with a way to stop. Nothing is shown while the option for every series is on (it covers
 * them) or when there are none.
 */
export function AutoUnlockSeriesList() {
  const { user } = useAuth();
  const t = useT();
  const toast = useToast();
  const list = useAutoUnlockSeries(Boolean(user) && !user?.autoUnlock);
  const turnOff = useTurnOffAutoUnlockSeries();
  const items = list.data?.items ?? [];
  if (user?.autoUnlock || items.length === 0) return null;

  return (
    <div className="mt-4">
      <h4 id="auto-unlock-series-heading" className="text-sm font-medium text-zinc-100">
        {t('store.autoUnlockSeries.heading')}
      </h4>
      <ul aria-labelledby="auto-unlock-series-heading" className="mt-2 divide-y divide-ink-800">
        {items.map((item) => (
          <li key={item.seriesId} className="flex items-center justify-between gap-3 py-2 text-sm">
            <Link to={`/SeriesView/${item.slug}`} className="min-w-0 truncate text-zinc-200 hover:text-white hover:underline">
              {item.title}
            </Link>
            <button
              type="button"
              onClick={() =>
                turnOff.mutate(item.seriesId, {
                  onError: () => toast({ message: t('store.settings.saveFailed'), type: 'error', duration: 5000 }),
                })
              }
              aria-label={t('store.autoUnlockSeries.turnOffLabel', { title: item.title })}
              className="shrink-0 rounded-md px-2 py-1 text-accent-300 hover:bg-ink-800 hover:text-accent-200"
            >
              {t('store.autoUnlockSeries.turnOff')}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
