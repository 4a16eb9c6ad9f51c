import type { ErrorPageCode } from '@inkwell/contract';
import { AlertTriangle, Ban, Compass, Lock, ServerCrash, Wrench } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSiteSettings } from '../../lib/site-settings';
import { isErrorPageCode } from './error-codes';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useT } from '../../lib/i18n/i18n-context';
import './messages';

const ICONS = {
  unauthorized: Lock,
  session_expired: Lock,
  forbidden: Ban,
  not_found: Compass,
  announcement_not_found: Compass,
  series_not_found: Compass,
  maintenance: Wrench,
  server_error: ServerCrash,
} as const;

/** SPEC §8: what the error page says for each code (message ids; errors.json). */
const ERROR_PAGE_TEXT: Record<ErrorPageCode, { title: string; description: string }> = {
  unauthorized: { title: 'errors.unauthorized.title', description: 'errors.unauthorized.description' },
  forbidden: { title: 'errors.forbidden.title', description: 'errors.forbidden.description' },
  not_found: { title: 'errors.notFound.title', description: 'errors.notFound.description' },
  announcement_not_found: {
    title: 'errors.announcementNotFound.title',
    description: 'errors.announcementNotFound.description',
  },
  series_not_found: { title: 'errors.seriesNotFound.title', description: 'errors.seriesNotFound.description' },
  session_expired: { title: 'errors.sessionExpired.title', description: 'errors.sessionExpired.description' },
  maintenance: { title: 'errors.maintenance.title', description: 'errors.maintenance.description' },
  server_error: { title: 'errors.serverError.title', description: 'errors.serverError.description' },
};

const secondaryButton = 'rounded-lg bg-ink-800 px-4 py-2 text-sm font-semibold text-zinc-100 hover:bg-ink-700';
const primaryButton = 'rounded-lg bg-accent-600 px-4 py-2 text-sm font-semibold text-white hover:bg-accent-500';

/** Maintenance (issue 10 §2): the admin's message, a way to look again, and the team's way in. */
function MaintenanceActions() {
  const t = useT();
  return (
    <>
      <button type="button" onClick={() => window.location.reload()} className={primaryButton}>
        {t('errors.tryAgain')}
      </button>
      <Link to="/login" className={secondaryButton}>
        {t('errors.teamSignIn')}
      </Link>
    </>
  );
}

/** The message for one code of SPEC §8, and a way back. */
export function ErrorView({ code }: { code: ErrorPageCode }) {
  const t = useT();
  const navigate = useNavigate();
  const settings = useSiteSettings();
  const title = t(ERROR_PAGE_TEXT[code].title);
  const description = t(ERROR_PAGE_TEXT[code].description, { siteName: settings.data?.siteName ?? 'Inkwell' });
  useDocumentTitle(title);
  // The admin's own words while the site is down; the usual text when they left none.
  const maintenanceMessage = code === 'maintenance' ? settings.data?.maintenance?.message : undefined;
  const Icon = ICONS[code] ?? AlertTriangle;
  const needsLogin = code === 'unauthorized' || code === 'session_expired';
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center" data-error-code={code}>
      <span className="flex size-16 items-center justify-center rounded-2xl bg-ink-800 text-accent-400">
        <Icon className="size-8" aria-hidden />
      </span>
      <h1 className="mt-6 text-3xl font-bold text-white">{title}</h1>
      <p className="mt-3 whitespace-pre-line text-zinc-400" data-testid="error-description">
        {maintenanceMessage || description}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {code === 'maintenance' ? (
          <MaintenanceActions />
        ) : (
          <>
            {needsLogin && (
              <Link to="/login" className={primaryButton}>
                {t('errors.logIn')}
              </Link>
            )}
            <Link to="/" className={needsLogin ? secondaryButton : primaryButton}>
              {t('errors.home')}
            </Link>
            <button type="button" onClick={() => void navigate(-1)} className={secondaryButton}>
              {t('errors.back')}
            </button>
          </>
        )}
      </div>
    </div>
  );
}

/** /errorPage?error=code: a message for each code of SPEC §8, and a way back. */
export function ErrorPage() {
  const [params] = useSearchParams();
  const raw = params.get('error');
  return <ErrorView code={isErrorPageCode(raw) ? raw : 'server_error'} />;
}
