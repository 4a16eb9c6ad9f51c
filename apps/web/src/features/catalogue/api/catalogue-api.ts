import {
  API,
  type ChapterContent,
  type Genre,
  type HomeData,
  type SearchResult,
  type SeriesDetail,
  type SeriesListData,
} from '@inkwell/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiJson } from '../../../lib/api-client';

type Envelope<T> = { success: true; data: T };
const data = <T>(path: string, signal?: AbortSignal) => apiJson<Envelope<T>>(path, { signal }).then((body) => body.data);

export const catalogueKeys = {
  home: ['catalogue', 'home'] as const,
  list: (params: string) => ['catalogue', 'list', params] as const,
  series: (slug: string) => ['catalogue', 'series', slug] as const,
  chapter: (slug: string, chapterSlug: string) => ['catalogue', 'chapter', slug, chapterSlug] as const,
  genres: ['catalogue', 'genres'] as const,
  search: (q: string) => ['catalogue', 'search', q] as const,
};

export const fetchHome = (signal?: AbortSignal) => data<HomeData>(API.home, signal);
export const fetchSeriesList = (params: string, signal?: AbortSignal) =>
  data<SeriesListData>(`${API.seriesList}${params ? `?${params}` : ''}`, signal);
export const fetchSeries = (slug: string, signal?: AbortSignal) => data<SeriesDetail>(API.series(slug), signal);
export const fetchChapter = (slug: string, chapterSlug: string, signal?: AbortSignal) =>
  data<ChapterContent>(API.chapter(slug, chapterSlug), signal);
export const fetchGenres = (signal?: AbortSignal) => data<Genre[]>(API.genres, signal);

/** SPEC §7: GET …/search/series?q= and read success, data.results, error.message. */
export function searchSeries(q: string, signal?: AbortSignal): Promise<SearchResult[]> {
  return apiJson<{ success: true; data: { results: SearchResult[] } }>(`${API.searchSeries}?q=${encodeURIComponent(q)}`, {
    signal,
  }).then((body) => body.data.results);
}

export const useHome = () => useQuery({ queryKey: catalogueKeys.home, queryFn: ({ signal }) => fetchHome(signal) });

/** A catalogue page; the next page is fetched ahead so paging feels instant. */
export function useSeriesList(params: URLSearchParams) {
  const key = params.toString();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: catalogueKeys.list(key),
    queryFn: ({ signal }) => fetchSeriesList(key, signal),
    placeholderData: keepPreviousData,
  });
  const totalPages = query.data?.pagination.totalPages ?? 0;
  useEffect(() => {
    const next = new URLSearchParams(key);
    const page = Number(next.get('page') ?? '1');
    if (page >= totalPages) return;
    next.set('page', String(page + 1));
    void client.prefetchQuery({
      queryKey: catalogueKeys.list(next.toString()),
      queryFn: ({ signal }) => fetchSeriesList(next.toString(), signal),
    });
  }, [client, key, totalPages]);
  return query;
}

export const useSeries = (slug: string) =>
  useQuery({ queryKey: catalogueKeys.series(slug), queryFn: ({ signal }) => fetchSeries(slug, signal), retry: false });

export const useChapter = (slug: string, chapterSlug: string) =>
  useQuery({
    queryKey: catalogueKeys.chapter(slug, chapterSlug),
    queryFn: ({ signal }) => fetchChapter(slug, chapterSlug, signal),
    retry: false,
    // Signed page URLs last at least half an hour; refetching sooner would only change them.
    staleTime: 10 * 60_000,
  });

export const useGenres = () =>
  useQuery({ queryKey: catalogueKeys.genres, queryFn: ({ signal }) => fetchGenres(signal), staleTime: 5 * 60_000 });
