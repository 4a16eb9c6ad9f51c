import Stripe from 'stripe';
import type { PayoutAccountState, PayoutProvider } from './payout-provider';
import { TransferRefused } from './payout-provider';

/** What Stripe says of a connected account: active once it can receive transfers and be paid out. */
function stripeAccountState(account: Stripe.Account): PayoutAccountState {
  const active = account.payouts_enabled === true && account.capabilities?.transfers === 'active';
  return {
    status: active ? 'active' : 'pending',
    currency: account.default_currency ?? null,
    country: account.country ?? null,
  };
}

/**
 * Stripe Connect for payouts (issue 38 §2, decision 0045): an Express connected account per payee
 * (asking for the `transfers` capability), Stripe's hosted onboarding through an Account Link, and a
 * transfer from the platform's balance to the account for each statement, under its idempotency key.
 */
export function createStripePayoutProvider(stripe: Stripe): PayoutProvider {
  return {
    name: 'stripe',

    async createAccount({ userId, email, currency }) {
      const account = await stripe.accounts.create(
        {
          type: 'express',
          email,
          default_currency: currency,
          capabilities: { transfers: { requested: true } },
          metadata: { userId },
        },
        // A payee's double click makes one account.
        { idempotencyKey: `payout-account:${userId}` },
      );
      return { accountId: account.id };
    },

    async onboardingUrl({ accountId, returnUrl, refreshUrl }) {
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        return_url: returnUrl,
        refresh_url: refreshUrl,
      });
      return link.url;
    },

    async account(accountId) {
      return stripeAccountState(await stripe.accounts.retrieve(accountId));
    },

    async transfer({ accountId, amountCents, currency, idempotencyKey, metadata }) {
      try {
        const transfer = await stripe.transfers.create(
          { amount: amountCents, currency, destination: accountId, metadata },
          { idempotencyKey },
        );
        return { transferId: transfer.id };
      } catch (error) {
        // Stripe answered no (a 4xx: no balance, an account that cannot receive): nothing was sent.
        // A connection error or a 5xx leaves the outcome unknown: thrown as is, retried with the same key.
        if (error instanceof Stripe.errors.StripeError && error.statusCode !== undefined && error.statusCode < 500)
          throw new TransferRefused(error.message);
        throw error;
      }
    },
  };
}
