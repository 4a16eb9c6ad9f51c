import { useQuery } from '@tanstack/react-query';
import { Bell, BellRing } from 'lucide-react';
import { useToast } from '../../../components/toast/toast-context';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/i18n-context';
import { notifyMeQuery, notifyWhenFree, useNotifyMe } from '../api/notify-me';
import '../lock-messages';

/**
 * "Notify me when free" on an early-access chapter's lock panel (issue 9 §2): a toggle button
 * (aria-pressed) for a signed-in reader; the bell tells them once when the chapter turns free.
 */
export function NotifyWhenFree({ chapterId }: { chapterId: string }) {
  const toast = useToast();
  const t = useT();
  const state = useQuery(notifyMeQuery(notifyWhenFree(chapterId)));
  const mutation = useNotifyMe(notifyWhenFree(chapterId));
  // Nothing to offer if the server does not know the chapter as early access for this reader.
  if (state.isError) return null;
  const isOn = state.data === true;

  const handleClick = () =>
    mutation.mutate(!isOn, {
      onError: (error) =>
        toast({
          message: error instanceof ApiError && error.code === 'validation_failed' ? error.message : t('reader.notify.failed'),
          type: 'error',
          duration: 5000,
        }),
    });
  const Icon = isOn ? BellRing : Bell;
  return (
    <div className="mt-3 flex flex-col items-center gap-1">
      {/* One name whatever the state; aria-pressed says whether it is on. */}
      <button
        type="button"
        onClick={handleClick}
        aria-pressed={isOn}
        disabled={state.data === undefined}
        data-testid="notify-when-free"
        className={`inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold disabled:opacity-60 ${
          isOn
            ? 'bg-sky-500/15 text-sky-200 ring-1 ring-inset ring-sky-400/40 hover:bg-sky-500/25'
            : 'bg-ink-800 text-zinc-100 hover:bg-ink-700'
        }`}
      >
        <Icon className="size-4" aria-hidden />
        {t('reader.notify.free')}
      </button>
      <p role="status" className="min-h-5 text-xs text-zinc-400">
        {isOn ? t('reader.notify.on') : ''}
      </p>
    </div>
  );
}
