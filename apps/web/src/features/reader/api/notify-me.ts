import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApiData } from '../../../lib/api-client';

/**
 * A "Notify me" the bell answers once: when an early-access chapter turns free (issue 9 §2), or
 * when the reader's pass of a series is back (issue 22 §1). Each is asked, started and stopped
 * the same way; only its calls differ.
 */
interface NotifyMe {
  key: readonly unknown[];
  isOn(): Promise<boolean>;
  set(notify: boolean): Promise<{ notify: boolean }>;
}

export const notifyWhenFree = (chapterId: string): NotifyMe => ({
  key: ['notify-when-free', chapterId],
  isOn: () => callApiData('notifyWhenFree', { params: { chapterId } }).then((state) => state.notify),
  set: (notify) =>
    notify
      ? callApiData('notifyWhenFreeAdd', { params: { chapterId } })
      : callApiData('notifyWhenFreeRemove', { params: { chapterId } }),
});

export const notifyWhenPass = (seriesId: string): NotifyMe => ({
  key: ['notify-when-pass', seriesId],
  isOn: () => callApiData('notifyWhenPass', { params: { seriesId } }).then((state) => state.notify),
  set: (notify) =>
    notify
      ? callApiData('notifyWhenPassAdd', { params: { seriesId } })
      : callApiData('notifyWhenPassRemove', { params: { seriesId } }),
});

/** Whether the reader asked. */
export const notifyMeQuery = (notifyMe: NotifyMe) =>
  queryOptions({
    queryKey: notifyMe.key,
    queryFn: notifyMe.isOn,
    // A refusal (not signed in, an unknown chapter or series) will not change by asking again.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
  });

/** Asks or stops asking; the toggle moves at once and goes back if the server refuses. */
export function useNotifyMe(notifyMe: NotifyMe) {
  const client = useQueryClient();
  const { key } = notifyMe;
  return useMutation({
    mutationFn: (notify: boolean) => notifyMe.set(notify),
    onMutate: async (notify) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<boolean>(key);
      client.setQueryData(key, notify);
      return { previous };
    },
    onError: (_error, _notify, context) => client.setQueryData(key, context?.previous ?? false),
    onSuccess: (state) => client.setQueryData(key, state.notify),
  });
}
