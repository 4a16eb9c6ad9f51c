import { SEARCH_MIN_CHARS, SERIES_SORTS, SERIES_STATUSES, type EndpointQuery } from '@inkwell/contract';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApiData } from '../../../lib/api-client';

/**
 * The catalogue's lists; `browse` is every series, comics and novels together (where the home
 * page's rows lead), and `search` the results page (/search?q=).
 */
export type CatalogueKind = 'comics' | 'novels' | 'premium' | 'browse' | 'search';
export type SeriesListQuery = NonNullable<EndpointQuery<'seriesList'>>;

/**
 * What a catalogue page asks the API for, from the page's own URL. Only values the API accepts
 * travel on, so an edited URL shows a list rather than an error.
 */
export function seriesListQueryFor(kind: CatalogueKind, params: URLSearchParams): SeriesListQuery {
  const query: SeriesListQuery = {};
  const type = params.get('type');
  if (kind === 'comics') query.type = 'comic';
  if (kind === 'novels') query.type = 'novel';
  if (kind === 'premium') query.premium = 'true';
  if ((kind === 'premium' || kind === 'browse' || kind === 'search') && (type === 'comic' || type === 'novel')) query.type = type;
  const q = searchTextOf(params);
  if (kind === 'search' && q.length >= SEARCH_MIN_CHARS) query.q = q;
  const genre = params.get('genre');
  if (genre) query.genre = genre;
  const status = params.get('status');
  if (status && (SERIES_STATUSES as readonly string[]).includes(status)) query.status = status as SeriesListQuery['status'];
  const sort = params.get('sort');
  if (sort && (SERIES_SORTS as readonly string[]).includes(sort)) query.sort = sort as SeriesListQuery['sort'];
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 1) query.page = page;
  return query;
}

/** The results page's search text, as the API takes it (trimmed, at most 100 characters). */
export const searchTextOf = (params: URLSearchParams) => (params.get('q') ?? '').trim().slice(0, 100);

/** Whether a list can be asked for: the results page waits for a search of 3 characters. */
export const isAskable = (kind: CatalogueKind, query: SeriesListQuery) => kind !== 'search' || Boolean(query.q);

export function seriesListQueryOptions(query: SeriesListQuery) {
  return queryOptions({
    queryKey: ['catalogue', 'list', query],
    queryFn: ({ signal }) => callApiData('seriesList', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A catalogue page; the next page is fetched ahead so paging feels instant. Pass a memoized query. */
export function useSeriesList(query: SeriesListQuery, enabled = true) {
  const client = useQueryClient();
  const list = useQuery({ ...seriesListQueryOptions(query), enabled });
  const totalPages = list.data?.pagination.totalPages ?? 0;
  const page = Number(query.page ?? 1);
  useEffect(() => {
    if (!enabled || page >= totalPages) return;
    void client.prefetchQuery(seriesListQueryOptions({ ...query, page: page + 1 }));
  }, [client, query, page, totalPages, enabled]);
  return list;
}
