import type { SessionUser } from '@inkwell/contract';
import { useToast } from '../../components/toast/toast-context';
import { useAutoUnlockSeries, useTurnOffAutoUnlockSeries } from '../../lib/wallet/auto-unlock-series';
import { useStoreSettingsMutation } from '../../lib/wallet/store-settings';
import { useT } from '../../lib/i18n/i18n-context';
import './lock-messages';

/**
 * Auto-unlock chosen for this series alone (while unlocking one of its chapters): whether it is on,
 * whether that answer is settled (not only fetched once: an unlock that turned the series on
 * refetches it), and turning it off.
 */
export function useSeriesAutoUnlock(series: { id: string; title: string }, user: SessionUser | null) {
  const toast = useToast();
  const t = useT();
  const list = useAutoUnlockSeries(Boolean(user) && !user?.autoUnlock);
  const turnOff = useTurnOffAutoUnlockSeries();
  const handleTurnOff = () =>
    turnOff.mutate(series.id, {
      onSuccess: () => toast({ message: t('reader.toast.autoOff', { title: series.title }), type: 'success', duration: 4000 }),
      onError: () => toast({ message: t('reader.toast.settingFailed'), type: 'error', duration: 5000 }),
    });
  return {
    isOn: list.data?.items.some((item) => item.seriesId === series.id) ?? false,
    isSettled: list.isFetched && !list.isFetching,
    isTurningOff: turnOff.isPending,
    handleTurnOff,
  };
}

/** The reader's own auto-unlock setting, for every series: switching it from the lock panel. */
export function useAutoUnlockSetting(user: SessionUser | null) {
  const toast = useToast();
  const t = useT();
  const settings = useStoreSettingsMutation();
  const handleChange = () => {
    if (!user) return;
    settings.mutate(
      { autoUnlock: !user.autoUnlock },
      { onError: () => toast({ message: t('reader.toast.settingFailed'), type: 'error', duration: 5000 }) },
    );
  };
  return { isSaving: settings.isPending, handleChange };
}
