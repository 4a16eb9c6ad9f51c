import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@inkwell/contract';

/**
 * The authenticator secrets are kept sealed (AES-256-GCM) under a key derived from the session
 * secret, so a copy of the database alone does not give them away. The user's id is the
 * additional data: a sealed secret copied onto another account does not open there.
 */
export function createSecretBox(sessionSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', sessionSecret, 'inkwell', 'two-factor secrets', 32));
  return {
    seal(plain: string, userId: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(userId));
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
    },
    /** The secret, or null when it was sealed under another key (the session secret changed) or for someone else. */
    open(sealed: string, userId: string): string | null {
      const [version, iv, tag, body, ...rest] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || !body || rest.length > 0) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(userId));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The second step of a sign-in, without server state: `{userId}.{expires}.{hmac}`. The HMAC also
 * covers the password hash, so a challenge dies with a password change.
 */
export function createChallenges(sessionSecret: string) {
  const key = createHmac('sha256', sessionSecret).update('inkwell two-factor challenges').digest();
  const signature = (userId: string, expires: number, passwordHash: string) =>
    createHmac('sha256', key).update(`two-factor\n${userId.toLowerCase()}\n${expires}\n${passwordHash}`).digest('base64url');
  return {
    issue(user: { id: string; passwordHash: string }, expiresAt: Date): string {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      return `${user.id}.${expires}.${signature(user.id, expires, user.passwordHash)}`;
    },
    /** Who the challenge names, if it is well formed and unexpired; its signature is checked with `matches`. */
    read(token: string, now: Date): { userId: string; expires: number; sig: string } | null {
      const [userId, expires, sig, ...rest] = token.split('.');
      if (!userId || !expires || !sig || rest.length > 0 || !UUID.test(userId) || !/^\d{1,12}$/.test(expires)) return null;
      if (Number(expires) * 1000 <= now.getTime()) return null;
      return { userId: userId.toLowerCase(), expires: Number(expires), sig };
    },
    matches(read: { userId: string; expires: number; sig: string }, passwordHash: string): boolean {
      const expected = Buffer.from(signature(read.userId, read.expires, passwordHash));
      const given = Buffer.from(read.sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

/** Crockford's base32: no i, l, o or u, so a code copied by hand is hard to get wrong. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const RECOVERY_CODE_LENGTH = 16;

/** Ten codes of 80 random bits each, shown as `xxxx-xxxx-xxxx-xxxx`. */
export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    let code = '';
    for (let i = 0; i < RECOVERY_CODE_LENGTH; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
    return code.match(/.{4}/g)!.join('-');
  });
}

/** A code as typed: case, spaces and dashes ignored; o read as 0, i and l as 1. */
export function normalizeRecoveryCode(typed: string): string {
  return typed
    .toLowerCase()
    .replace(/[^0-9a-z]/g, '')
    .replace(/o/g, '0')
    .replace(/[il]/g, '1');
}

/**
 * Stored as SHA-256 of the user's id and the code: the codes are random and long, so a fast hash
 * does not make them guessable, and the id keeps one account's hashes from matching another's.
 */
export function hashRecoveryCode(userId: string, code: string): string {
  return createHash('sha256')
    .update(`inkwell recovery code\n${userId.toLowerCase()}\n${normalizeRecoveryCode(code)}`)
    .digest('hex');
}
