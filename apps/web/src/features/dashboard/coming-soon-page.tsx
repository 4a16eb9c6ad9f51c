import { Construction } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { TEAM_NAV } from './team-nav';

/**
 * A dashboard page that SPEC §2 names but that is not built yet. It says so plainly instead of
 * "Page not found", and its route keeps the page's role guard, so an editor opening an admin
 * page still lands on the forbidden error page.
 */
export default function ComingSoonPage() {
  const { pathname } = useLocation();
  const path = pathname.toLowerCase();
  // The most specific entry: /Dashboard/Announcements/AddAnnouncements belongs to Announcements.
  const item = TEAM_NAV.filter((entry) => {
    const to = entry.to.toLowerCase();
    return path === to || path.startsWith(`${to}/`);
  }).sort((a, b) => b.to.length - a.to.length)[0];
  const name = item?.label ?? 'This page';
  return (
    <div className="max-w-xl rounded-xl border border-ink-800 bg-ink-900 p-8" data-testid="coming-soon">
      <Construction className="size-8 text-amber-300" aria-hidden />
      <h1 className="mt-4 text-2xl font-bold text-white">{name}: not built yet</h1>
      <p className="mt-2 text-zinc-400">
        This part of the dashboard does not exist yet; nothing here works. It arrives with the features it manages.
      </p>
      <Link to="/Dashboard" className="mt-6 inline-block text-sm font-semibold text-accent-400 hover:underline">
        Back to the dashboard
      </Link>
    </div>
  );
}
