export { coverOf, seriesFields } from './series.presenter';
export {
  countSeries,
  findSeriesById,
  findSeriesBySlug,
  insertSeries,
  listPublishedSeries,
  matchesSearch,
  refreshLastChapterAt,
  relevance,
  replaceSeriesGenres,
  type SeriesFilter,
  type SeriesRow,
  setSearchSimilarity,
} from './series.repository';
export { seriesRoutes } from './series.routes';
export { createSeriesService } from './series.service';
