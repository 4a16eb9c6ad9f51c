// Coins (DESIGN §5, decision 0009): the append-only ledger (`moveCoins`, the only way coins move),
// unlocking chapters with them (and renting them: issue 22 §1), and which of a page's chapters a
// reader has unlocked. What series' payees earn of it is `payouts`' (an unlock's split is passed in).
// payments, subscriptions, payouts and admin-users: coins moved (the one command), a balance locked in their transaction.
export { lockBalance, moveCoins } from './commands/move-coins';
// payments (refunds, the finance page) and admin-users (a reader's wallet, one entry): the ledger read.
export { coinsCreditedBy, findLedgerEntry, ledgerTotals, walletPage } from './queries/ledger';
export { createUnlockLookup, type UnlockLookup } from './unlock-lookup';
export { createUnlocks, type Unlocks } from './unlocks.service';
export { toWalletEntry } from './wallet.presenter';
export { walletRoutes } from './wallet.routes';
export { createWallet } from './wallet.service';
export {
  freeWaysOf,
  hasDailyFree,
  NO_RENTALS,
  offersFor,
  passAvailableAt,
  passOpens,
  type LadderSettings,
  type RentalState,
} from './ladder';
// catalogue (a chapter's offers) and notifications (free-chapter alerts): when a reader last rented in a series.
export { latestRentals } from './queries/rentals';
export { walletForExport } from './queries/account-export';
export { forfeitWalletOf } from './commands/account-erasure';
