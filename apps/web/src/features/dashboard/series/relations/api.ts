import type { EndpointBody } from '@inkwell/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';

/** A series' relations as its team sees them (issue 39 §5). */
const relationsKey = (seriesId: string) => ['dashboard', 'series', seriesId, 'relations'] as const;

export const useTeamRelations = (seriesId: string) =>
  useQuery({
    queryKey: relationsKey(seriesId),
    queryFn: ({ signal }) => callApiData('teamSeriesRelations', { params: { id: seriesId }, signal }),
  });

/** The series the caller may pick as the other side: the team's list searched by title. */
export const useSeriesChoices = (q: string) =>
  useQuery({
    queryKey: ['dashboard', 'relations', 'choices', q],
    queryFn: ({ signal }) => callApiData('teamSeriesList', { query: { q, perPage: 10 }, signal }),
    enabled: q.trim().length >= 2,
  });

/** The other series' chapters, for its side of the chapter map. */
export const useRelatedChapters = (seriesId: string) =>
  useQuery({
    queryKey: ['dashboard', 'series', seriesId, 'relations', 'chapters'],
    queryFn: ({ signal }) => callApiData('teamSeries', { params: { id: seriesId }, signal }),
  });

/** Relates the series to another (or changes how, or its chapter map); both sides' lists are fetched again. */
export function usePutRelation(seriesId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ relatedId, body }: { relatedId: string; body: EndpointBody<'teamSeriesRelationPut'> }) =>
      callApiData('teamSeriesRelationPut', { params: { id: seriesId, relatedId }, body }),
    onSuccess: (_data, { relatedId }) => {
      void client.invalidateQueries({ queryKey: relationsKey(seriesId) });
      void client.invalidateQueries({ queryKey: relationsKey(relatedId) });
    },
  });
}

export function useRemoveRelation(seriesId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (relatedId: string) => callApiData('teamSeriesRelationDelete', { params: { id: seriesId, relatedId } }),
    onSuccess: (_data, relatedId) => {
      void client.invalidateQueries({ queryKey: relationsKey(seriesId) });
      void client.invalidateQueries({ queryKey: relationsKey(relatedId) });
    },
  });
}
