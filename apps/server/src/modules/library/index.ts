export { libraryRoutes } from './library.routes';
export { createLibraryService } from './library.service';
