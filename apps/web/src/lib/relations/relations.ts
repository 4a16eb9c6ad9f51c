import { useQuery } from '@tanstack/react-query';
import { callApiData } from '../api-client';

/** A series' related series the viewer may be shown (issue 39 §5): its adaptation, source, sequel… */
export const useSeriesRelations = (seriesId: string) =>
  useQuery({
    queryKey: ['relations', 'series', seriesId],
    queryFn: ({ signal }) => callApiData('seriesRelations', { params: { id: seriesId }, signal }),
    staleTime: 60_000,
  });

/** Where a chapter is in the series its chapter map relates it to, and the chapter after it there. */
export const useChapterRelated = (chapterId: string) =>
  useQuery({
    queryKey: ['relations', 'chapter', chapterId],
    queryFn: ({ signal }) => callApiData('chapterRelated', { params: { chapterId }, signal }),
    staleTime: 60_000,
  });
