import { useAuth } from '../../lib/auth/auth-context';
import { Link } from 'react-router';
import { teamNavFor } from './team-nav';

/** /Dashboard: who is signed in and which parts of the dashboard their role opens. */
export function DashboardHomePage() {
  const { user } = useAuth();
  if (!user) return null;
  const areas = teamNavFor(user.role).filter((item) => item.to !== '/Dashboard');
  return (
    <div>
      <h1 className="text-2xl font-bold text-white">Welcome back, {user.username}</h1>
      <p className="mt-1 text-sm text-zinc-400">
        {user.role === 'admin'
          ? 'As an admin you run the catalogue, the community, the finances, the users and the configuration.'
          : 'As an editor you run the catalogue and the community.'}
      </p>
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
