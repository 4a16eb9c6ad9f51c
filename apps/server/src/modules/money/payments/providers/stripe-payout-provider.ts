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

/** Stripe's answers that refuse the request itself: a bad request (no balance, an account that cannot receive), a card or account error, no permission, no such account. */
const REFUSING_STATUSES = new Set([400, 402, 403, 404]);

/**
 * Whether Stripe said no for certain, so nothing was sent (decision 0045). Anything else leaves the
 * outcome unknown and is thrown as is, to be asked again under the same key: a connection error, a
 * 5xx, a 401 (the site's keys, not the transfer), a 409 (the key is in use by a request still
 * running, which may yet send), a 429 or a 400 `rate_limit` (too many requests), and a 400
 * `idempotency_error` (the key was used before with other parameters: that first request may have
 * sent). Marking one of these failed would let the admin's retry send again under a new key.
 */
function isRefusal(error: unknown): error is Stripe.errors.StripeError {
  if (!(error instanceof Stripe.errors.StripeError) || error.statusCode === undefined) return false;
  if (error instanceof Stripe.errors.StripeIdempotencyError || error instanceof Stripe.errors.StripeRateLimitError) return false;
  return REFUSING_STATUSES.has(error.statusCode) && error.code !== 'rate_limit';
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
        if (isRefusal(error)) throw new TransferRefused(error.message);
        throw error;
      }
    },
  };
}
