import { testPayoutOnboardingPagePath } from '@inkwell/contract';
import type { PayoutProvider } from './payout-provider';
import { TransferRefused } from './payout-provider';

/**
 * An account id the built-in provider refuses transfers to. It never makes one itself (its accounts
 * are `acct_test_<user id>`): only a test that writes it into `payout_accounts` reaches it, to see a
 * failed transfer and its retry.
 */
export const REFUSED_TEST_PAYOUT_ACCOUNT = 'acct_test_refused';

/**
 * The built-in payout provider (while Stripe is not configured): the onboarding page is the site's
 * own test page, whose button (POST testPayoutOnboardingComplete) makes the account active at once;
 * its transfers succeed and move no money, each named by its idempotency key, so asking twice gives
 * the same transfer.
 */
export function createTestPayoutProvider(): PayoutProvider {
  return {
    name: 'test',
    async createAccount({ userId }) {
      return { accountId: `acct_test_${userId}` };
    },
    async onboardingUrl() {
      return testPayoutOnboardingPagePath;
    },
    async account() {
      // Its accounts turn active through the test page's button, on the row itself.
      return { status: 'pending', currency: null, country: null };
    },
    async transfer({ accountId, idempotencyKey }) {
      if (accountId.startsWith(REFUSED_TEST_PAYOUT_ACCOUNT)) throw new TransferRefused('The test provider refused this account');
      return { transferId: `tr_test_${idempotencyKey}` };
    },
  };
}
