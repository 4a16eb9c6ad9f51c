import { MEMBERSHIP_CACHE_KEY, PROFILE_CACHE_KEY, type SessionUser } from '@inkwell/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { clearTimedCache, writeTimedCache } from '../../lib/timed-cache';
import { postLogin, postLogout, verifySession, type LoginInput, type LoginResult } from './api/session';

export const SESSION_QUERY_KEY = ['session'] as const;

export interface AuthContextValue {
  user: SessionUser | null;
  isAuthenticated: boolean;
  /** True until the first session check has answered (SPEC §4: starts in checking). */
  isChecking: boolean;
  login(input: LoginInput): Promise<LoginResult>;
  logout(): Promise<void>;
  /** Replaces the stored user, e.g. after registering. */
  setUser(user: SessionUser | null): void;
  /** Checks the session again (after a password change, say). */
  refresh(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | undefined>(undefined);

function rememberMembership(user: SessionUser | null) {
  if (user) writeTimedCache(MEMBERSHIP_CACHE_KEY, user.membership);
  else clearTimedCache(MEMBERSHIP_CACHE_KEY);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [isLoggingOut, setIsLoggingOut] = useState(false);
  const session = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: async () => {
      const user = await verifySession();
      rememberMembership(user);
      return user;
    },
    staleTime: Infinity,
    retry: false,
  });

  const setUser = useCallback(
    (user: SessionUser | null) => {
      rememberMembership(user);
      if (!user) clearTimedCache(PROFILE_CACHE_KEY);
      queryClient.setQueryData(SESSION_QUERY_KEY, user);
    },
    [queryClient],
  );

  const login = useCallback(
    async (input: LoginInput) => {
      const result = await postLogin(input);
      if (result.success) {
        clearTimedCache(PROFILE_CACHE_KEY);
        setUser({ ...result.user, role: result.user.role.toLowerCase() as SessionUser['role'] });
      }
      return result;
    },
    [setUser],
  );

  /** SPEC §4: clears the user whether or not the call succeeds, and ends the checking state. */
  const logout = useCallback(async () => {
    setIsLoggingOut(true);
    try {
      await postLogout();
    } finally {
      setUser(null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
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
      logout,
      setUser,
      refresh,
    }),
    [user, session.isPending, isLoggingOut, login, logout, setUser, refresh],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** SPEC §8: used outside its provider, it throws (in Portuguese) that it must be inside the auth provider. */
export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth deve ser usado dentro de um AuthProvider');
  return context;
}
