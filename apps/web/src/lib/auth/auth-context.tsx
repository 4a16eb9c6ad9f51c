import { isTeamRole, PROFILE_CACHE_KEY, type SessionUser } from '@inkwell/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { previewAs, setPreviewAs, subscribePreviewAs, type PreviewAs } from './preview-as';
import { releaseBrowser } from '../browser-handover';
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
  /**
   * Issue 22 §3: the kind of viewer a team member is looking at the site as (`user` is then that
   * viewer: null for a visitor), and the team member themselves; null when not previewing.
   */
  preview: { as: PreviewAs; teamUser: SessionUser } | null;
  /** Starts or stops a preview; what was read for the other viewer is asked again. */
  setPreview(as: PreviewAs | null): void;
}

/** The viewer a team member previews as: nothing of theirs (no coins, no unlocks, no plan unless premium). */
function previewUser(user: SessionUser, as: PreviewAs): SessionUser | null {
  if (as === 'visitor') return null;
  return {
    ...user,
    role: 'reader',
    coins: 0,
    autoUnlock: false,
    isPremium: as === 'premium',
    membership: as === 'premium' ? 'Premium' : null,
  };
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
        const before = queryClient.getQueryData<SessionUser | null>(SESSION_QUERY_KEY);
        clearTimedCache(PROFILE_CACHE_KEY);
        setUser(withLowerCaseRole(result.user));
        // Chapters and lists answered to a visitor (locks, prices) are asked again; what another
        // account was answered (a session that ended without a logout) is not shown meanwhile.
        if (before && before.id !== result.user.id) void queryClient.resetQueries({ predicate: isViewerDependent });
        else void queryClient.invalidateQueries({ predicate: isViewerDependent });
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

  /**
   * SPEC §4: clears the user whether or not the call succeeds, and ends the checking state. Issue
   * 32 §3: nothing of the reader's stays in this browser (places, kept chapters and their bytes).
   */
  const logout = useCallback(async () => {
    setIsLoggingOut(true);
    try {
      await postLogout();
    } finally {
      await releaseBrowser();
      setUser(null);
      queryClient.removeQueries({ predicate: isViewerDependent });
      setIsLoggingOut(false);
    }
  }, [queryClient, setUser]);

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  }, [queryClient]);

  const realUser = session.data ?? null;
  // The server's render knows no preview (getServerSnapshot): the tab's choice applies after hydration.
  const asked = useSyncExternalStore(subscribePreviewAs, previewAs, () => null);
  const previewKind = asked && realUser && isTeamRole(realUser.role) ? asked : null;
  // `?as=` from anyone but the team is ignored, here as on the server.
  useEffect(() => {
    if (asked && !session.isPending && !(realUser && isTeamRole(realUser.role))) setPreviewAs(null);
  }, [asked, session.isPending, realUser]);
  const preview = useMemo(
    () => (previewKind && realUser ? { as: previewKind, teamUser: realUser } : null),
    [previewKind, realUser],
  );
  const user = useMemo(() => (preview ? previewUser(preview.teamUser, preview.as) : realUser), [preview, realUser]);
  const setPreview = useCallback((as: PreviewAs | null) => setPreviewAs(as), []);
  // Whenever the viewer changes by a preview (chosen, or the tab's own applied after hydration,
  // over what the server drew for the team member), what was read for the other one is read again.
  const lastPreview = useRef<PreviewAs | null>(null);
  useEffect(() => {
    if (lastPreview.current === previewKind) return;
    lastPreview.current = previewKind;
    void queryClient.resetQueries({ predicate: isViewerDependent });
  }, [previewKind, queryClient]);
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
      preview,
      setPreview,
    }),
    [user, session.isPending, isLoggingOut, login, loginWithTwoFactor, logout, setUser, refresh, preview, setPreview],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** SPEC §8: used outside its provider, it throws (in Portuguese) that it must be inside the auth provider. */
export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth deve ser usado dentro de um AuthProvider');
  return context;
}
