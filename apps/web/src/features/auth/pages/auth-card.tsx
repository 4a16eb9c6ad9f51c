import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n/i18n-context';
import { richText } from '../../../lib/i18n/rich';
import '../messages';

export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12 sm:py-16">
      <div className="rounded-2xl border border-ink-800 bg-ink-900 p-6 shadow-xl shadow-black/30 sm:p-8">
        <h1 className="text-2xl font-bold text-white">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-zinc-400">{subtitle}</p>}
        <div className="mt-6">{children}</div>
      </div>
      {footer && <div className="mt-4 text-center text-sm text-zinc-400">{footer}</div>}
    </div>
  );
}

/** The sign-up pages' footer: the way back to logging in. */
/** "Already have an account? Log in", back to `from` once logged in (the page a sign-up started from). */
export function LogInInstead({ from }: { from?: string }) {
  const t = useT();
  return (
    <>
      {richText(t('auth.logInInstead'), {
        link: (words) => (
          <Link to="/login" state={from ? { from } : undefined} className="font-semibold text-accent-400 hover:underline">
            {words}
          </Link>
        ),
      })}
    </>
  );
}
