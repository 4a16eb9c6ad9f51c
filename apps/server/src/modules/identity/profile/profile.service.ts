import { randomUUID } from 'node:crypto';
import { AVATAR_SIZES, USERNAME_HOLD_DAYS, USERNAME_HOLDS_MAX, type AvatarAnswer, type ProfileUpdate } from '@inkwell/contract';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { isUniqueViolation } from '../../../lib/db-errors';
import type { EventPublisher } from '../../../lib/domain-events';
import { mediaUrl, type MediaStorage } from '../../platform/media';
import {
  countUsernameHolds,
  findAuthUser,
  findUserByUsername,
  lockProfile,
  lockUsernames,
  renameUser,
  setUserAvatar,
  setUserBio,
  usernameHolder,
  type AuthUser,
} from '../users';
import { processAvatar } from './avatar-image';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ProfileDeps {
  db: Database;
  clock: Clock;
  events: EventPublisher;
  storage: MediaStorage;
}

const usernameTaken = () =>
  new AppError('conflict', 'apiErrors.identity.usernameTaken', { fields: { username: 'apiErrors.identity.usernameTaken' } });
const usernameHeld = () =>
  new AppError('conflict', 'apiErrors.profile.usernameHeld', {
    values: { days: USERNAME_HOLD_DAYS },
    fields: { username: 'apiErrors.profile.usernameHeld' },
  });

/** An avatar's two stored squares, from the large one's key (`avatars/<user>/<id>-256.webp`). */
const avatarKeys = (largeKey: string) => [
  largeKey,
  largeKey.replace(`-${AVATAR_SIZES.large}.webp`, `-${AVATAR_SIZES.small}.webp`),
];

/**
 * The reader's own profile (issue 36 §1): their username (the sign-up's rules; the name they give
 * up held for them for USERNAME_HOLD_DAYS), their bio, their avatar. Each change is told to every
 * instance (`user.changed`): the session and the profile carry it at once, and every list that
 * names people reads their name, bio and avatar fresh from `users`.
 */
export function createProfileService({ db, clock, events, storage }: ProfileDeps) {
  /** Deletes an avatar's files, when the address is one of this user's stored avatars. */
  async function forgetAvatar(userId: string, avatarUrl: string | null | undefined) {
    const prefix = mediaUrl(`avatars/${userId}/`);
    if (!avatarUrl?.startsWith(prefix)) return;
    const largeKey = avatarUrl.slice(mediaUrl('').length);
    await Promise.allSettled(avatarKeys(largeKey).map((key) => storage.delete(key)));
  }

  async function profileOf(userId: string): Promise<AuthUser> {
    const user = await findAuthUser(db, userId, clock.now());
    if (!user) throw new AppError('unauthorized', 'apiErrors.signInAgain');
    return user;
  }

  return {
    /** Changes the username, the bio, or both, at once; nothing changes when either is refused. */
    async updateProfile(userId: string, patch: ProfileUpdate): Promise<AuthUser> {
      const now = clock.now();
      try {
        await db.transaction(async (tx) => {
          const current = await lockProfile(tx, userId);
          if (!current) throw new AppError('unauthorized', 'apiErrors.signInAgain');
          const to = patch.username;
          if (to !== undefined && to !== current.username) {
            // The names given up and taken, locked as a sign-up locks the name it takes.
            await lockUsernames(tx, [current.username, to]);
            if (to.toLowerCase() !== current.username.toLowerCase()) {
              const holder = await usernameHolder(tx, to, now);
              if (holder !== null && holder !== userId) throw usernameHeld();
              const owner = await findUserByUsername(tx, to);
              if (owner && owner.id !== userId) throw usernameTaken();
              // Taking a held name back frees its hold as it holds the current one: only a new name counts.
              if (holder !== userId && (await countUsernameHolds(tx, userId, now)) >= USERNAME_HOLDS_MAX) {
                throw new AppError('conflict', 'apiErrors.profile.tooManyNames', {
                  values: { max: USERNAME_HOLDS_MAX, days: USERNAME_HOLD_DAYS },
                  fields: { username: 'apiErrors.profile.tooManyNames' },
                });
              }
            }
            await renameUser(tx, userId, {
              from: current.username,
              to,
              heldUntil: new Date(now.getTime() + USERNAME_HOLD_DAYS * DAY_MS),
            });
          }
          if (patch.bio !== undefined) await setUserBio(tx, userId, patch.bio);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw usernameTaken();
        throw error;
      }
      events.publish({ type: 'user.changed', userId });
      return profileOf(userId);
    },

    /**
     * Checks and re-encodes the upload (nothing is stored when it is refused), stores its two
     * squares, points the account at them with the next version, then deletes the avatar replaced.
     */
    async setAvatar(userId: string, bytes: Buffer): Promise<AvatarAnswer> {
      const { large, small } = await processAvatar(bytes);
      const largeKey = `avatars/${userId}/${randomUUID()}-${AVATAR_SIZES.large}.webp`;
      const keys = avatarKeys(largeKey);
      let replaced: string | null | undefined;
      let answer: AvatarAnswer;
      try {
        await storage.put(keys[0]!, large, 'image/webp');
        await storage.put(keys[1]!, small, 'image/webp');
        answer = await db.transaction(async (tx) => {
          replaced = (await lockProfile(tx, userId))?.avatarUrl;
          return setUserAvatar(tx, userId, mediaUrl(largeKey));
        });
      } catch (error) {
        await Promise.allSettled(keys.map((key) => storage.delete(key)));
        throw error;
      }
      events.publish({ type: 'user.changed', userId });
      await forgetAvatar(userId, replaced);
      return answer;
    },

    /** Removes the avatar (the initial shows again) and its files; the version moves on all the same. */
    async removeAvatar(userId: string): Promise<AvatarAnswer> {
      let replaced: string | null | undefined;
      const answer = await db.transaction(async (tx) => {
        replaced = (await lockProfile(tx, userId))?.avatarUrl;
        return setUserAvatar(tx, userId, null);
      });
      events.publish({ type: 'user.changed', userId });
      await forgetAvatar(userId, replaced);
      return answer;
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
