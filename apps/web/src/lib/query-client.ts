import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one QueryClient is made in main.tsx with this and handed to both the providers and
 * the router, so route loaders prime the very cache the pages read. Tests make their own.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 },
    },
  });
}
