import { useQuery } from '@tanstack/react-query';
import { callApiData } from '../api-client';

/**
 * What to read after a series (issue 39 §5), as the series page and a chapter's end show it: the
 * series its readers also read, or its genres' on a cold start (`basis: 'genres'`).
 */
export const useAlsoRead = (seriesId: string, limit: number) =>
  useQuery({
    queryKey: ['also-read', seriesId, limit],
    queryFn: ({ signal }) => callApiData('seriesAlsoRead', { params: { id: seriesId }, query: { limit }, signal }),
    staleTime: 5 * 60_000,
  });
