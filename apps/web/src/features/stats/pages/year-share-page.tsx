import type { QueryClient } from '@tanstack/react-query';
import { Link, useParams, type LoaderFunction } from 'react-router';
import { primaryButton } from '../../../components/button-styles';
import { useT } from '../../../lib/i18n/i18n-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { sharedYearQueryOptions, useSharedYear } from '../api';
import { YearFiguresView } from '../components/year-figures';
import '../messages';

/** Loads the shared year beside this page's code, so the server's render draws it; an unshared one is the page's to tell. */
export const yearShareLoader =
  (client: QueryClient): LoaderFunction =>
  async ({ params }) => {
    await client.ensureQueryData(sharedYearQueryOptions(params.token ?? '')).catch(() => null);
    return null;
  };

/**
 * /year/{token} (issue 39 §4): a reader's shared year, their card and figures under their username
 * and nothing else of theirs. Its Open Graph image is the card (the server's page meta).
 */
export default function YearSharePage() {
  const t = useT();
  const { token = '' } = useParams();
  const year = useSharedYear(token);
  const data = year.data;
  useDocumentTitle(data ? t('stats.sharedTitle', { username: data.username, year: data.year }) : t('stats.title'));

  if (year.isPending) return <div className="mx-auto h-96 max-w-4xl animate-pulse rounded-xl bg-ink-900" aria-busy="true" />;
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      {!data ? (
        <div className="rounded-xl border border-dashed border-ink-700 px-6 py-12 text-center">
          <h1 className="text-lg font-semibold text-white">{t('stats.sharedNotFound')}</h1>
          <Link to="/comics" className={`${primaryButton} mt-5`}>
            {t('stats.sharedCta')}
          </Link>
        </div>
      ) : (
        <>
          <h1 className="text-2xl font-bold text-white">
            {t('stats.sharedTitle', { username: data.username, year: data.year })}
          </h1>
          <img
            src={data.cardUrl}
            width={1200}
            height={630}
            alt={t('stats.cardAlt', { username: data.username, year: data.year })}
            className="h-auto w-full rounded-xl border border-ink-800"
          />
          <YearFiguresView figures={data} />
          <Link to="/comics" className={primaryButton}>
            {t('stats.sharedCta')}
          </Link>
        </>
      )}
    </div>
  );
}
