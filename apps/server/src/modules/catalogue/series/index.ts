export { coverOf, seriesFields } from './series.presenter';
export {
  countSeries,
  findSeriesById,
  findSeriesBySlug,
  insertSeries,
  matchesSearch,
  relevance,
  type SeriesRow,
  setSearchSimilarity,
} from './series.repository';
// For other modules' rows that name their series (decision 0036): the join, the columns each reads,
// and the series' link and state when a module asks for it alone.
export {
  findSeriesListing,
  joinSeries,
  seriesBookColumns,
  seriesCardColumns,
  type SeriesCardRow,
  seriesIsPublished,
  seriesLinkColumns,
  seriesNameColumns,
  seriesOrders,
  seriesPublishedColumns,
  seriesTypeColumns,
} from './series.repository';
// chapters: the date of a series' newest chapter out, which chapters computes (refreshLastChapterAt).
export { setLastChapterAt } from './series.repository';
export { seriesRoutes } from './series.routes';
export { createSeriesService } from './series.service';
// wallet and payouts: a published series by id (a gift's, an unlock's), and what an unlock needs of
// a chapter's series (its ladder and bundle discount), beside joinSeries.
export { findPublishedSeries, seriesSaleTermsColumns } from './series.repository';
