import type { NotificationPreferences, NotificationPreferencesInput } from '@inkwell/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../lib/api-client';

const notificationPreferencesKey = ['notification-preferences'] as const;

/** The reader's e-mail about new chapters of followed series (issue 9 §2) and push's quiet hours (issue 21 §4). */
export const notificationPreferencesQuery = () =>
  queryOptions({ queryKey: notificationPreferencesKey, queryFn: () => callApiData('notificationPreferences') });

/** Saves a choice; the control shows it at once and goes back if the server refuses. */
export function useUpdateNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreferencesInput) =>
      callApiData('notificationPreferencesUpdate', { body: preferences }),
    onMutate: async (preferences) => {
      await client.cancelQueries({ queryKey: notificationPreferencesKey });
      const previous = client.getQueryData<NotificationPreferences>(notificationPreferencesKey);
      if (previous) client.setQueryData(notificationPreferencesKey, { ...previous, ...preferences });
      return { previous };
    },
    onError: (_error, _preferences, context) => {
      if (context?.previous) client.setQueryData(notificationPreferencesKey, context.previous);
    },
    onSuccess: (saved) => client.setQueryData(notificationPreferencesKey, saved),
  });
}
