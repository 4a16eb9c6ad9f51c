export { countFollowers } from './library.repository';
export { libraryRoutes } from './library.routes';
export { createLibraryService, type LibraryService } from './library.service';
