import type {
  AdminPayout,
  adminPayoutsResponseSchema,
  PayoutSettings,
  PayoutStatement,
  payoutStatementDetailResponseSchema,
} from '@inkwell/contract';
import type { z } from 'zod';
import type { Database } from '../../../../db/client';
import { AppError } from '../../../../lib/app-error';
import { findUserById } from '../../../identity/users';
import { splitByWeights } from '../allocations';
import { monthRange } from '../months';
import {
  findStatementOf,
  incomeOfMonth,
  latestStatementMonth,
  statementsOf,
  statementsOfMonth,
  totalsOfMonth,
  type StatementRow,
} from '../payout-statements.repository';
import { lineValue } from '../statements';

const iso = (moment: Date | string | null) => (moment === null ? null : new Date(moment).toISOString());

function toStatement(row: StatementRow): PayoutStatement {
  return {
    id: row.id,
    month: row.month,
    currency: row.currency as PayoutStatement['currency'],
    earnedCents: row.earnedCents,
    feeCents: row.feeCents,
    adjustmentsCents: row.adjustmentsCents,
    carriedInCents: row.carriedInCents,
    amountCents: row.amountCents,
    carriedOutCents: row.carriedOutCents,
    status: row.status,
    transferId: row.providerTransferId,
    failureReason: row.failureReason,
    createdAt: iso(row.createdAt)!,
    sentAt: iso(row.sentAt),
  };
}

export const toAdminPayout = (row: StatementRow, username: string): AdminPayout => ({
  ...toStatement(row),
  payee: { id: row.payeeId, username },
  attempts: row.attempts,
});

/** ME/payouts: a payee's statements, newest month first. */
export async function myStatements(db: Database, payeeId: string): Promise<{ items: PayoutStatement[] }> {
  return { items: (await statementsOf(db, payeeId)).map(toStatement) };
}

type StatementDetail = z.infer<typeof payoutStatementDetailResponseSchema>['data'];

/**
 * ME/payouts/{month}: the statement and, per series and source, where its earnings came from. The
 * sources are valued as the statement was (coins at the coin value, other currencies at the rates),
 * then fitted to the statement's `earnedCents` by the largest-remainder split, so they always add up
 * to it even after the admin changed a rate.
 */
export async function statementDetail(
  db: Database,
  settings: PayoutSettings,
  payeeId: string,
  month: string,
): Promise<StatementDetail> {
  const row = await findStatementOf(db, payeeId, month);
  if (!row) throw new AppError('not_found', 'apiErrors.payouts.statementNotFound');
  const { from, to } = monthRange(month);
  const [lines, user] = await Promise.all([incomeOfMonth(db, month, from, to, payeeId), findUserById(db, payeeId)]);
  const valued = lines.map((line) => ({ line, value: Math.max(0, lineValue(line, row.currency, settings) ?? 0) }));
  const items = splitByWeights(row.earnedCents, valued, (item) => item.value)
    .map(({ item, amount }) => ({
      seriesId: item.line.series_id,
      seriesTitle: item.line.series_title,
      source: item.line.source,
      earnedCents: amount,
    }))
    .sort((a, b) => b.earnedCents - a.earnedCents || a.seriesTitle.localeCompare(b.seriesTitle));
  return { ...toStatement(row), payee: { username: user?.username ?? '' }, items };
}

type AdminPayouts = z.infer<typeof adminPayoutsResponseSchema>['data'];

/** ADMIN/payouts: a month's statements (the latest month with any when none is asked), failed first, and its totals per currency. */
export async function adminPayouts(
  db: Database,
  query: { month?: string | undefined; status?: StatementRow['status'] | undefined },
): Promise<AdminPayouts> {
  const month = query.month ?? (await latestStatementMonth(db));
  const totals: AdminPayouts['totals'] = { sent: {}, pending: {}, failed: {}, carried: {} };
  if (month === null) return { month: null, items: [], totals };
  const [rows, sums] = await Promise.all([statementsOfMonth(db, month, query.status), totalsOfMonth(db, month)]);
  for (const sum of sums) {
    const add = (bucket: keyof AdminPayouts['totals'], amount: number) => {
      if (amount !== 0) totals[bucket][sum.currency] = (totals[bucket][sum.currency] ?? 0) + amount;
    };
    if (sum.status !== 'carried') add(sum.status, sum.amount);
    add('carried', sum.carried);
  }
  return { month, items: rows.map(({ statement, username }) => toAdminPayout(statement, username)), totals };
}
