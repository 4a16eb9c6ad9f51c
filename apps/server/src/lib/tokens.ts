import { createHash, randomBytes } from 'node:crypto';

/** A random, URL-safe secret of 256 bits: session tokens, reset tokens. */
export function createSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256, so a leaked table does not leak sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
