import type { Currency } from '@inkwell/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApiData } from '../../../lib/api-client';
import { currencyQuery, useReaderCurrency } from '../reader-currency';
import { storeKeys } from './store-keys';

/** The subscription plans on sale in the reader's currency (else the site's default one), kept apart per currency. */
export function plansQueryOptions(currency: Currency | undefined) {
  return queryOptions({
    queryKey: [...storeKeys.plans, currency ?? 'default'],
    queryFn: ({ signal }) => callApiData('plans', { query: currencyQuery(currency), signal }),
  });
}

/** The plans in the reader's currency; the default currency's stay on screen while those load. */
export const usePlans = () => useQuery({ ...plansQueryOptions(useReaderCurrency()), placeholderData: keepPreviousData });
