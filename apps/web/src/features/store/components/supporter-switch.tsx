import { useId } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { useT } from '../../../lib/i18n/i18n-context';
import { useWallet } from '../api/get-wallet';
import { useStoreSettingsMutation } from '../api/store-settings';
import '../messages';

/** Whether the reader's gifts put their name in a series' supporters strip (issue 22 §2); on unless they say no. */
export function SupporterSwitch() {
  const t = useT();
  const toast = useToast();
  const wallet = useWallet(1);
  const settings = useStoreSettingsMutation();
  const labelId = useId();
  const pending = settings.isPending ? settings.variables?.showAsSupporter : undefined;
  const isOn = pending ?? wallet.data?.showAsSupporter ?? true;

  return (
    <div className="mt-4 flex items-start justify-between gap-4">
      <div>
        <p id={labelId} className="text-sm font-medium text-zinc-100">
          {t('store.settings.supporter')}
        </p>
        <p className="mt-0.5 text-xs text-zinc-400">{t('store.settings.supporterHint')}</p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={isOn}
        aria-labelledby={labelId}
        disabled={!wallet.data || settings.isPending}
        onClick={() =>
          settings.mutate(
            { showAsSupporter: !isOn },
            { onError: () => toast({ message: t('store.settings.saveFailed'), type: 'error', duration: 5000 }) },
          )
        }
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${
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
