import type { ProfileData } from '@inkwell/contract';
import { UserRound } from 'lucide-react';
import { useId } from 'react';
import { useT } from '../../lib/i18n/i18n-context';
import { AvatarEditor } from './avatar-editor';
import { ProfileDetailsForm } from './profile-details-form';
import './messages';

/** What other readers see of the reader (issue 36 §1): their avatar, username and bio, each changed here. */
export function PublicProfileSection({ profile }: { profile: ProfileData }) {
  const t = useT();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-5 rounded-2xl border border-ink-800 bg-ink-900 p-4 sm:p-6"
      data-testid="public-profile"
    >
      <div>
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-white">
          <UserRound className="size-5 text-accent-400" aria-hidden />
          {t('profile.account.title')}
        </h2>
        <p className="mt-1 text-sm text-zinc-400">{t('profile.account.intro')}</p>
      </div>
      <div className="space-y-1">
        <p className="text-xs uppercase tracking-wider text-zinc-400">{t('profile.account.avatar')}</p>
        <AvatarEditor profile={profile} />
      </div>
      <ProfileDetailsForm key={`${profile.id}:${profile.username}:${profile.bio ?? ''}`} profile={profile} />
    </section>
  );
}
