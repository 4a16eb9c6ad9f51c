import { CREDIT_ROLES, type Credit } from '@inkwell/contract';

/**
 * A chapter's credits as readers see them (issue 37 §2, decision 0042): for each role, in the order
 * roles are shown, the chapter's own credits of that role when it names any, else its series'.
 * A chapter that names a translator keeps its series' writer and artist.
 */
export function effectiveCredits(own: readonly Credit[], defaults: readonly Credit[]): Credit[] {
  return CREDIT_ROLES.flatMap((role) => {
    const mine = own.filter((credit) => credit.role === role);
    return mine.length > 0 ? mine : defaults.filter((credit) => credit.role === role);
  });
}
