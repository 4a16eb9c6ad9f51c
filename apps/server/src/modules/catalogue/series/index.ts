// catalogue: a series' reading defaults (issue 39 §2) in a chapter's answer.
export { coverOf, readerDefaultsOf, seriesFields } from './series.presenter';
// The demo's seed: a new series, and how many there are.
export { countSeries } from './queries/series';
export { insertSeries } from './commands/series';
// imports (issue 37 §1): the digest of the metadata an import last wrote to a series.
export { recordSeriesImportHash } from './commands/series';
// search and catalogue: a series' match and ranking in a search, and its row.
export { matchesSearch, relevance, type SeriesRow, setSearchSimilarity } from './series.sql';
// notifications: the edition a follower reads a series in, and its original's language (issue 35 §2).
export { originalLanguageOf, readerEditionOf } from './series.sql';
// catalogue (by slug), library, notifications, metrics, payouts and chapters (by id): a series alone.
export { findSeriesById, findSeriesBySlug } from './queries/series';
// For other modules' rows that name their series (decision 0036): the join, the columns each reads,
// and the series' link and state when a module asks for it alone (comments).
export {
  joinSeries,
  seriesBookColumns,
  seriesCardColumns,
  type SeriesCardRow,
  seriesIsPublished,
  seriesLinkColumns,
  seriesNameColumns,
  seriesPublishedColumns,
  seriesTypeColumns,
} from './series.sql';
// Every public list, search, feed and catalogue: which series are shown, and to whom (issue 36 §4, decision 0041).
export { seriesShown } from './series.sql';
// library's bookmarks page: the columns it sorts a reader's followed series on.
export { seriesOrderColumns } from './series.sql';
// library: whether a series is published, in a reader's state in it read in one statement.
export { seriesIsPublishedOf } from './series.sql';
export { type AdultAudience, showsAdult } from './adult';
export { findSeriesListing } from './queries/series';
// chapters: the date of a series' newest chapter out, which chapters computes (refreshLastChapterAt).
export { setLastChapterAt } from './commands/series';
export { seriesRoutes } from './series.routes';
export { createSeriesService } from './series.service';
// wallet and payouts: a published series by id (a gift's, an unlock's), and what an unlock needs of
// a chapter's series (its ladder and bundle discount), beside joinSeries.
export { findPublishedSeries } from './queries/series';
export { seriesSaleTermsColumns } from './series.sql';
// chapters: a series' translated editions (issue 35 §2), written by the team's editions calls with their chapters'.
export { findSeriesEdition, seriesEditionsOf, type SeriesEditionRow } from './queries/editions';
export { deleteSeriesEdition, insertSeriesEdition, updateSeriesEdition } from './commands/editions';
// chapters and the catalogue (issue 37 §2): a series' default credits, read with their users' current
// names (written through the create and update calls' `credits`); chapters: a credit's users checked,
// its rows made, an erased account unlinked, as for its own credits.
export { seriesCreditsOf } from './queries/credits';
export { checkCreditUsers, type CreditInput, creditRows, unlinkSeriesCreditsOf } from './commands/credits';
