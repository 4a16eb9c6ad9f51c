// The reader's own profile (issue 36 §1): their username and a few words about themself, and their
// avatar. Usernames follow the sign-up's rules (auth.ts: `chosenUsernameSchema`).
import { z } from 'zod';
import { chosenUsernameSchema } from './auth';
import { envelope } from './errors';

/** A bio is a few words: at most this many characters, plain text. */
export const BIO_MAX_LENGTH = 300;
/** An avatar upload is at most this many bytes. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** An avatar narrower or shorter than this many pixels is refused: it would show as a blur. */
export const AVATAR_MIN_SIDE = 64;
/** A username given up stays its former owner's for this many days: nobody else may take it. */
export const USERNAME_HOLD_DAYS = 30;
/**
 * At most this many names given up are held for one reader at a time: past it, they take one back
 * or wait until one is free, so nobody hoards names by changing theirs again and again.
 */
export const USERNAME_HOLDS_MAX = 3;

/** Plain text, trimmed, at most BIO_MAX_LENGTH characters; line breaks kept (as \n), no other control characters. */
export const bioSchema = z
  .string({ error: 'validation.bioText' })
  .transform((bio) => bio.replace(/\r\n?/g, '\n').trim())
  .pipe(
    z
      .string()
      .max(BIO_MAX_LENGTH, 'validation.bioMax')
      // eslint-disable-next-line no-control-regex
      .regex(/^[^\u0000-\u0009\u000b-\u001f\u007f]*$/, 'validation.bioText'),
  );

/** PATCH ME/profile: either or both; the answer is the profile as it now is. */
export const profileUpdateSchema = z
  .strictObject({
    username: chosenUsernameSchema.optional(),
    bio: bioSchema.optional(),
  })
  .refine((patch) => patch.username !== undefined || patch.bio !== undefined, 'validation.nothingToChange');
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** PUT and DELETE ME/avatar: the avatar's address (null: none) and its new version. */
export const avatarSchema = z.object({ avatarUrl: z.string().nullable(), avatarVersion: z.number().int().nonnegative() });
export type AvatarAnswer = z.infer<typeof avatarSchema>;
export const avatarResponseSchema = envelope(avatarSchema);
