import type { Currency } from '@inkwell/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../lib/api-client';

// A payee's payouts (issue 38 §2): their payout account, the months' statements, one statement.

const payoutKeys = {
  all: ['payouts'] as const,
  account: ['payouts', 'account'] as const,
  statements: ['payouts', 'statements'] as const,
  statement: (month: string) => ['payouts', 'statement', month] as const,
};

export const usePayoutAccount = () =>
  useQuery({ queryKey: payoutKeys.account, queryFn: ({ signal }) => callApiData('myPayoutAccount', { signal }) });

export const usePayoutStatements = () =>
  useQuery({ queryKey: payoutKeys.statements, queryFn: ({ signal }) => callApiData('myPayouts', { signal }) });

export const usePayoutStatement = (month: string) =>
  useQuery({
    queryKey: payoutKeys.statement(month),
    queryFn: ({ signal }) => callApiData('myPayoutStatement', { params: { month }, signal }),
    // A month that is not there is not there on a second try either.
    retry: false,
  });

/** Starts (or resumes) the onboarding of a payout account; answers where the payee goes to finish it. */
export const useStartPayoutOnboarding = () =>
  useMutation({
    mutationFn: (currency: Currency | undefined) => callApiData('myPayoutAccountStart', { body: currency ? { currency } : {} }),
  });

/** The built-in test provider's onboarding, finished at once; the account is active after it. */
export function useCompleteTestOnboarding() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApiData('testPayoutOnboardingComplete', {}),
    onSuccess: async (account) => {
      client.setQueryData(payoutKeys.account, account);
      await client.invalidateQueries({ queryKey: payoutKeys.all });
    },
  });
}
