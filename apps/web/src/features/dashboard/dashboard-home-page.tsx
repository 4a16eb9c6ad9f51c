import { CURRENCIES, type MoneyByCurrency, type TeamMetrics } from '@inkwell/contract';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context';
import { useFormat, type Formatters } from '../../lib/i18n/format';
import { useT, type Translate } from '../../lib/i18n/i18n-context';
import { richText } from '../../lib/i18n/rich';
import { useAdminMetrics, useTeamMetrics } from './metrics/api/metrics';
import { todayUtc } from './metrics/range';
import { teamNavFor, type TeamNavItem } from './team-nav';
import { useDocumentTitle } from '../../lib/use-document-title';
import './messages';

/** "$12.00 · €3.00": each currency that has money, dollars when none has. */
function money(format: Formatters, amount: MoneyByCurrency): string {
  const used = CURRENCIES.filter((currency) => (amount[currency] ?? 0) !== 0);
  return (used.length > 0 ? used : (['usd'] as const))
    .map((currency) => format.money(amount[currency] ?? 0, currency))
    .join(' · ');
}

/** The words of each area's card (features/dashboard/team-nav.ts), by its path and its section. */
const AREA_LABELS: Record<string, string> = {
  '/Dashboard/Metrics': 'dashboard.home.area.metrics',
  '/Dashboard/MetricsAdmin': 'dashboard.home.area.adminMetrics',
  '/Dashboard/Series/Series': 'dashboard.home.area.series',
  '/Dashboard/Series/Banners': 'dashboard.home.area.banners',
  '/Dashboard/Series/Genres': 'dashboard.home.area.genres',
  '/Dashboard/Comments': 'dashboard.home.area.comments',
  '/Dashboard/Announcements': 'dashboard.home.area.announcements',
  '/Dashboard/Finances/Purchases': 'dashboard.home.area.purchases',
  '/Dashboard/Finances/Plans': 'dashboard.home.area.plans',
  '/Dashboard/Finances/Coins': 'dashboard.home.area.coins',
  '/Dashboard/Finances/Payouts': 'dashboard.payouts.nav',
  '/Dashboard/Users': 'dashboard.home.area.users',
  '/Dashboard/Configuration': 'dashboard.home.area.configuration',
  '/Dashboard/AuditLog': 'dashboard.home.area.auditLog',
};
const SECTION_LABELS: Record<TeamNavItem['section'], string> = {
  Overview: 'dashboard.home.section.overview',
  Content: 'dashboard.home.section.content',
  Community: 'dashboard.home.section.community',
  Finances: 'dashboard.home.section.finances',
  Administration: 'dashboard.home.section.administration',
};

/** One of today's figures; its label leads to where it comes from. */
function Figure({ label, value, to }: { label: string; value: string | undefined; to: string }) {
  const t = useT();
  return (
    <div className="rounded-xl border border-ink-800 bg-ink-900 p-4 hover:border-accent-500/60">
      <dt className="text-xs font-medium uppercase tracking-wide text-zinc-400">
        <Link to={to} className="hover:text-accent-400">
          {label}
        </Link>
      </dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums text-white">
        {value ?? (
          <span className="inline-block h-7 w-12 animate-pulse rounded bg-ink-800" aria-label={t('dashboard.home.loading')} />
        )}
      </dd>
    </div>
  );
}

/**
 * What waits in an area of the dashboard, for its card ("3 draft chapters · 1 scheduled"), or
 * null where nothing is counted for it (the card then says which section it belongs to).
 */
export function waitingIn(t: Translate, to: string, now: TeamMetrics['now']): string | null {
  if (to === '/Dashboard/Series/Series') {
    const parts = [
      now.draftChapters > 0 && t('dashboard.home.waiting.draftChapters', { count: now.draftChapters }),
      now.scheduledChapters > 0 && t('dashboard.home.waiting.scheduledChapters', { count: now.scheduledChapters }),
      now.draftSeries > 0 && t('dashboard.home.waiting.draftSeries', { count: now.draftSeries }),
    ].filter((part): part is string => Boolean(part));
    return parts.length > 0 ? parts.join(' · ') : t('dashboard.home.waiting.noDrafts');
  }
  if (to === '/Dashboard/Comments')
    return now.reportedComments > 0
      ? t('dashboard.home.waiting.reportedComments', { count: now.reportedComments })
      : t('dashboard.home.waiting.noReported');
  return null;
}

