import type { AccountSession } from '@inkwell/contract';
import { LogOut, Monitor, MonitorSmartphone, Smartphone, Tablet } from 'lucide-react';
import { useId } from 'react';
import { secondaryButton } from '../../components/button-styles';
import { LoadError } from '../../components/load-error';
import { useToast } from '../../components/toast/toast-context';
import { useFormat } from '../../lib/i18n/format';
import { useT, type Translate } from '../../lib/i18n/i18n-context';
import { useAccountSessions, useEndOtherSessions, useEndSession } from './api/account-security';
import './messages';

const KIND_ICONS = { desktop: Monitor, phone: Smartphone, tablet: Tablet } as const;

/** "Firefox on Windows", or as much of it as the browser said. */
function deviceName(t: Translate, { browser, os }: AccountSession): string {
  if (browser && os) return t('profile.sessions.browserOn', { browser, os });
  if (browser) return browser;
  if (os) return t('profile.sessions.unknownBrowserOn', { os });
  return t('profile.sessions.unknownDevice');
}

function SessionRow({ session, isBusy, onEnd }: { session: AccountSession; isBusy: boolean; onEnd(): void }) {
  const t = useT();
  const format = useFormat();
  const Icon = session.kind ? KIND_ICONS[session.kind] : MonitorSmartphone;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" data-testid="session-row">
      <div className="flex min-w-0 items-center gap-3">
        <Icon className="size-5 shrink-0 text-zinc-400" aria-hidden />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium text-zinc-100">
            {deviceName(t, session)}
            {session.isCurrent && (
              <span className="rounded-full bg-emerald-500/15 px-2 py-0.5 text-xs font-semibold text-emerald-300">
                {t('profile.sessions.thisDevice')}
              </span>
            )}
          </p>
          <p className="mt-0.5 text-sm text-zinc-400">
            {session.isCurrent
              ? t('profile.sessions.signedInActiveNow', { date: format.date(session.createdAt) })
              : t('profile.sessions.signedIn', {
                  date: format.date(session.createdAt),
                  lastSeen: format.timeFromNow(session.lastSeenAt),
                })}
          </p>
        </div>
      </div>
      {!session.isCurrent && (
        <button
          type="button"
          onClick={onEnd}
          disabled={isBusy}
          className={secondaryButton}
          aria-label={t('profile.sessions.signOutOf', { device: deviceName(t, session) })}
        >
          {t('profile.sessions.signOut')}
        </button>
      )}
    </li>
  );
}

/**
 * /profile/me's "Where you're signed in" (issue 36 §2): each browser the account is signed in on
 * (its device from its user agent, when it signed in, when it was last seen), this one marked;
 * signing one out, or every other. Reading apps' device keys are on their own page.
 */
export function SessionsSection() {
  const t = useT();
  const toast = useToast();
  const headingId = useId();
  const sessions = useAccountSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const items = sessions.data?.items ?? [];
  const hasOthers = items.some((item) => !item.isCurrent);
  const isBusy = endOne.isPending || endOthers.isPending;

  const end = (session: AccountSession) =>
    endOne.mutate(session.id, {
      onSuccess: () =>
        toast({ type: 'success', message: t('profile.sessions.ended', { device: deviceName(t, session) }), duration: 4000 }),
      onError: () => toast({ type: 'error', message: t('profile.sessions.endFailed'), duration: 5000 }),
    });
  const endAllOthers = () =>
    endOthers.mutate(undefined, {
      onSuccess: ({ ended }) =>
        toast({ type: 'success', message: t('profile.sessions.endedOthers', { count: ended }), duration: 4000 }),
      onError: () => toast({ type: 'error', message: t('profile.sessions.endFailed'), duration: 5000 }),
    });

  return (
    <section
      className="rounded-xl border border-ink-800 bg-ink-900 p-4"
      aria-labelledby={headingId}
      data-testid="sessions-section"
    >
      <h3 id={headingId} className="flex items-center gap-2 text-xs uppercase tracking-wider text-zinc-400">
        <MonitorSmartphone className="size-4" aria-hidden />
        {t('profile.sessions.heading')}
      </h3>
      <p className="mt-1 text-sm text-zinc-400">{t('profile.sessions.hint')}</p>
      {sessions.isPending ? (
        <p className="mt-3 text-sm text-zinc-400">{t('profile.sessions.loading')}</p>
      ) : sessions.isError ? (
        <LoadError message={t('profile.sessions.loadFailed')} onRetry={() => void sessions.refetch()} />
      ) : (
        <ul className="mt-3 divide-y divide-ink-800 rounded-lg border border-ink-800">
          {items.map((session) => (
            <SessionRow key={session.id} session={session} isBusy={isBusy} onEnd={() => end(session)} />
          ))}
        </ul>
      )}
      {hasOthers && (
        <button type="button" onClick={endAllOthers} disabled={isBusy} className={`${secondaryButton} mt-3`}>
          <LogOut className="size-4" aria-hidden /> {t('profile.sessions.signOutOthers')}
        </button>
      )}
    </section>
  );
}
