import type { EndpointQuery } from '@inkwell/contract';

/** The user administration pages' caches; every write below keeps them true. */
export const userKeys = {
  all: ['admin', 'users'] as const,
  list: (query: EndpointQuery<'adminUsers'>) => ['admin', 'users', 'list', query] as const,
  detail: (id: string) => ['admin', 'users', 'detail', id] as const,
};