/** /Dashboard: today's numbers for the viewer's role (UTC day), then the parts of the dashboard it opens. */
function DashboardHomePage() {
  const t = useT();
  const format = useFormat();
  const n = format.count;
  useDocumentTitle(t('dashboard.home.title'));
  const { user } = useAuth();
  const today = todayUtc();
  const isAdmin = user?.role === 'admin';
  const team = useTeamMetrics({ from: today, to: today }, Boolean(user));
  const admin = useAdminMetrics({ from: today, to: today }, isAdmin);
  if (!user) return null;
  const areas = teamNavFor(user.role).filter((item) => item.to !== '/Dashboard');
  const day = team.data?.days[0];
  const adminDay = admin.data?.days[0];

  return (
    <div>
      <h1 className="text-2xl font-bold text-white">{t('dashboard.home.welcome', { name: user.username })}</h1>
      <p className="mt-1 text-sm text-zinc-400">{t(isAdmin ? 'dashboard.home.introAdmin' : 'dashboard.home.introEditor')}</p>

      <section aria-labelledby="today-heading" className="mt-8">
        <h2 id="today-heading" className="text-sm font-semibold uppercase tracking-wider text-zinc-400">
          {richText(t('dashboard.home.today'), {
            utc: (words) => <span className="font-normal normal-case tracking-normal">{words}</span>,
          })}
        </h2>
        {team.isError || admin.isError ? (
          <p role="alert" className="mt-3 text-sm text-rose-300">
            {richText(t('dashboard.home.loadError'), {
              retry: (words) => (
                <button
                  type="button"
                  className="font-semibold text-accent-400 hover:underline"
                  onClick={() => {
                    void team.refetch();
                    if (isAdmin) void admin.refetch();
                  }}
                >
                  {words}
                </button>
              ),
            })}
          </p>
        ) : (
          <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            <Figure label={t('dashboard.home.figure.views')} value={day && n(day.views)} to="/Dashboard/Metrics" />
            <Figure label={t('dashboard.home.figure.followers')} value={day && n(day.followers)} to="/Dashboard/Metrics" />
            <Figure label={t('dashboard.home.figure.comments')} value={day && n(day.comments)} to="/Dashboard/Comments" />
            <Figure
              label={t('dashboard.home.figure.reported')}
              value={team.data && n(team.data.now.reportedComments)}
              to="/Dashboard/Comments?status=reported"
            />
            <Figure
              label={t('dashboard.home.figure.scheduled')}
              value={team.data && n(team.data.now.scheduledChapters)}
              to="/Dashboard/Series/Series"
            />
            {isAdmin && (
              <>
                <Figure
                  label={t('dashboard.home.figure.revenue')}
                  value={adminDay && money(format, adminDay.net)}
                  to="/Dashboard/MetricsAdmin"
                />
                <Figure
                  label={t('dashboard.home.figure.signups')}
                  value={adminDay && n(adminDay.signups)}
                  to="/Dashboard/MetricsAdmin"
                />
                <Figure
                  label={t('dashboard.home.figure.subscriptions')}
                  value={admin.data && n(admin.data.now.activeSubscriptions)}
                  to="/Dashboard/MetricsAdmin"
                />
                <Figure
                  label={t('dashboard.home.figure.mrr')}
                  value={admin.data && money(format, admin.data.now.mrr)}
                  to="/Dashboard/MetricsAdmin"
                />
              </>
            )}
          </dl>
        )}
      </section>

      {areas.length > 0 && (
        <section className="mt-8">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-zinc-400">{t('dashboard.home.areas')}</h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {areas.map((item) => (
              <li key={item.to}>
                <AreaCard item={item} waiting={team.data ? waitingIn(t, item.to, team.data.now) : null} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** An area of the dashboard: its icon and name, and what waits there (or its section). */
function AreaCard({ item, waiting }: { item: TeamNavItem; waiting: string | null }) {
  const t = useT();
  const { Icon } = item;
  const label = AREA_LABELS[item.to];
  return (
    <Link
      to={item.to}
      className="flex items-start gap-3 rounded-xl border border-ink-800 bg-ink-900 p-4 hover:border-accent-500/60"
      data-testid="area-card"
    >
      <Icon className="mt-0.5 size-5 shrink-0 text-accent-400" aria-hidden />
      <span className="min-w-0">
        <span className="block font-semibold text-zinc-100">{label ? t(label) : item.label}</span>
        <span className={`mt-1 block text-xs ${waiting ? 'text-zinc-300' : 'text-zinc-400'}`} data-testid="area-waiting">
          {waiting ?? t(SECTION_LABELS[item.section])}
        </span>
      </span>
    </Link>
  );
}

export default DashboardHomePage;
