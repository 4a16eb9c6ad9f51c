import { NEW_CHAPTER_EMAIL, type NotificationPreferences } from '@inkwell/contract';
import { useQuery } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { useId } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { useT } from '../../../lib/i18n/i18n-context';
import { richText } from '../../../lib/i18n/rich';
import { notificationPreferencesQuery, useUpdateNotificationPreferences } from '../api/notification-preferences';
import '../messages';

type Choice = NotificationPreferences['newChapterEmail'];

const CHOICES: Record<Choice, { label: string; hint: string }> = {
  off: { label: 'notifications.email.off.label', hint: 'notifications.email.off.hint' },
  instant: { label: 'notifications.email.instant.label', hint: 'notifications.email.instant.hint' },
  daily: { label: 'notifications.email.daily.label', hint: 'notifications.email.daily.hint' },
};

/** "E-mail me about new chapters: off / instant / daily digest" (issue 9 §2), saved as soon as it is chosen. */
export function EmailPreferences() {
  const t = useT();
  const toast = useToast();
  const name = useId();
  const preferences = useQuery(notificationPreferencesQuery());
  const update = useUpdateNotificationPreferences();
  const current = preferences.data?.newChapterEmail;

  const handleChange = (choice: Choice) =>
    update.mutate(
      { newChapterEmail: choice },
      {
        onError: () => toast({ message: t('notifications.email.saveError'), type: 'error', duration: 5000 }),
      },
    );

  return (
    <fieldset className="mb-6 rounded-xl border border-ink-800 bg-ink-900 p-4" data-testid="email-preferences">
      <legend className="flex items-center gap-2 px-1 text-sm font-semibold text-zinc-100">
        <Mail className="size-4 text-accent-400" aria-hidden />
        {t('notifications.email.legend')}
      </legend>
      <p className="text-sm text-zinc-400">{t('notifications.email.intro')}</p>
      {preferences.isError ? (
        <p role="alert" className="mt-3 text-sm text-rose-300">
          {richText(t('notifications.email.loadError'), {
            retry: (words) => (
              <button
                type="button"
                onClick={() => void preferences.refetch()}
                className="font-semibold text-accent-400 hover:underline"
              >
                {words}
              </button>
            ),
          })}
        </p>
      ) : (
        <div className="mt-3 grid gap-2 sm:grid-cols-3">
          {NEW_CHAPTER_EMAIL.map((choice) => (
            <label
              key={choice}
              className={`flex cursor-pointer items-start gap-2 rounded-lg border p-3 text-sm ${
                current === choice ? 'border-accent-500/60 bg-accent-600/10' : 'border-ink-800 hover:bg-ink-800'
              }`}
            >
              <input
                type="radio"
                name={name}
                value={choice}
                checked={current === choice}
                disabled={current === undefined}
                onChange={() => handleChange(choice)}
                className="mt-0.5 size-4 accent-accent-500"
              />
              <span>
                <span className="block font-medium text-zinc-100">{t(CHOICES[choice].label)}</span>
                <span className="block text-zinc-400">{t(CHOICES[choice].hint)}</span>
              </span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
