import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Currency } from '@inkwell/contract';
import { callApiData } from '../../../lib/api-client';
import { currencyQuery, useReaderCurrency } from '../reader-currency';
import { storeKeys } from './store-keys';

/**
 * The coin packages on sale in the reader's currency (else the site's default one), cheapest first
 * as the server orders them; kept apart per currency.
 */
export function coinPackagesQueryOptions(currency: Currency | undefined) {
  return queryOptions({
    queryKey: [...storeKeys.coinPackages, currency ?? 'default'],
    queryFn: ({ signal }) => callApiData('coinPackages', { query: currencyQuery(currency), signal }),
  });
}

/** The packages in the reader's currency; the default currency's stay on screen while those load. */
export const useCoinPackages = () =>
  useQuery({ ...coinPackagesQueryOptions(useReaderCurrency()), placeholderData: keepPreviousData });
