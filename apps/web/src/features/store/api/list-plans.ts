import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApiData } from '../../../lib/api-client';
import { currencyQuery, readerCurrency } from '../reader-currency';
import { storeKeys } from './store-keys';

/** The subscription plans on sale in the reader's currency (else the site's default one), kept apart per currency. */
export function plansQueryOptions(currency = readerCurrency()) {
  return queryOptions({
    queryKey: [...storeKeys.plans, currency ?? 'default'],
    queryFn: ({ signal }) => callApiData('plans', { query: currencyQuery(currency), signal }),
  });
}

export const usePlans = () => useQuery(plansQueryOptions());
