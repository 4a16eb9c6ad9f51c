import { PROFILE_CACHE_KEY, PROFILE_CACHE_MS, type ProfileData } from '@inkwell/contract';
import { useQuery } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { readTimedCache, writeTimedCache } from '../../lib/timed-cache';
import { useAuth } from '../../lib/auth/auth-context';
import { fetchProfile } from './api/profile';

type ProfileStatus = 'idle' | 'loading' | 'loaded' | 'error';

export interface ProfileContextValue {
  profile: ProfileData | null;
  status: ProfileStatus;
  /** The error text of the last failed fetch; the cached profile, if any, is still shown. */
  error: string | null;
  avatarUrl: string | null;
  avatarVersion: number;
  isAvatarLoading: boolean;
  isAvatarLoaded: boolean;
  onAvatarLoad(): void;
  onAvatarError(): void;
  refresh(): Promise<void>;
}

const ProfileContext = createContext<ProfileContextValue | undefined>(undefined);

/** SPEC §3: avatar URLs by identifier, versioned so a new upload is not served from cache. */
const avatarCache = new Map<string, string>();
function avatarSrcFor(profile: Pick<ProfileData, 'id' | 'avatarUrl' | 'avatarVersion'>): string | null {
  if (!profile.avatarUrl) return null;
  const key = `${profile.id}:${profile.avatarVersion}`;
  let src = avatarCache.get(key);
  if (!src) {
    src = `${profile.avatarUrl}${profile.avatarUrl.includes('?') ? '&' : '?'}v=${profile.avatarVersion}`;
    avatarCache.set(key, src);
  }
  return src;
}

/** The cached profile of this user, if the entry is sound and theirs. */
function cachedProfileOf(userId: string | undefined) {
  const entry = readTimedCache<ProfileData>(PROFILE_CACHE_KEY);
  if (!entry || !userId) return undefined;
  if (typeof entry.data !== 'object' || entry.data === null || entry.data.id !== userId) return undefined;
  return entry;
}

/**
 * SPEC §4 Profile loading: not fetched while the session is being checked; a cache younger than
 * 15 minutes is used as is; a failed fetch keeps the error text and falls back to the cache.
 */
export function ProfileProvider({ children }: { children: ReactNode }) {
  const { user, isChecking } = useAuth();
  const userId = user?.id;
  const cached = useMemo(() => cachedProfileOf(userId), [userId]);

  const query = useQuery({
    queryKey: ['profile', userId],
    enabled: !isChecking && userId !== undefined,
    queryFn: async () => {
      const data = await fetchProfile();
      writeTimedCache(PROFILE_CACHE_KEY, data);
      return data;
    },
    initialData: cached?.data,
    initialDataUpdatedAt: cached?.timestamp,
    staleTime: PROFILE_CACHE_MS,
    retry: false,
  });

  const profile = userId ? (query.data ?? cached?.data ?? null) : null;
  const [avatarState, setAvatarState] = useState({ isLoading: false, isLoaded: false });
  const avatarUrl = profile ? avatarSrcFor(profile) : null;

  // When the profile data changes, the avatar has to load again.
  useEffect(() => {
    setAvatarState({ isLoading: avatarUrl !== null, isLoaded: false });
  }, [avatarUrl, profile]);

  const refetch = query.refetch;
  const refresh = useCallback(async () => {
    await refetch();
  }, [refetch]);

  let status: ProfileStatus = 'idle';
  if (userId) status = query.isError ? 'error' : profile ? 'loaded' : 'loading';

  const value: ProfileContextValue = {
    profile,
    status,
    error: query.error ? query.error.message : null,
    avatarUrl,
    avatarVersion: profile?.avatarVersion ?? 0,
    isAvatarLoading: avatarState.isLoading,
    isAvatarLoaded: avatarState.isLoaded,
    onAvatarLoad: () => setAvatarState({ isLoading: false, isLoaded: true }),
    onAvatarError: () => setAvatarState({ isLoading: false, isLoaded: false }),
    refresh,
  };
  return <ProfileContext.Provider value={value}>{children}</ProfileContext.Provider>;
}

export function useProfile(): ProfileContextValue {
  const context = useContext(ProfileContext);
  if (!context) throw new Error('useProfile must be used inside ProfileProvider');
  return context;
}
