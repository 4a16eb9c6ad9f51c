import { matchLocale, type Locale, type ProfileData, type SessionUser } from '@inkwell/contract';
import { membershipOf } from '../access';
import type { AuthUser } from './users.sql';

/**
 * The user as the client sees it. Membership and premium come from an active subscription;
 * subscriptions arrive with the store, so until then no one holds one.
 */
export function toSessionUser(user: AuthUser): SessionUser {
  return {
    id: user.id,
    role: user.role,
    email: user.email,
    username: user.username,
    coins: user.coins,
    ...membershipOf(user),
    avatarUrl: user.avatarUrl,
    avatarVersion: user.avatarVersion,
    autoUnlock: user.autoUnlock,
    contentLanguages: user.contentLanguages,
    showAdult: user.showAdult,
    ...(user.seriesRoles && { seriesRoles: user.seriesRoles }),
  };
}

export function toProfileData(user: AuthUser, { hasEarnings }: { hasEarnings: boolean }): ProfileData {
  return {
    ...toSessionUser(user),
    createdAt: user.createdAt.toISOString(),
    avatarVersion: user.avatarVersion,
    bio: user.bio,
    twoFactorEnabled: user.totpEnabledAt !== null,
    hasEarnings,
    locale: (matchLocale(user.locale) as Locale | undefined) ?? null,
  };
}
