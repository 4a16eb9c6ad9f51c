import type { PayoutSettings } from '@inkwell/contract';
import type { Database } from '../../../db/client';
import type { Jobs } from '../../platform/jobs';
import { coinsWorth, convert, feeOn } from './conversion';
import { monthRange } from './months';
import {
  carriedBefore,
  carryFailedStatement,
  closedMonths,
  incomeOfMonth,
  insertStatement,
  lateTierRefunds,
  payeesWithStatement,
  payoutAccountsOf,
  stalePendingStatements,
  type IncomeLine,
  type PayoutAccountRow,
} from './payout-statements.repository';

type Refund = Awaited<ReturnType<typeof lateTierRefunds>>[number];

/** A line of income in the statement's currency, before the fee; null when a rate is missing. */
export function lineValue(line: IncomeLine, currency: string, settings: PayoutSettings): number | null {
  if (line.source === 'coins')
    return convert(coinsWorth(line.amount, settings.coinValueCents), settings.currency, currency, settings);
  return convert(line.amount, line.currency!, currency, settings);
}

/** The currency a payee's statement is in: their account's, else the payout currency. */
const statementCurrency = (account: PayoutAccountRow | undefined, settings: PayoutSettings) =>
  account?.currency ?? settings.currency;

/**
 * One payee's statement of a month (decision 0045), or null while some of it has no exchange rate
 * (it waits, and so do the payee's later months). Each line is converted to the statement's currency
 * (rounded toward zero) and the month's fee taken from it (rounded down). A refund of a tier payment
 * from an earlier month takes back what that payment brought after its own month's fee. The balance
 * (earned − fee + adjustments + carried in) is sent when the account is active and it reaches the
 * minimum; otherwise all of it, even below zero, is carried on.
 */
function statementFor(input: {
  month: string;
  feePercent: number;
  feeOfMonth: (month: string) => number;
  settings: PayoutSettings;
  lines: IncomeLine[];
  refunds: Refund[];
  carried: { currency: string; carried_out_cents: number } | undefined;
  account: PayoutAccountRow | undefined;
}) {
  const { settings, account } = input;
  const currency = statementCurrency(account, settings);
  let earned = 0;
  let fee = 0;
  for (const line of input.lines) {
    const value = lineValue(line, currency, settings);
    if (value === null) return null;
    earned += value;
    fee += feeOn(value, input.feePercent);
  }
  let adjustments = 0;
  for (const refund of input.refunds) {
    const value = convert(-refund.amount, refund.currency, currency, settings);
    if (value === null) return null;
    adjustments -= value - feeOn(value, input.feeOfMonth(refund.paid_month));
  }
  const carriedIn = input.carried ? convert(input.carried.carried_out_cents, input.carried.currency, currency, settings) : 0;
  const minimum = convert(settings.minimumCents, settings.currency, currency, settings);
  if (carriedIn === null || minimum === null) return null;
  const balance = earned - fee + adjustments + carriedIn;
  const send = account?.status === 'active' && balance > 0 && balance >= minimum;
  return {
    month: input.month,
    currency,
    earnedCents: earned,
    feeCents: fee,
    adjustmentsCents: adjustments,
    carriedInCents: carriedIn,
    amountCents: send ? balance : 0,
    carriedOutCents: send ? 0 : balance,
    status: send ? ('pending' as const) : ('carried' as const),
    provider: send ? account!.provider : null,
  };
}

/** The failed statement a payee's new one would carry was retried meanwhile: this run writes none. */
class RetriedMeanwhile extends Error {}

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

/**
 * Writes the statements of the closed months still missing one, oldest first (part of the
 * `payouts.close-month` job, after the month's shares are written). Each payee with income, a
 * late refund or a balance carried from before gets one statement per month, written once
 * (payee+month is unique; a second instance's insert does nothing) in a transaction that also queues
 * its transfer when there is one to send. A payee whose month waits for an exchange rate is left
 * out of the later months too, so a balance is always carried in from the month before.
 */
