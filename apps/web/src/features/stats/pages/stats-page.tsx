import { BarChart3 } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { primaryButton, secondaryButton } from '../../../components/button-styles';
import { LoadError } from '../../../components/load-error';
import { useToast } from '../../../components/toast/toast-context';
import { endpointUrl } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/i18n-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMyStats, useShareYear } from '../api';
import { YearFiguresView } from '../components/year-figures';
import '../messages';

const yearOf = (params: URLSearchParams) => {
  const year = Number(params.get('year'));
  return Number.isInteger(year) && year >= 2000 && year <= 2200 ? year : undefined;
};

/**
 * /profile/stats (Reader's Area, issue 39 §4): the reader's year, with a picker over the years they
 * read in, their card as the server draws it, and the choice to share it by link (or stop).
 */
export default function StatsPage() {
  const t = useT();
  useDocumentTitle(t('stats.title'));
  const [params, setParams] = useSearchParams();
  const stats = useMyStats(yearOf(params));
  const share = useShareYear();
  const toast = useToast();
  const { user } = useAuth();
  const data = stats.data;

  const toggleShare = (year: number, isSharing: boolean) =>
    share.mutate(
      { year, share: isSharing },
      { onError: () => toast({ message: t('stats.shareFailed'), type: 'error', duration: 5000 }) },
    );

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-bold text-white">{t('stats.title')}</h2>
          <p className="mt-1 text-sm text-zinc-400">{t('stats.intro')}</p>
        </div>
        {data && (
          <label className="flex items-center gap-2 text-sm text-zinc-300">
            {t('stats.year')}
            <select
              value={data.year}
              onChange={(event) => setParams({ year: event.target.value })}
              className="rounded-lg border border-ink-700 bg-ink-900 px-3 py-1.5 text-white"
            >
              {data.years.map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>

      {stats.isError ? (
        <LoadError message={t('stats.loadError')} onRetry={() => void stats.refetch()} />
      ) : !data ? (
        <div className="h-64 animate-pulse rounded-xl bg-ink-900" aria-busy="true" aria-label={t('stats.loading')} />
      ) : (
        <>
          {data.totals.chapters === 0 && (
            <div className="rounded-xl border border-dashed border-ink-700 px-6 py-8 text-center">
              <BarChart3 className="mx-auto size-10 text-zinc-500" aria-hidden />
              <p className="mt-3 text-sm text-zinc-400">{t('stats.empty', { year: data.year })}</p>
            </div>
          )}
          <YearFiguresView figures={data} />

          <section aria-labelledby="stats-card" className="space-y-3 rounded-xl border border-ink-800 bg-ink-900 p-4">
            <h3 id="stats-card" className="text-sm font-semibold text-white">
              {t('stats.card')}
            </h3>
            <img
              src={endpointUrl('myStatsCard', { params: { year: data.year } })}
              width={1200}
              height={630}
              alt={t('stats.cardAlt', { username: user?.username ?? '', year: data.year })}
              className="h-auto w-full rounded-lg border border-ink-800"
            />
            <p className="text-xs text-zinc-400">{t('stats.shareNote')}</p>
            {data.share ? (
              <div className="flex flex-wrap items-center gap-3">
                <label className="flex min-w-0 flex-1 flex-col gap-1 text-xs text-zinc-400">
                  {t('stats.shareLink')}
                  <input
                    readOnly
                    value={data.share.url}
                    onFocus={(event) => event.currentTarget.select()}
                    className="rounded-lg border border-ink-700 bg-ink-950 px-3 py-1.5 text-sm text-white"
                  />
                </label>
                <button
                  type="button"
                  className={secondaryButton}
                  disabled={share.isPending}
                  onClick={() => toggleShare(data.year, false)}
                >
                  {t('stats.unshare')}
                </button>
              </div>
            ) : (
              <button
                type="button"
                className={primaryButton}
                disabled={share.isPending}
                onClick={() => toggleShare(data.year, true)}
              >
                {share.isPending ? t('stats.sharing') : t('stats.share')}
              </button>
            )}
          </section>
        </>
      )}
    </div>
  );
}
