import { BookOpen, Crown, Layers } from 'lucide-react';
import { Link } from 'react-router';
import { useAuth } from '../auth/auth-context';

const SECTIONS = [
  { to: '/comics', title: 'Comics', text: 'Full-colour webtoons and manga, read as a long strip or page by page.', Icon: Layers },
  { to: '/novels', title: 'Novels', text: 'Serialized web novels with the typography you choose.', Icon: BookOpen },
  { to: '/premium', title: 'Premium', text: 'Early chapters for our most loyal readers.', Icon: Crown },
];

/** The home page's welcome; the catalogue sections join it as the reading product lands. */
export function HomePage() {
  const { user } = useAuth();
  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <section className="rounded-3xl border border-ink-800 bg-gradient-to-br from-accent-600/25 via-ink-900 to-ink-950 px-6 py-12 sm:px-12">
        <h1 className="max-w-2xl text-4xl font-extrabold tracking-tight text-white sm:text-5xl">
          {user ? `Welcome back, ${user.username}.` : 'Stories worth coming back for.'}
        </h1>
        <p className="mt-4 max-w-xl text-lg text-zinc-300">
          Read serialized comics and web novels, follow the series you love and never miss a new chapter.
        </p>
        {!user && (
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/register" className="rounded-lg bg-accent-600 px-5 py-2.5 font-semibold text-white hover:bg-accent-500">
              Create a free account
            </Link>
            <Link to="/login" className="rounded-lg bg-ink-800 px-5 py-2.5 font-semibold text-zinc-100 hover:bg-ink-700">
              Log in
            </Link>
          </div>
        )}
      </section>
      <section className="mt-10 grid gap-4 md:grid-cols-3">
        {SECTIONS.map(({ to, title, text, Icon }) => (
          <Link key={to} to={to} className="group rounded-2xl border border-ink-800 bg-ink-900 p-6 hover:border-accent-500/60">
            <Icon className="size-7 text-accent-400" aria-hidden />
            <h2 className="mt-4 text-lg font-semibold text-white group-hover:text-accent-400">{title}</h2>
            <p className="mt-1 text-sm text-zinc-400">{text}</p>
          </Link>
        ))}
      </section>
    </div>
  );
}
