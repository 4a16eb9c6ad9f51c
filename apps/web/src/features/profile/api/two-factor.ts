import { queryOptions } from '@tanstack/react-query';
import { callApiData } from '../../../lib/api-client';

export const twoFactorKey = ['two-factor'] as const;

/** Whether two-factor sign-in is on, and how many recovery codes are left (issue 10 §2). */
export const twoFactorStatusQuery = () => queryOptions({ queryKey: twoFactorKey, queryFn: () => callApiData('twoFactorStatus') });

/** A new proposed secret (manual key, otpauth URI, QR code); not in force until a code confirms it. */
export function startTwoFactorSetup() {
  return callApiData('twoFactorSetup');
}

/** Confirms the proposed secret with a first code; answers the recovery codes, once. */
export function enableTwoFactor(code: string) {
  return callApiData('twoFactorEnable', { body: { code } });
}

/** Needs the password and a code from the app or a recovery code. */
export function disableTwoFactor(password: string, code: string) {
  return callApiData('twoFactorDisable', { body: { password, code } });
}

/** A new set of recovery codes; the old set stops working. */
export function regenerateRecoveryCodes(code: string) {
  return callApiData('twoFactorRecoveryCodes', { body: { code } });
}
