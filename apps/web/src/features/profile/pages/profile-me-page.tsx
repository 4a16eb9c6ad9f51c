import { Coins, RefreshCw } from 'lucide-react';
import { MEMBERSHIP_CACHE_KEY, MEMBERSHIP_CACHE_MS } from '@inkwell/contract';
import { Link } from 'react-router';
import { LanguageChoice } from '../../../components/language-choice';
import { RoleTag } from '../../../components/role-tag';
import { FullPageSpinner } from '../../../components/spinner';
import { useAuth } from '../../../lib/auth/auth-context';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { isFresh, readTimedCache } from '../../../lib/timed-cache';
import { AccountDataSection } from '../account-data-section';
import { AdultContentSection } from '../adult-content-section';
import { ContentLanguagesSection } from '../content-languages-section';
import { EmailSection } from '../email-section';
import { PublicProfileSection } from '../public-profile-section';
import { useProfile } from '../profile-context';
import { SessionsSection } from '../sessions-section';
import { TwoFactorSection } from '../two-factor-section';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../messages';

/** /profile/me: the reader's account at a glance. */
function ProfileMePage() {
  const t = useT();
  const format = useFormat();
  useDocumentTitle(t('profile.me.title'));
  const { profile, status, error, avatarUrl, isAvatarLoaded, onAvatarLoad, onAvatarError, refresh } = useProfile();
  // The coin balance has one owner, the session; the profile's copy may be older.
  const { user } = useAuth();
  const membershipCache = readTimedCache<string | null>(MEMBERSHIP_CACHE_KEY);
  const membership = profile?.membership ?? (isFresh(membershipCache, MEMBERSHIP_CACHE_MS) ? membershipCache?.data : null);

  if (status === 'loading' || (status === 'idle' && !profile)) return <FullPageSpinner label={t('profile.me.loading')} />;
  if (!profile) {
    return (
      <div role="alert" className="rounded-xl border border-rose-500/40 bg-rose-500/10 p-6">
        <p className="font-semibold text-rose-200">{t('profile.me.loadFailed')}</p>
        <p className="mt-1 text-sm text-rose-200/80">{error}</p>
        <button type="button" onClick={() => void refresh()} className="mt-4 rounded-lg bg-ink-800 px-4 py-2 text-sm">
          {t('profile.tryAgain')}
        </button>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      {error && (
        <div
          role="status"
          className="flex items-center justify-between gap-3 rounded-lg border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-200"
        >
          <span>{t('profile.me.showingSaved', { error })}</span>
          <button type="button" onClick={() => void refresh()} className="flex items-center gap-1 font-semibold">
            <RefreshCw className="size-4" aria-hidden /> {t('profile.me.retry')}
          </button>
        </div>
      )}
      <div className="flex items-center gap-5 rounded-2xl border border-ink-800 bg-ink-900 p-6">
        <span className="relative size-20 shrink-0 overflow-hidden rounded-full bg-accent-600">
          {avatarUrl ? (
            <img
              src={avatarUrl}
              alt=""
              width={80}
              height={80}
              onLoad={onAvatarLoad}
              onError={onAvatarError}
              className={`size-20 object-cover transition-opacity ${isAvatarLoaded ? 'opacity-100' : 'opacity-0'}`}
            />
          ) : (
            <span className="flex size-20 items-center justify-center text-3xl font-bold uppercase text-white">
              {profile.username.slice(0, 1)}
            </span>
          )}
        </span>
        <div className="min-w-0">
          <h2 className="truncate text-xl font-bold text-white" data-testid="profile-username">
            {profile.username}
          </h2>
          <p className="truncate text-sm text-zinc-400">{profile.email}</p>
          <div className="mt-2 flex items-center gap-2">
            <RoleTag role={profile.role} />
          </div>
        </div>
      </div>
      <PublicProfileSection profile={profile} />
      <dl className="grid gap-4 sm:grid-cols-3">
        <div className="rounded-xl border border-ink-800 bg-ink-900 p-4">
          <dt className="text-xs uppercase tracking-wider text-zinc-400">{t('profile.me.coins')}</dt>
          <dd className="mt-1 flex items-center gap-2 text-2xl font-bold text-amber-300">
            <Coins className="size-5" aria-hidden /> {format.count(user?.coins ?? profile.coins)}
          </dd>
        </div>
        <div className="rounded-xl border border-ink-800 bg-ink-900 p-4">
          <dt className="text-xs uppercase tracking-wider text-zinc-400">{t('profile.me.membership')}</dt>
          <dd className="mt-1 text-lg font-semibold text-zinc-100">{membership ?? t('profile.me.freeReader')}</dd>
        </div>
        <div className="rounded-xl border border-ink-800 bg-ink-900 p-4">
          <dt className="text-xs uppercase tracking-wider text-zinc-400">{t('profile.me.memberSince')}</dt>
          <dd className="mt-1 text-lg font-semibold text-zinc-100">{format.date(profile.createdAt)}</dd>
        </div>
      </dl>
      {profile.hasEarnings && (
        // Issue 38 §2: a payee's way to their payout account and statements.
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-ink-800 bg-ink-900 p-4">
          <p className="text-sm text-zinc-300">{t('profile.payouts.accountHint')}</p>
          <Link to="/account/payouts" className="text-sm font-semibold text-accent-400 hover:underline">
            {t('profile.payouts.accountLink')}
          </Link>
        </div>
      )}
      <div
        className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-ink-800 bg-ink-900 p-4"
        data-testid="profile-language"
      >
        <div>
          <p className="text-xs uppercase tracking-wider text-zinc-400">{t('profile.me.language')}</p>
          <p className="mt-1 text-sm text-zinc-400">{t('profile.me.languageHint')}</p>
        </div>
        <LanguageChoice />
      </div>
      <ContentLanguagesSection key={profile.id} />
      <AdultContentSection key={`adult-${profile.id}`} />
      <EmailSection email={profile.email} />
      <Link
        to="/protect/segure/password/reset-password"
        className="inline-block text-sm font-semibold text-accent-400 hover:underline"
      >
        {t('profile.password.heading')}
      </Link>
      <TwoFactorSection />
      <SessionsSection />
      <AccountDataSection hasTwoFactor={profile.twoFactorEnabled} />
    </div>
  );
}

export default ProfileMePage;
