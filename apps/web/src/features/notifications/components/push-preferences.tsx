import { useQuery } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { useT } from '../../../lib/i18n/i18n-context';
import { notificationPreferencesQuery, useUpdateNotificationPreferences } from '../api/notification-preferences';
import { allowPush, canPush, currentSubscription, stopPush } from '../api/push';
import '../messages';

type DeviceState = 'unknown' | 'unsupported' | 'on' | 'off' | 'denied' | 'busy';

/** Whether this browser receives pushes (or cannot, or is blocked), and turning that on or off. */
function usePushDevice() {
  const t = useT();
  const toast = useToast();
  const [device, setDevice] = useState<DeviceState>('unknown');

  useEffect(() => {
    if (!canPush()) {
      setDevice('unsupported');
      return;
    }
    if (Notification.permission === 'denied') {
      setDevice('denied');
      return;
    }
    let isCurrent = true;
    currentSubscription().then(
      (subscription) => isCurrent && setDevice(subscription ? 'on' : 'off'),
      () => isCurrent && setDevice('off'),
    );
    return () => {
      isCurrent = false;
    };
  }, []);

  const toggle = async () => {
    const wasOn = device === 'on';
    setDevice('busy');
    try {
      if (wasOn) {
        await stopPush();
        setDevice('off');
      } else {
        setDevice(await allowPush());
      }
    } catch {
      setDevice(wasOn ? 'on' : 'off');
      toast({ message: t('notifications.push.toggleError'), type: 'error', duration: 5000 });
    }
  };

  return { device, toggle };
}

/**
 * Issue 21 §4: "Push me when a followed series has a new chapter", for this browser only (each
 * device is allowed on its own), and quiet hours in the reader's time zone, during which pushes
 * wait and then come as one.
 */
export function PushPreferences() {
  const t = useT();
  const toast = useToast();
  const { device, toggle } = usePushDevice();
  const preferences = useQuery(notificationPreferencesQuery());
  const update = useUpdateNotificationPreferences();
  const quiet = preferences.data?.pushQuietHours ?? null;
  const [hours, setHours] = useState({ start: '22:00', end: '08:00' });

  useEffect(() => {
    if (quiet) setHours({ start: quiet.start, end: quiet.end });
  }, [quiet]);

  const saveQuietHours = (next: { start: string; end: string } | null) => {
    if (!preferences.data) return;
    update.mutate(
      {
        newChapterEmail: preferences.data.newChapterEmail,
        pushQuietHours: next && { ...next, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
      },
      {
        onError: () => toast({ message: t('notifications.push.quietSaveError'), type: 'error', duration: 5000 }),
      },
    );
  };
  const canToggle = device === 'on' || device === 'off' || device === 'busy';
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    saveQuietHours(hours);
  };

  return (
    <fieldset className="mb-6 rounded-xl border border-ink-800 bg-ink-900 p-4" data-testid="push-preferences">
      <legend className="flex items-center gap-2 px-1 text-sm font-semibold text-zinc-100">
        <BellRing className="size-4 text-accent-400" aria-hidden />
        {t('notifications.push.legend')}
      </legend>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-zinc-400" data-testid="push-device-state">
          {device === 'unsupported'
            ? t('notifications.push.unsupported')
            : device === 'denied'
              ? t('notifications.push.denied')
              : device === 'on'
                ? t('notifications.push.on')
                : t('notifications.push.off')}
        </p>
        {canToggle && (
          <button
            type="button"
            onClick={() => void toggle()}
            disabled={device === 'busy'}
            aria-pressed={device === 'on'}
            className="rounded-lg border border-ink-700 px-3 py-1.5 text-sm font-semibold text-zinc-100 hover:bg-ink-800 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {device === 'on' ? t('notifications.push.turnOff') : t('notifications.push.turnOn')}
          </button>
        )}
      </div>
      <form onSubmit={handleSubmit} className="mt-4 flex flex-wrap items-end gap-3 border-t border-ink-800 pt-4 text-sm">
        <label className="flex items-center gap-2 text-zinc-100">
          <input
            type="checkbox"
            checked={quiet !== null}
            disabled={!preferences.data || update.isPending}
            onChange={(event) => saveQuietHours(event.target.checked ? hours : null)}
            className="size-4 accent-accent-500"
          />
          {t('notifications.push.quietHours')}
        </label>
        {(['start', 'end'] as const).map((edge) => (
          <label key={edge} className="flex flex-col gap-1 text-zinc-400">
            {edge === 'start' ? t('notifications.push.from') : t('notifications.push.until')}
            <input
              type="time"
              value={hours[edge]}
              onChange={(event) => setHours({ ...hours, [edge]: event.target.value })}
              className="rounded-md border border-ink-700 bg-ink-950 px-2 py-1 text-zinc-100"
            />
          </label>
        ))}
        {quiet !== null && (
          <button type="submit" className="rounded-lg bg-accent-600 px-3 py-1.5 font-semibold text-white hover:bg-accent-500">
            {t('notifications.push.saveHours')}
          </button>
        )}
        <p className="w-full text-zinc-400">
          {quiet
            ? t('notifications.push.quietOn', { start: quiet.start, end: quiet.end, timeZone: quiet.timeZone })
            : t('notifications.push.quietOff')}
        </p>
      </form>
    </fieldset>
  );
}
