import { CREDIT_ROLES, CREDITS_MAX, type CreditRole } from '@inkwell/contract';
import type { PlannedCredit } from '../plan';

/** "A, B; C" → each an item: a genre list ("Action & Adventure" stays one). */
export const splitList = (text: string) =>
  text
    .split(/\s*[,;]\s*/)
    .map((item) => item.trim().slice(0, 60))
    .filter(Boolean);

/** "A, B & C" → each a name: ComicInfo and OPFs list several people in one field. */
export const splitNames = (text: string) =>
  text
    .split(/\s*[,;&]\s*|\s+and\s+/)
    .map((name) => name.trim().slice(0, 120))
    .filter(Boolean);

/** Credits once each (same role and name), in the order roles are shown, at most as many as a series or chapter takes. */
export function uniqueCredits(credits: PlannedCredit[]): PlannedCredit[] {
  const seen = new Set<string>();
  return credits
    .filter((credit) => {
      const key = `${credit.role}\n${credit.name.toLowerCase()}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => CREDIT_ROLES.indexOf(a.role) - CREDIT_ROLES.indexOf(b.role))
    .slice(0, CREDITS_MAX);
}

export const creditsOf = (role: CreditRole, text: string): PlannedCredit[] => splitNames(text).map((name) => ({ role, name }));
