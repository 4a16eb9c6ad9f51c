import type { Currency, PayoutAccount, PayoutSettings } from '@inkwell/contract';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { PayoutProvider } from '../payments';
import { convert } from './conversion';
import {
  findPayoutAccount,
  findPayoutAccountByProviderId,
  insertPayoutAccount,
  updatePayoutAccount,
  type PayoutAccountRow,
} from './payout-statements.repository';
import { hasEarnings } from './payouts.repository';

interface AccountDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  provider: PayoutProvider;
  payoutSettings: () => Promise<PayoutSettings>;
  publicUrl: string;
}

/** The page a payee comes back to from the provider's onboarding. */
const PAYOUTS_PAGE = '/account/payouts';

/**
 * A payee's payout account (issue 38 §2): none until they start, then `pending` until the provider
 * says it can receive transfers, then `active`. With Stripe, onboarding is Stripe's hosted page (an
 * Account Link) and the state comes from `account.updated` or from asking Stripe when the payee looks
 * while it is pending; with the test provider, its test page's button makes it active at once.
 */
export function createPayoutAccounts(deps: AccountDeps) {
  const { db, clock, provider } = deps;

  async function answer(row: PayoutAccountRow | undefined): Promise<PayoutAccount> {
    const settings = await deps.payoutSettings();
    const currency = row?.currency ?? settings.currency;
    // The minimum in the account's currency; in the payout currency while no rate converts it.
    const converted = convert(settings.minimumCents, settings.currency, currency, settings);
    return {
      status: row?.status ?? 'none',
      provider: row?.provider ?? null,
      currency: (row?.currency ?? null) as PayoutAccount['currency'],
      minimumCents: converted ?? settings.minimumCents,
      minimumCurrency: (converted === null ? settings.currency : currency) as Currency,
    };
  }

  /** Takes what the provider says of an account into its row (status, currency, country). */
  async function sync(row: PayoutAccountRow): Promise<PayoutAccountRow> {
    const state = await provider.account(row.providerAccountId);
    if (
      state.status === row.status &&
      (state.currency ?? row.currency) === row.currency &&
      (state.country ?? row.country) === row.country
    )
      return row;
    return (
      (await updatePayoutAccount(
        db,
        row.userId,
        { status: state.status, currency: state.currency ?? row.currency, country: state.country ?? row.country },
        clock.now(),
      )) ?? row
    );
  }

  return {
    /** GET ME/payout-account; a pending Stripe account is asked about first (the payee may be back from onboarding). */
    async status(userId: string): Promise<PayoutAccount> {
      let row = await findPayoutAccount(db, userId);
      if (row?.status === 'pending' && row.provider === 'stripe' && provider.name === 'stripe') {
        try {
          row = await sync(row);
        } catch (error) {
          deps.logger.warn({ err: error, userId }, 'could not ask Stripe about a payout account; it stays pending');
        }
      }
      return answer(row);
    },

    /** POST ME/payout-account: makes the account on the first call (in `currency`, else the payout currency), then answers its onboarding page. */
    async start(user: { id: string; email: string }, currency?: string): Promise<{ onboardingUrl: string }> {
      // Only a payee (of some series now, or with earnings) has anything to be paid: no account for anyone else.
      if (!(await hasEarnings(db, user.id))) throw new AppError('forbidden', 'apiErrors.payouts.notPayee');
      try {
        let row = await findPayoutAccount(db, user.id);
        if (!row) {
          const settings = await deps.payoutSettings();
          const chosen = currency ?? settings.currency;
          const { accountId } = await provider.createAccount({ userId: user.id, email: user.email, currency: chosen });
          row = await insertPayoutAccount(db, {
            userId: user.id,
            provider: provider.name,
            providerAccountId: accountId,
            currency: chosen,
          });
        }
        const absolute = (path: string) => new URL(path, deps.publicUrl).toString();
        const onboardingUrl = await provider.onboardingUrl({
          accountId: row.providerAccountId,
          returnUrl: absolute(PAYOUTS_PAGE),
          refreshUrl: absolute(`${PAYOUTS_PAGE}?onboarding=expired`),
        });
        return { onboardingUrl };
      } catch (error) {
        if (error instanceof AppError) throw error;
        deps.logger.error({ err: error, userId: user.id }, 'could not start payout onboarding');
        throw new AppError('payment_provider_error', 'apiErrors.payouts.onboardingUnavailable');
      }
    },

    /** POST testPayoutOnboardingComplete: the test provider's page finishes onboarding at once. */
    async completeTest(userId: string): Promise<PayoutAccount> {
      if (provider.name !== 'test') throw new AppError('not_found', 'apiErrors.payouts.testProviderOnly');
      const row = await findPayoutAccount(db, userId);
      if (!row || row.provider !== 'test') throw new AppError('not_found', 'apiErrors.payouts.accountNotStarted');
      return answer(row.status === 'active' ? row : await updatePayoutAccount(db, userId, { status: 'active' }, clock.now()));
    },

    /** Stripe's `account.updated` (re-read from Stripe, as every event is): the account's state as Stripe has it now. */
    async syncStripeAccount(accountId: string): Promise<void> {
      const row = await findPayoutAccountByProviderId(db, 'stripe', accountId);
      if (row) await sync(row);
    },
  };
}
export type PayoutAccounts = ReturnType<typeof createPayoutAccounts>;
