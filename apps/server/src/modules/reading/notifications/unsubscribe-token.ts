import { createHmac, timingSafeEqual } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The one-click unsubscribe link of notification mail: the reader's id and an HMAC of it (a key
 * derived from the session secret, as signed page URLs do). It never expires, so the link in an old
 * mail still works, and it can only ever turn new-chapter e-mail off.
 */
export function createUnsubscribeTokens(secret: string) {
  const key = createHmac('sha256', secret).update('inkwell unsubscribe links').digest();
  const signature = (userId: string) =>
    createHmac('sha256', key).update(`new-chapter-email\n${userId.toLowerCase()}`).digest('base64url');
  return {
    tokenFor(userId: string): string {
      return `${userId}.${signature(userId)}`;
    },
    /** The reader the token was made for, or null when it is malformed or not ours. */
    verify(token: string | undefined): string | null {
      if (!token || token.length > 200) return null;
      const [userId, sig, ...rest] = token.split('.');
      if (!userId || !sig || rest.length > 0 || !UUID.test(userId)) return null;
      const expected = Buffer.from(signature(userId));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given) ? userId.toLowerCase() : null;
    },
  };
}
export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
