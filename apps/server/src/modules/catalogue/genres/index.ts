export { toGenre } from './genres.presenter';
// catalogue: the genres' list; series: a series' genres, and whether the ids it is given are genres.
export { countKnownGenres, type GenreRow, genresOfSeries, listGenres } from './queries/genres';
// stats: the genres of a reader's series, for their top genres.
export { genresOfEachSeries } from './queries/genres';
// series: a series' genres are genres' rows (series_genres), set by the series' own create and edit.
// The demo's seed: a new genre.
export { insertGenre, replaceSeriesGenres } from './commands/genres';
export { genresRoutes } from './genres.routes';
export { createGenresService } from './genres.service';
