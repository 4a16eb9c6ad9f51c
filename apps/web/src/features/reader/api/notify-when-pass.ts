import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApiData } from '../../../lib/api-client';

export const notifyWhenPassKey = (seriesId: string) => ['notify-when-pass', seriesId] as const;

/** Whether the reader asked to be told when their pass of this series is back. */
export const notifyWhenPassQuery = (seriesId: string) =>
  queryOptions({
    queryKey: notifyWhenPassKey(seriesId),
    queryFn: () => callApiData('notifyWhenPass', { params: { seriesId } }).then((state) => state.notify),
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
  });

/** Asks or stops asking; the toggle moves at once and goes back if the server refuses. */
export function useNotifyWhenPass(seriesId: string) {
  const client = useQueryClient();
  const key = notifyWhenPassKey(seriesId);
  return useMutation({
    mutationFn: (notify: boolean) =>
      notify
        ? callApiData('notifyWhenPassAdd', { params: { seriesId } })
        : callApiData('notifyWhenPassRemove', { params: { seriesId } }),
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
