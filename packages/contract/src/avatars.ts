// An avatar's two stored squares and their addresses (issue 36 §1), without zod: the top bar draws
// the small square on every page, and a schema built as the first chunk loads would put the schema
// library (25 kB gzip) in every page's first JavaScript and trip the CSP (see ad-pages.ts).

/** The two squares an avatar is stored at: the account page's and the comments' (large), the top bar's (small). */
export const AVATAR_SIZES = { large: 256, small: 64 } as const;
export type AvatarSize = keyof typeof AVATAR_SIZES;

/**
 * An avatar's address at a size, with its version: the stored address is the large square's
 * (`…-256.webp`), the small one sits beside it; `?v=` changes whenever the avatar does, so no
 * browser shows a replaced avatar from its cache (SPEC §3, the avatar cache).
 */
export function avatarSrc(avatarUrl: string, size: AvatarSize = 'large', version?: number): string {
  const url = size === 'large' ? avatarUrl : avatarUrl.replace(`-${AVATAR_SIZES.large}.webp`, `-${AVATAR_SIZES.small}.webp`);
  return version === undefined ? url : `${url}${url.includes('?') ? '&' : '?'}v=${version}`;
}
