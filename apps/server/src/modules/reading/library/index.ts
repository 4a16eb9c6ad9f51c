// notifications: how many readers follow each series a release is in.
export { countFollowers } from './queries/followers';
export { libraryRoutes } from './library.routes';
export { createLibraryService, type LibraryService } from './library.service';
export { libraryForExport } from './queries/account-export';
export { eraseLibraryOf } from './commands/account-erasure';
