import { AlertTriangle, Ban, Compass, Lock, ServerCrash, Wrench } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ERROR_PAGE_TEXT, isErrorPageCode } from './error-codes';

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

/** /errorPage?error=code: a message for each code of SPEC §8, and a way back. */
export function ErrorPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const raw = params.get('error');
  const code = isErrorPageCode(raw) ? raw : 'server_error';
  const { title, description } = ERROR_PAGE_TEXT[code];
  const Icon = ICONS[code] ?? AlertTriangle;
  const needsLogin = code === 'unauthorized' || code === 'session_expired';
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center" data-error-code={code}>
      <span className="flex size-16 items-center justify-center rounded-2xl bg-ink-800 text-accent-400">
        <Icon className="size-8" aria-hidden />
      </span>
      <h1 className="mt-6 text-3xl font-bold text-white">{title}</h1>
      <p className="mt-3 text-zinc-400">{description}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {needsLogin && (
          <Link to="/login" className="rounded-lg bg-accent-600 px-4 py-2 text-sm font-semibold text-white hover:bg-accent-500">
            Log in
          </Link>
        )}
        <Link
          to="/"
          className={`rounded-lg px-4 py-2 text-sm font-semibold ${needsLogin ? 'bg-ink-800 text-zinc-100 hover:bg-ink-700' : 'bg-accent-600 text-white hover:bg-accent-500'}`}
        >
          Go to the home page
        </Link>
        <button type="button" onClick={() => void navigate(-1)} className="rounded-lg bg-ink-800 px-4 py-2 text-sm font-semibold text-zinc-100 hover:bg-ink-700">
          Go back
        </button>
      </div>
    </div>
  );
}
