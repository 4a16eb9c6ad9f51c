import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApiData } from '../../../lib/api-client';

export const notifyWhenFreeKey = (chapterId: string) => ['notify-when-free', chapterId] as const;

/** Whether the reader asked to be told when this early-access chapter becomes free. */
export const notifyWhenFreeQuery = (chapterId: string) =>
  queryOptions({
    queryKey: notifyWhenFreeKey(chapterId),
    queryFn: () => callApiData('notifyWhenFree', { params: { chapterId } }).then((state) => state.notify),
    // A refusal (not signed in, an unknown chapter) will not change by asking again.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
  });

/** Asks or stops asking; the toggle moves at once and goes back if the server refuses. */
export function useNotifyWhenFree(chapterId: string) {
  const client = useQueryClient();
  const key = notifyWhenFreeKey(chapterId);
  return useMutation({
    mutationFn: (notify: boolean) =>
      notify
        ? callApiData('notifyWhenFreeAdd', { params: { chapterId } })
        : callApiData('notifyWhenFreeRemove', { params: { chapterId } }),
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
