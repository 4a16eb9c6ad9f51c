import type { EndpointData, EndpointName, EndpointParams } from '@inkwell/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApiData } from './api-client';
import type { OwnCall } from './render-scope';

type CallData<N extends EndpointName> = (
  name: N,
  input: { params: EndpointParams<N>; signal: AbortSignal },
) => Promise<EndpointData<N>>;

/**
 * A query of a reader's own data, answered by one GET of theirs: its options, and the call itself
 * (`ownCall`), which a page shared by the reader's class leaves out for the server to answer for
 * each of its readers (app/reader-data.tsx's `personalLoad`, issue 40).
 */
export function ownQueryOptions<N extends EndpointName, K extends readonly unknown[]>(
  endpoint: N,
  params: EndpointParams<N>,
  queryKey: K,
) {
  const ownCall: OwnCall = { endpoint, params: (params ?? {}) as Record<string, string>, queryKey };
  const call = callApiData as unknown as CallData<N>;
  return { ...queryOptions({ queryKey, queryFn: ({ signal }) => call(endpoint, { params, signal }) }), ownCall };
}
