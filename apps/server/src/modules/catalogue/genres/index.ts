export { toGenre } from './genres.presenter';
export { countKnownGenres, type GenreRow, genresOfSeries, insertGenre, listGenres } from './genres.repository';
// series: a series' genres are genres' rows (series_genres), set by the series' own create and edit.
export { replaceSeriesGenres } from './genres.repository';
export { genresRoutes } from './genres.routes';
export { createGenresService } from './genres.service';
