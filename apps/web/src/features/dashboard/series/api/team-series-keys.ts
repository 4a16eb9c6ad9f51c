import type { EndpointData, EndpointQuery } from '@inkwell/contract';
import type { QueryClient } from '@tanstack/react-query';

/** The dashboard's series and chapter caches; every write below keeps them true. */
export const teamSeriesKeys = {
  all: ['team', 'series'] as const,
  lists: ['team', 'series', 'list'] as const,
  list: (query: EndpointQuery<'teamSeriesList'>) => ['team', 'series', 'list', query] as const,
  detail: (id: string) => ['team', 'series', id] as const,
  /** Under the series' key: whatever changes the series or its chapters asks for its editions again. */
  editions: (id: string) => ['team', 'series', id, 'editions'] as const,
  chapters: ['team', 'chapter'] as const,
  chapter: (id: string) => ['team', 'chapter', id] as const,
};

/** After a chapter changed: its own cache holds the answer, and its series' row counts are asked again. */
export async function storeChapter(client: QueryClient, seriesId: string, chapter: EndpointData<'teamChapter'>) {
  client.setQueryData(teamSeriesKeys.chapter(chapter.id), chapter);
  await client.invalidateQueries({ queryKey: teamSeriesKeys.detail(seriesId) });
  void client.invalidateQueries({ queryKey: teamSeriesKeys.lists });
}
