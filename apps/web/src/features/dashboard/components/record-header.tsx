import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n/i18n-context';
import '../messages';

/** "← All series": the way back to a record's list. */
function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className="text-sm text-zinc-400 hover:text-white">
      ← {children}
    </Link>
  );
}

/**
 * The top of a page for one record (or a new one): the way back to its list, its title, and on
 * the right its link on the public site (once readers can see it) and its own actions (Delete).
 */
export function RecordHeader({
  backTo,
  backLabel,
  title,
  description,
  siteLink,
  actions,
}: {
  backTo: string;
  backLabel: string;
  title: ReactNode;
  description?: string;
  /** Where readers see the record; none while they cannot. */
  siteLink?: string | null | undefined;
  actions?: ReactNode;
}) {
  const t = useT();
  return (
    <div>
      <BackLink to={backTo}>{backLabel}</BackLink>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-white">{title}</h1>
        {(siteLink || actions) && (
          <div className="flex items-center gap-2">
            {siteLink && (
              <Link
                to={siteLink}
                className="inline-flex items-center gap-1 rounded-lg px-3 py-1.5 text-sm text-zinc-300 hover:bg-ink-800"
              >
                {t('dashboard.record.viewOnSite')} <ExternalLink className="size-3.5" aria-hidden />
              </Link>
            )}
            {actions}
          </div>
        )}
      </div>
      {description && <p className="mt-1 text-sm text-zinc-400">{description}</p>}
    </div>
  );
}
