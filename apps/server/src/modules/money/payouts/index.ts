// Creator payouts (issue 22 §2, decisions 0029 and 0030): a series' payees and their shares, each
// coin debit split among them in its own transaction (`allocate`, which `wallet` is handed for
// unlocks), gifts and supporters, a payee's earnings, and the month close that shares subscriptions.
export { allocate } from './allocations';
// payments: a tier payment's parts for the series' payees, and their taking back by a refund (issue 38 §1).
export { allocateTierIncome, refundTierIncome } from './commands/tier-income';
export { createPayoutMonths } from './payout-months';
export { createPayouts } from './payouts.service';
export { payoutsRoutes } from './payouts.routes';
export { payoutsForExport } from './queries/account-export';
export { eraseGiftMessagesOf } from './commands/account-erasure';
// Issue 38 §2: payout accounts, the monthly statements and their transfers.
export { createPayoutAccounts } from './payout-accounts';
export { createPayoutStatements } from './payout-statements.service';
export { createPayoutTransfers } from './transfers';
export { payoutStatementsRoutes } from './statements.routes';
