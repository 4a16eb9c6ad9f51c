import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiData } from '../../../lib/api-client';

// Issue 36 §2: the reader's e-mail address and where they are signed in.

const sessionsKey = ['account-sessions'] as const;

const sessionsQuery = () => queryOptions({ queryKey: sessionsKey, queryFn: ({ signal }) => callApiData('sessions', { signal }) });

/** Where the reader is signed in: this device first. */
export const useAccountSessions = () => useQuery(sessionsQuery());

/** Ends one of the reader's other sessions: that browser is signed out at its next request. */
export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi('sessionRevoke', { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** Ends every session but this one; answers how many ended. */
export function useEndOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApiData('sessionsRevokeOthers'),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** Asks for a new address: a link goes to it, and the change happens when it is followed. */
export function requestEmailChange(newEmail: string, password: string) {
  return callApi('emailChange', { body: { newEmail, password } });
}
