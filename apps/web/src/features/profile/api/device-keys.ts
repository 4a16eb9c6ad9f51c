import type { DeviceKeyCreated } from '@inkwell/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../lib/api-client';

const deviceKeysKey = ['device-keys'] as const;

/** The reader's keys for reading apps (issue 19 §1), never the keys themselves. */
const deviceKeysQuery = () =>
  queryOptions({ queryKey: deviceKeysKey, queryFn: ({ signal }) => callApiData('deviceKeys', { signal }) });

export const useDeviceKeys = () => useQuery(deviceKeysQuery());

/** A new key: its answer is the one time the key itself is seen. */
export function useCreateDeviceKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string): Promise<DeviceKeyCreated> => callApiData('deviceKeyCreate', { body: { name } }),
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeysKey }),
  });
}

/** Revokes a key: the app using it is refused at its next request. */
export function useRevokeDeviceKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApiData('deviceKeyRevoke', { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeysKey }),
  });
}
