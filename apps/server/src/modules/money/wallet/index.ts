// Coins (DESIGN §5, decision 0009): the append-only ledger (`moveCoins`, the only way coins move),
// unlocking chapters with them (and renting them: issue 22 §1), and which of a page's chapters a
// reader has unlocked. What series' payees earn of it is `payouts`' (an unlock's split is passed in).
export { coinsCreditedBy, findLedgerEntry, ledgerTotals, lockBalance, moveCoins, walletPage } from './ledger.repository';
export { createUnlockLookup, type UnlockLookup } from './unlock-lookup';
export { createUnlocks, type Unlocks } from './unlocks.service';
export { toWalletEntry } from './wallet.presenter';
export { walletRoutes } from './wallet.routes';
export { createWallet } from './wallet.service';
export { freeWaysOf, hasDailyFree, NO_RENTALS, offersFor, passAvailableAt, passOpens, type LadderSettings } from './ladder';
export { latestRentals } from './unlocks.repository';
