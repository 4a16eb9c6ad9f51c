import { createHmac, timingSafeEqual } from 'node:crypto';

/** Signed page URLs live for one to two windows; within a window the URL stays the same, so browsers cache it. */
const SIGNED_URL_WINDOW_SECONDS = 30 * 60;

export function createUrlSigner(secret: string) {
  const key = createHmac('sha256', secret).update('inkwell media urls').digest();
  const signature = (path: string, expires: number) =>
    createHmac('sha256', key).update(`${path}\n${expires}`).digest('base64url');
  return {
    /** `/media/<key>?exp=…&sig=…`, valid until the end of the next window. */
    sign(path: string, now: Date): string {
      const seconds = Math.floor(now.getTime() / 1000);
      const expires = (Math.floor(seconds / SIGNED_URL_WINDOW_SECONDS) + 2) * SIGNED_URL_WINDOW_SECONDS;
      return `${path}?exp=${expires}&sig=${signature(path, expires)}`;
    },
    /** Seconds left, or null when the signature is wrong or has expired. */
    verify(path: string, expires: string | undefined, sig: string | undefined, now: Date): number | null {
      if (!expires || !sig || !/^\d{1,12}$/.test(expires)) return null;
      const left = Number(expires) - Math.floor(now.getTime() / 1000);
      if (left <= 0) return null;
      const expected = Buffer.from(signature(path, Number(expires)));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given) ? left : null;
    },
  };
}
export type UrlSigner = ReturnType<typeof createUrlSigner>;
