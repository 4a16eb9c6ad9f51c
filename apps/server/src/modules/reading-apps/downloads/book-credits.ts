import type { CreditRole } from '@inkwell/contract';

/** A credit as a file names it: a role and the name the team wrote (no account: a file outlives a username). */
export interface BookCredit {
  role: CreditRole;
  name: string;
}

/**
 * The names of one role, joined as ComicInfo and a list show them ("Ada Quill, Bo Ink"); `fallback`
 * (the series' old free-text author or artist) when the credits name nobody in that role.
 */
export const namesOf = (credits: readonly BookCredit[] | undefined, role: CreditRole, fallback = '') => {
  const names = (credits ?? []).filter((credit) => credit.role === role).map((credit) => credit.name);
  return names.length > 0 ? names.join(', ') : fallback;
};

/** "Vol. 2 · Ch. 15": how a chapter in a volume is named in a file's title; the chapter alone without one. */
export const volumePrefix = (volume: number | null | undefined) =>
  volume === null || volume === undefined ? '' : `Vol. ${volume} · `;
