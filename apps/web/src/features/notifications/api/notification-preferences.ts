import type { NotificationPreferences } from '@inkwell/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../lib/api-client';

export const notificationPreferencesKey = ['notification-preferences'] as const;

/** The reader's e-mail about new chapters of followed series (issue 9 §2). */
export const notificationPreferencesQuery = () =>
  queryOptions({ queryKey: notificationPreferencesKey, queryFn: () => callApiData('notificationPreferences') });

/** Saves a choice; the control shows it at once and goes back if the server refuses. */
export function useUpdateNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreferences) => callApiData('notificationPreferencesUpdate', { body: preferences }),
    onMutate: async (preferences) => {
      await client.cancelQueries({ queryKey: notificationPreferencesKey });
      const previous = client.getQueryData<NotificationPreferences>(notificationPreferencesKey);
      client.setQueryData(notificationPreferencesKey, preferences);
      return { previous };
    },
    onError: (_error, _preferences, context) => {
      if (context?.previous) client.setQueryData(notificationPreferencesKey, context.previous);
    },
    onSuccess: (saved) => client.setQueryData(notificationPreferencesKey, saved),
  });
}
