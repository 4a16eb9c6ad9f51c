import type { PayoutSettings } from '@inkwell/contract';
import type { Database } from '../../../db/client';
import { findUserById } from '../../identity/users';
import type { StatementRow } from './payout-statements.repository';
import { adminPayouts, myStatements, statementDetail } from './queries/statements';

/** The statements' reads (issue 38 §2): a payee's list and month, and the admin's month. */
export function createPayoutStatements(deps: { db: Database; payoutSettings: () => Promise<PayoutSettings> }) {
  const { db } = deps;
  return {
    mine: (payeeId: string) => myStatements(db, payeeId),
    detail: async (payeeId: string, month: string) => statementDetail(db, await deps.payoutSettings(), payeeId, month),
    admin: (query: { month?: string | undefined; status?: StatementRow['status'] | undefined }) => adminPayouts(db, query),
    payeeName: async (payeeId: string) => (await findUserById(db, payeeId))?.username ?? '',
  };
}
export type PayoutStatements = ReturnType<typeof createPayoutStatements>;
