import { PROFILE_CACHE_KEY, type SessionUser } from '@inkwell/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { clearTimedCache } from '../timed-cache';
import {
  postLogin,
  postLoginTwoFactor,
  postLogout,
  withLowerCaseRole,
  type LoginInput,
  type LoginResult,
  type TwoFactorLoginInput,
} from './session';
import { SESSION_QUERY_KEY, sessionQueryOptions, setSessionUser } from './session-query';

export interface AuthContextValue {
  user: SessionUser | null;
  isAuthenticated: boolean;
  /** True until the first session check has answered (SPEC §4: starts in checking). */
  isChecking: boolean;
  login(input: LoginInput): Promise<LoginResult>;
  /** Issue 10: the second step of a sign-in with two-factor sign-in; on success, as login. */
  loginWithTwoFactor(input: TwoFactorLoginInput): Promise<LoginResult>;
  logout(): Promise<void>;
  /** Replaces the stored user, e.g. after registering. */
  setUser(user: SessionUser | null): void;
  /** Checks the session again (after a password change, say). */
  refresh(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | undefined>(undefined);

/** Every query but the session's: what the server answers may depend on who is asking. */
const isViewerDependent = (query: { queryKey: readonly unknown[] }) => query.queryKey[0] !== SESSION_QUERY_KEY[0];

/**
 * The session for the whole app (SPEC §4 Authentication). Features read it with useAuth; it lives
 * here, below the features, because every feature needs to know who is reading.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [isLoggingOut, setIsLoggingOut] = useState(false);
  const session = useQuery(sessionQueryOptions());

  const setUser = useCallback((user: SessionUser | null) => setSessionUser(queryClient, user), [queryClient]);

  const signedIn = useCallback(
    (result: LoginResult) => {
      if (result.success) {
        clearTimedCache(PROFILE_CACHE_KEY);
        setUser(withLowerCaseRole(result.user));
        // Chapters and lists answered to a visitor (locks, prices) are asked again.
        void queryClient.invalidateQueries({ predicate: isViewerDependent });
      }
      return result;
    },
    [queryClient, setUser],
  );
  const login = useCallback(async (input: LoginInput) => signedIn(await postLogin(input)), [signedIn]);
  const loginWithTwoFactor = useCallback(
    async (input: TwoFactorLoginInput) => signedIn(await postLoginTwoFactor(input)),
    [signedIn],
  );

  /** SPEC §4: clears the user whether or not the call succeeds, and ends the checking state. */
  const logout = useCallback(async () => {
    setIsLoggingOut(true);
    try {
      await postLogout();
    } finally {
      setUser(null);
      queryClient.removeQueries({ predicate: isViewerDependent });
      setIsLoggingOut(false);
    }
  }, [queryClient, setUser]);

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  }, [queryClient]);

  const user = session.data ?? null;
  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      isAuthenticated: user !== null,
      isChecking: session.isPending && !isLoggingOut,
      login,
      loginWithTwoFactor,
      logout,
      setUser,
      refresh,
    }),
    [user, session.isPending, isLoggingOut, login, loginWithTwoFactor, logout, setUser, refresh],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** SPEC §8: used outside its provider, it throws (in Portuguese) that it must be inside the auth provider. */
export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth deve ser usado dentro de um AuthProvider');
  return context;
}
