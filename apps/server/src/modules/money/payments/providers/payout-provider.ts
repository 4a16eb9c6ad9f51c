/**
 * Paying payees (issue 38 §2, decision 0045): a connected account per payee, the provider's
 * onboarding page for it, its state, and one transfer per statement. Stripe Connect (Express
 * accounts, Account Links, transfers) when Stripe is configured, else the built-in test provider.
 * Like the checkout providers, these only talk to the outside; what a transfer means here is the
 * payouts module's.
 */
export interface PayoutProvider {
  readonly name: 'test' | 'stripe';
  /** A new connected account for a payee, paid in `currency`; the same key gives back the same account. */
  createAccount(input: { userId: string; email: string; currency: string }): Promise<{ accountId: string }>;
  /** Where the payee finishes (or resumes) setting the account up; they come back to `returnUrl`. */
  onboardingUrl(input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<string>;
  /** What the provider says of the account now: whether it can receive transfers, and in what currency. */
  account(accountId: string): Promise<PayoutAccountState>;
  /**
   * Sends `amountCents` (the currency's minor unit) to the account. The same `idempotencyKey` never
   * sends twice. Throws `TransferRefused` when the provider said no (nothing was sent); any other
   * error leaves the outcome unknown, to be asked again with the same key.
   */
  transfer(input: {
    accountId: string;
    amountCents: number;
    currency: string;
    idempotencyKey: string;
    /** What the transfer is for, kept with it at the provider. */
    metadata: Record<string, string>;
  }): Promise<{ transferId: string }>;
}

export interface PayoutAccountState {
  status: 'pending' | 'active';
  currency: string | null;
  country: string | null;
}

/** The provider refused a transfer: nothing moved, and the statement shows `reason` to the admin. */
export class TransferRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'TransferRefused';
  }
}
