import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApiData } from '../../../lib/api-client';
import { currencyQuery, readerCurrency } from '../reader-currency';
import { storeKeys } from './store-keys';

/**
 * The coin packages on sale in the reader's currency (else the site's default one), cheapest first
 * as the server orders them; kept apart per currency.
 */
export function coinPackagesQueryOptions(currency = readerCurrency()) {
  return queryOptions({
    queryKey: [...storeKeys.coinPackages, currency ?? 'default'],
    queryFn: ({ signal }) => callApiData('coinPackages', { query: currencyQuery(currency), signal }),
  });
}

export const useCoinPackages = () => useQuery(coinPackagesQueryOptions());
