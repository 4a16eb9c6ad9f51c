import type { EndpointQuery } from '@inkwell/contract';

/** The finance pages' caches; every write below keeps them true. */
export const financeKeys = {
  plans: ['admin', 'plans'] as const,
  coinPackages: ['admin', 'coin-packages'] as const,
  purchases: ['admin', 'purchases'] as const,
  purchaseList: (query: EndpointQuery<'adminPurchases'>) => ['admin', 'purchases', 'list', query] as const,
  purchase: (id: string) => ['admin', 'purchases', 'detail', id] as const,
};
