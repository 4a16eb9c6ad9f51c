import {
  API,
  type Genre,
  type Pagination,
  type SeriesInput,
  type TeamBanner,
  type TeamChapter,
  type TeamSeries,
  type TeamSeriesRow,
} from '@inkwell/contract';
import { apiJson } from '../../lib/api-client';
import { uploadFiles } from '../../lib/upload';

type Envelope<T> = { success: true; data: T; message?: string };
const data = <T>(promise: Promise<Envelope<T>>) => promise.then((body) => body.data);

export const teamKeys = {
  seriesList: (params: string) => ['team', 'series', 'list', params] as const,
  series: (id: string) => ['team', 'series', id] as const,
  chapter: (id: string) => ['team', 'chapter', id] as const,
  genres: ['team', 'genres'] as const,
  banners: ['team', 'banners'] as const,
};

export const teamApi = {
  listSeries: (params: string) =>
    data(apiJson<Envelope<{ items: TeamSeriesRow[]; pagination: Pagination }>>(`${API.teamSeriesList}?${params}`)),
  getSeries: (id: string) => data(apiJson<Envelope<TeamSeries>>(API.teamSeries(id))),
  createSeries: (input: SeriesInput) => data(apiJson<Envelope<TeamSeries>>(API.teamSeriesList, { method: 'POST', json: input })),
  updateSeries: (id: string, patch: Partial<SeriesInput>) =>
    data(apiJson<Envelope<TeamSeries>>(API.teamSeries(id), { method: 'PATCH', json: patch })),
  deleteSeries: (id: string) => apiJson(API.teamSeries(id), { method: 'DELETE' }),
  uploadCover: (id: string, file: File, onProgress?: (f: number) => void) =>
    data(uploadFiles<Envelope<TeamSeries>>(API.teamSeriesCover(id), [{ field: 'file', file }], { method: 'PUT', onProgress })),

  getChapter: (id: string) => data(apiJson<Envelope<TeamChapter>>(API.teamChapter(id))),
  createChapter: (seriesId: string, input: Record<string, unknown>) =>
    data(apiJson<Envelope<TeamChapter>>(API.teamSeriesChapters(seriesId), { method: 'POST', json: input })),
  updateChapter: (id: string, patch: Record<string, unknown>) =>
    data(apiJson<Envelope<TeamChapter>>(API.teamChapter(id), { method: 'PATCH', json: patch })),
  deleteChapter: (id: string) => apiJson(API.teamChapter(id), { method: 'DELETE' }),
  uploadPages: (id: string, files: File[], onProgress?: (f: number) => void) =>
    data(
      uploadFiles<Envelope<TeamChapter>>(
        API.teamChapterPages(id),
        files.map((file) => ({ field: 'files', file })),
        { onProgress },
      ),
    ),
  importArchive: (id: string, file: File, onProgress?: (f: number) => void) =>
    uploadFiles<Envelope<TeamChapter>>(API.teamChapterArchive(id), [{ field: 'file', file }], { onProgress }),
  reorderPages: (id: string, pageIds: string[]) =>
    data(apiJson<Envelope<TeamChapter>>(API.teamChapterPageOrder(id), { method: 'PUT', json: { pageIds } })),
  removePage: (id: string, pageId: string) =>
    data(apiJson<Envelope<TeamChapter>>(API.teamChapterPage(id, pageId), { method: 'DELETE' })),

  listGenres: () => data(apiJson<Envelope<Genre[]>>(API.teamGenres)),
  createGenre: (name: string) => data(apiJson<Envelope<Genre>>(API.teamGenres, { method: 'POST', json: { name } })),
  renameGenre: (id: string, name: string) =>
    data(apiJson<Envelope<Genre>>(API.teamGenre(id), { method: 'PATCH', json: { name } })),
  deleteGenre: (id: string) => apiJson(API.teamGenre(id), { method: 'DELETE' }),

  listBanners: () => data(apiJson<Envelope<TeamBanner[]>>(API.teamBanners)),
  createBanner: (input: Record<string, unknown>) =>
    data(apiJson<Envelope<TeamBanner>>(API.teamBanners, { method: 'POST', json: input })),
  updateBanner: (id: string, patch: Record<string, unknown>) =>
    data(apiJson<Envelope<TeamBanner>>(API.teamBanner(id), { method: 'PATCH', json: patch })),
  uploadBannerImage: (id: string, file: File, onProgress?: (f: number) => void) =>
    data(uploadFiles<Envelope<TeamBanner>>(API.teamBannerImage(id), [{ field: 'file', file }], { method: 'PUT', onProgress })),
  deleteBanner: (id: string) => apiJson(API.teamBanner(id), { method: 'DELETE' }),
};
