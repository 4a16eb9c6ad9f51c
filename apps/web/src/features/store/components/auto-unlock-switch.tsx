import { useId } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { useAuth } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/i18n-context';
import { useStoreSettingsMutation } from '../api/store-settings';
import '../messages';

/** The store's one option, read from the session user (which carries autoUnlock) and saved at once. */
export function AutoUnlockSwitch() {
  const { user } = useAuth();
  const t = useT();
  const toast = useToast();
  const settings = useStoreSettingsMutation();
  const labelId = useId();
  const hintId = useId();
  const isOn = user?.autoUnlock ?? false;

  const handleToggle = () =>
    settings.mutate(
      { autoUnlock: !isOn },
      { onError: () => toast({ message: t('store.settings.saveFailed'), type: 'error', duration: 5000 }) },
    );

  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <p id={labelId} className="text-sm font-medium text-zinc-100">
          {t('store.settings.autoUnlock')}
        </p>
        <p id={hintId} className="mt-0.5 text-xs text-zinc-400">
          {t('store.settings.autoUnlockHint')}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={isOn}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        onClick={handleToggle}
        disabled={settings.isPending}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:opacity-60 ${
          isOn ? 'bg-accent-600' : 'bg-ink-700'
        }`}
      >
        <span
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${isOn ? 'translate-x-5' : 'translate-x-0.5'}`}
        />
      </button>
    </div>
  );
}
