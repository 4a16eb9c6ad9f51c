import { CURRENCIES, type MoneyByCurrency } from '@inkwell/contract';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context';
import { formatMoney } from '../../lib/money';
import { useAdminMetrics, useTeamMetrics } from './metrics/api/metrics';
import { todayUtc } from './metrics/range';
import { teamNavFor } from './team-nav';
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

/** /Dashboard: today's numbers for the viewer's role (UTC day), then the parts of the dashboard it opens. */
export function DashboardHomePage() {
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
                <Link to={item.to} className="block rounded-xl border border-ink-800 bg-ink-900 p-4 hover:border-accent-500/60">
                  <p className="font-semibold text-zinc-100">{item.label}</p>
                  <p className="mt-1 text-xs text-zinc-400">{item.section}</p>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

export default DashboardHomePage;
