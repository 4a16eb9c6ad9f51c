// i18n: not yet in the catalogues (issue 35)
import { CURRENCIES, type MoneyByCurrency, type TeamMetrics } from '@inkwell/contract';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context';
import { formatMoney } from '../../lib/money';
import { useAdminMetrics, useTeamMetrics } from './metrics/api/metrics';
import { todayUtc } from './metrics/range';
import { teamNavFor, type TeamNavItem } from './team-nav';
import { useDocumentTitle } from '../../lib/use-document-title';

const n = (value: number) => value.toLocaleString('en');

/** "$12.00 · €3.00": each currency that has money, dollars when none has. */
function money(amount: MoneyByCurrency): string {
  const used = CURRENCIES.filter((currency) => amount[currency] !== 0);
  return (used.length > 0 ? used : (['usd'] as const)).map((currency) => formatMoney(amount[currency], currency)).join(' · ');
}

/** One of today's figures; its label leads to where it comes from. */
function Figure({ label, value, to }: { label: string; value: string | undefined; to: string }) {
  return (
    <div className="rounded-xl border border-ink-800 bg-ink-900 p-4 hover:border-accent-500/60">
      <dt className="text-xs font-medium uppercase tracking-wide text-zinc-400">
        <Link to={to} className="hover:text-accent-400">
          {label}
        </Link>
      </dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums text-white">
        {value ?? <span className="inline-block h-7 w-12 animate-pulse rounded bg-ink-800" aria-label="Loading" />}
      </dd>
    </div>
  );
}

const plural = (count: number, one: string, many = `${one}s`) => `${n(count)} ${count === 1 ? one : many}`;

/**
 * What waits in an area of the dashboard, for its card ("3 draft chapters · 1 scheduled"), or
 * null where nothing is counted for it (the card then says which section it belongs to).
 */
export function waitingIn(to: string, now: TeamMetrics['now']): string | null {
  if (to === '/Dashboard/Series/Series') {
    const parts = [
      now.draftChapters > 0 && plural(now.draftChapters, 'draft chapter'),
      now.scheduledChapters > 0 && plural(now.scheduledChapters, 'scheduled chapter'),
      now.draftSeries > 0 && plural(now.draftSeries, 'series not published', 'series not published'),
    ].filter((part): part is string => Boolean(part));
    return parts.length > 0 ? parts.join(' · ') : 'No drafts or scheduled chapters';
  }
  if (to === '/Dashboard/Comments')
    return now.reportedComments > 0 ? plural(now.reportedComments, 'reported comment') : 'No reported comments';
  return null;
}

/** /Dashboard: today's numbers for the viewer's role (UTC day), then the parts of the dashboard it opens. */
function DashboardHomePage() {
  useDocumentTitle('Dashboard');
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
      <h1 className="text-2xl font-bold text-white">Welcome back, {user.username}</h1>
      <p className="mt-1 text-sm text-zinc-400">
        {isAdmin
          ? 'As an admin you run the catalogue, the community, the finances, the users and the configuration.'
          : 'As an editor you run the catalogue and the community.'}
      </p>

      <section aria-labelledby="today-heading" className="mt-8">
        <h2 id="today-heading" className="text-sm font-semibold uppercase tracking-wider text-zinc-400">
          Today <span className="font-normal normal-case tracking-normal">(UTC)</span>
        </h2>
        {team.isError || admin.isError ? (
          <p role="alert" className="mt-3 text-sm text-rose-300">
            We could not load today’s numbers.{' '}
            <button
              type="button"
              className="font-semibold text-accent-400 hover:underline"
              onClick={() => {
                void team.refetch();
                if (isAdmin) void admin.refetch();
              }}
            >
              Try again
            </button>
          </p>
        ) : (
          <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            <Figure label="Views" value={day && n(day.views)} to="/Dashboard/Metrics" />
            <Figure label="Followers gained" value={day && n(day.followers)} to="/Dashboard/Metrics" />
            <Figure label="Comments" value={day && n(day.comments)} to="/Dashboard/Comments" />
            <Figure
              label="Reported, awaiting moderation"
              value={team.data && n(team.data.now.reportedComments)}
              to="/Dashboard/Comments?status=reported"
            />
            <Figure
              label="Chapters scheduled"
              value={team.data && n(team.data.now.scheduledChapters)}
              to="/Dashboard/Series/Series"
            />
            {isAdmin && (
              <>
                <Figure label="Revenue" value={adminDay && money(adminDay.net)} to="/Dashboard/MetricsAdmin" />
                <Figure label="Sign-ups" value={adminDay && n(adminDay.signups)} to="/Dashboard/MetricsAdmin" />
                <Figure
                  label="Active subscriptions"
                  value={admin.data && n(admin.data.now.activeSubscriptions)}
                  to="/Dashboard/MetricsAdmin"
                />
                <Figure
                  label="Monthly recurring revenue"
                  value={admin.data && money(admin.data.now.mrr)}
                  to="/Dashboard/MetricsAdmin"
                />
              </>
            )}
          </dl>
        )}
      </section>

      {areas.length > 0 && (
        <section className="mt-8">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-zinc-400">Your areas</h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {areas.map((item) => (
              <li key={item.to}>
                <AreaCard item={item} waiting={team.data ? waitingIn(item.to, team.data.now) : null} />
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
  const { Icon } = item;
  return (
    <Link
      to={item.to}
      className="flex items-start gap-3 rounded-xl border border-ink-800 bg-ink-900 p-4 hover:border-accent-500/60"
      data-testid="area-card"
    >
      <Icon className="mt-0.5 size-5 shrink-0 text-accent-400" aria-hidden />
      <span className="min-w-0">
        <span className="block font-semibold text-zinc-100">{item.label}</span>
        <span className={`mt-1 block text-xs ${waiting ? 'text-zinc-300' : 'text-zinc-400'}`} data-testid="area-waiting">
          {waiting ?? item.section}
        </span>
      </span>
    </Link>
  );
}

export default DashboardHomePage;
