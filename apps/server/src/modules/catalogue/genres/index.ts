export { toGenre } from './genres.presenter';
export { countKnownGenres, type GenreRow, genresOfSeries, insertGenre, listGenres } from './genres.repository';
export { genresRoutes } from './genres.routes';
export { createGenresService } from './genres.service';
