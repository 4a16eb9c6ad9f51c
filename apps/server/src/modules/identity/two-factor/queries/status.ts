import type { TwoFactorStatus } from '@inkwell/contract';
import type { Database } from '../../../../db/client';
import { userOf } from '../two-factor.checks';
import { countUnusedRecoveryCodes } from '../two-factor.repository';

/** Whether two-factor sign-in is on for the account, and how many recovery codes are left. */
export async function twoFactorStatus(db: Database, userId: string): Promise<TwoFactorStatus> {
  const user = await userOf(db, userId);
  const enabled = user.totpEnabledAt !== null;
  return { enabled, recoveryCodesLeft: enabled ? await countUnusedRecoveryCodes(db, userId) : 0 };
}
