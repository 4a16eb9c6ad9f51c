import { useQueryClient } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { useToast } from '../../components/toast/toast-context';
import { callApiData } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/auth-context';
import { useT } from '../../lib/i18n/i18n-context';
import { useProfile } from './profile-context';
import './messages';

/**
 * Series marked Adult (issue 36 §4): the reader's opt-in, which a series' gate also sets. Saved at
 * once (PATCH ME/preferences showAdult); every list is asked again, with them or without.
 */
export function AdultContentSection() {
  const t = useT();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { refresh: refreshSession } = useAuth();
  const { profile, refresh } = useProfile();
  const [isOn, setIsOn] = useState(profile?.showAdult === true);
  const [isSaving, setIsSaving] = useState(false);
  const id = useId();

  const save = async (next: boolean) => {
    setIsSaving(true);
    try {
      const saved = await callApiData('preferencesUpdate', { body: { showAdult: next } });
      setIsOn(saved.showAdult);
      toast({ type: 'success', message: t(saved.showAdult ? 'profile.adult.shown' : 'profile.adult.hidden'), duration: 3000 });
      void refresh();
      void refreshSession();
      // The lists and pages were answered for the other choice.
      void queryClient.invalidateQueries({ queryKey: ['catalogue'] });
    } catch {
      toast({ type: 'error', message: t('profile.adult.failed'), duration: 5000 });
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <section className="rounded-xl border border-ink-800 bg-ink-900 p-4" aria-labelledby={`${id}-h`} data-testid="adult-content">
      <h3 id={`${id}-h`} className="flex items-center gap-2 text-xs uppercase tracking-wider text-zinc-400">
        <ShieldAlert className="size-4" aria-hidden />
        {t('profile.adult.heading')}
      </h3>
      <label className="mt-3 flex items-start gap-3 text-sm text-zinc-100">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-accent-500"
          checked={isOn}
          disabled={isSaving}
          onChange={(event) => void save(event.target.checked)}
        />
        <span>
          {t('profile.adult.show')}
          <span className="mt-1 block text-zinc-400">{t('profile.adult.hint')}</span>
        </span>
      </label>
    </section>
  );
}