export async function writeStatements(deps: {
  db: Database;
  jobs: Pick<Jobs, 'send'>;
  payoutSettings: () => Promise<PayoutSettings>;
  now: Date;
}): Promise<number> {
  const { db, jobs, now } = deps;
  const settings = await deps.payoutSettings();
  const months = await closedMonths(db);
  const fees = new Map(months.map((row) => [row.month, row.feePercent]));
  const waiting = new Set<string>();
  let written = 0;
  for (const { month, feePercent } of months) {
    const { from, to } = monthRange(month);
    const [lines, refunds, carried, done, accounts] = await Promise.all([
      incomeOfMonth(db, month, from, to),
      lateTierRefunds(db, from, to),
      carriedBefore(db, month),
      payeesWithStatement(db, month),
      payoutAccountsOf(db),
    ]);
    const carriedBy = new Map(carried.map((row) => [row.payee_id, row]));
    const linesBy = groupBy(lines, (line) => line.payee_id);
    const refundsBy = groupBy(refunds, (refund) => refund.payee_id);
    const payees = new Set([
      ...lines.map((line) => line.payee_id),
      ...refunds.map((refund) => refund.payee_id),
      ...carried.filter((row) => row.carried_out_cents !== 0 || row.failed_id).map((row) => row.payee_id),
    ]);
    for (const payeeId of [...payees].sort()) {
      if (done.has(payeeId) || waiting.has(payeeId)) continue;
      const statement = statementFor({
        month,
        feePercent,
        feeOfMonth: (paid) => fees.get(paid) ?? feePercent,
        settings,
        lines: linesBy.get(payeeId) ?? [],
        refunds: refundsBy.get(payeeId) ?? [],
        carried: carriedBy.get(payeeId),
        account: accounts.get(payeeId),
      });
      if (statement === null) {
        waiting.add(payeeId);
        continue;
      }
      const failedId = carriedBy.get(payeeId)?.failed_id ?? null;
      const inserted = await db
        .transaction(async (tx) => {
          const row = await insertStatement(tx, { payeeId, ...statement });
          // The month before failed and is still failed: its amount is in this statement's carried-in,
          // so it is marked carried here; if the admin's retry took it meanwhile, nothing is written
          // (the next run counts it as it is then).
          if (row && failedId && !(await carryFailedStatement(tx, failedId, now))) throw new RetriedMeanwhile();
          // No singletonKey: the queue has pg-boss v10's default `standard` policy, which keeps no job
          // unique by it (only the short/singleton/stately/exclusive policies do). Two jobs for one
          // statement are harmless: both send under the same idempotency key (one transfer), and the
          // outcome is recorded by a conditional update at the attempt read (transfers.ts).
          if (row?.status === 'pending') await jobs.send('payouts.send-transfer', { statementId: row.id }, { tx });
          return row;
        })
        .catch((error: unknown) => {
          if (error instanceof RetriedMeanwhile) return null;
          throw error;
        });
      if (inserted) written += 1;
    }
  }
  return written;
}

/** A pending transfer is asked again after this long (its job died with its instance, or a retry's request went unanswered). */
const STALE_PENDING_MS = 15 * 60_000;

/**
 * Queues again the transfers of statements pending for a while (part of the hourly close). Safe
 * however often it runs: the transfer's key is the same, and only a pending statement is sent.
 */
export async function resendStalePending({
  db,
  jobs,
  now,
}: {
  db: Database;
  jobs: Pick<Jobs, 'send'>;
  now: Date;
}): Promise<number> {
  const ids = await stalePendingStatements(db, new Date(now.getTime() - STALE_PENDING_MS));
  // A job may still be queued for one of them: a second is harmless (see writeStatements).
  for (const statementId of ids) await jobs.send('payouts.send-transfer', { statementId });
  return ids.length;
}
