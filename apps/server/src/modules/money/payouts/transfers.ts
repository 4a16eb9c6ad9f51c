import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { type AuditContext, recordAuditEntry } from '../../team/audit';
import { type PayoutProvider, TransferRefused } from '../payments';
import { findPayoutAccount, findStatement, moveStatement, type StatementRow } from './payout-statements.repository';

/**
 * The transfer's idempotency key: the payee and the month, so however often the job runs (two
 * instances, pg-boss retries, a timeout whose outcome is unknown) the provider makes one transfer. An
 * admin's retry after a refusal is a new attempt: a provider keeps a refused request's answer under
 * its key, so each retry adds its number.
 */
const transferKey = (statement: Pick<StatementRow, 'payeeId' | 'month' | 'attempts'>) =>
  `payout-${statement.payeeId}-${statement.month}${statement.attempts > 0 ? `-retry${statement.attempts}` : ''}`;

interface TransferDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  provider: PayoutProvider;
}

/**
 * Sends a pending statement's transfer (the `payouts.send-transfer` job): asks the provider under
 * the statement's key, then marks it `sent` with the transfer's id, or `failed` with the provider's
 * reason, each by a conditional update from `pending` at the attempt read (`attempts`), so two runs
 * record it once and a slow earlier attempt never overwrites a retry's outcome. A statement not
 * pending any more is left as it is; an error whose outcome is unknown is thrown for the job's retry
 * (same key).
 */
async function send({ db, clock, logger, provider }: TransferDeps, statementId: string): Promise<StatementRow | undefined> {
  const statement = await findStatement(db, statementId);
  if (!statement || statement.status !== 'pending') return statement;
  const account = await findPayoutAccount(db, statement.payeeId);
  const fail = async (reason: string) =>
    (await moveStatement(db, statement.id, 'pending', {
      status: 'failed',
      failureReason: reason,
      attempt: statement.attempts,
      now: clock.now(),
    })) ?? (await findStatement(db, statementId));
  if (!account || account.status !== 'active') return fail('The payee has no active payout account');
  if (account.provider !== provider.name) return fail(`The payout account is with ${account.provider}, not ${provider.name}`);
  if (account.currency !== statement.currency)
    return fail(`The payout account is in ${account.currency}, the statement in ${statement.currency}`);
  try {
    const { transferId } = await provider.transfer({
      accountId: account.providerAccountId,
      amountCents: statement.amountCents,
      currency: statement.currency,
      idempotencyKey: transferKey(statement),
      metadata: { statementId: statement.id, payeeId: statement.payeeId, month: statement.month },
    });
    const now = clock.now();
    const sent = await moveStatement(db, statement.id, 'pending', {
      status: 'sent',
      provider: provider.name,
      providerTransferId: transferId,
      failureReason: null,
      sentAt: now,
      attempt: statement.attempts,
      now,
    });
    if (sent) return sent;
    const current = await findStatement(db, statementId);
    if (current?.providerTransferId !== transferId)
      logger.error(
        { statementId, transferId, attempt: statement.attempts, status: current?.status },
        'a payout transfer was made under an attempt the statement has moved past; check it with the provider before retrying',
      );
    return current;
  } catch (error) {
    if (error instanceof TransferRefused) return fail(error.reason);
    throw error;
  }
}

/** Transfers of statements: the job's send and the admin's retry of a failed one (audited). */
export function createPayoutTransfers(deps: TransferDeps) {
  return {
    send: (statementId: string) => send(deps, statementId),
    /**
     * Retries a failed transfer: `failed → pending` once (a second click finds it pending: 409), with
     * the admin's audit entry, then sends it now. If the provider does not answer, the statement
     * stays pending and the hourly close sends it again under the same key (`resendStalePending`).
     */
    async retry(statementId: string, audit: AuditContext): Promise<StatementRow> {
      const { db, clock, logger } = deps;
      const found = await findStatement(db, statementId);
      if (!found) throw new AppError('not_found', 'apiErrors.payouts.notFound');
      await db.transaction(async (tx) => {
        const claimed = await moveStatement(tx, statementId, 'failed', { status: 'pending', now: clock.now() });
        if (!claimed) throw new AppError('conflict', 'apiErrors.payouts.notFailed');
        await recordAuditEntry(tx, audit, {
          target: { type: 'payout', id: statementId, label: `${found.month} ${found.amountCents} ${found.currency}` },
          changes: [{ field: 'Status', from: 'failed', to: 'pending' }],
          details: null,
        });
      });
      let result: StatementRow | undefined;
      try {
        result = await send(deps, statementId);
      } catch (error) {
        logger.warn({ err: error, statementId }, 'a payout retry did not hear back from the provider; its job will ask again');
        throw new AppError('payment_provider_error', 'apiErrors.payouts.providerNotAnswering');
      }
      if (result?.status === 'failed') throw new AppError('payment_provider_error', 'apiErrors.payouts.transferRefused');
      return result!;
    },
  };
}
export type PayoutTransfers = ReturnType<typeof createPayoutTransfers>;
