// notifications: how many readers follow each series a release is in.
export { countFollowers } from './queries/followers';
export { libraryRoutes } from './library.routes';
export { createLibraryService, type LibraryService } from './library.service';
export { libraryForExport } from './queries/account-export';
export { eraseLibraryOf } from './commands/account-erasure';
// stats: the chapters a reader finished in a year, their median open-to-finish time, the years they read in.
export { finishedDaysOf, medianOpenToFinishOf, yearsWithReadingOf, type FinishedDayRow } from './queries/year-reading';
// recommendations (issue 39 §5): the series read by the same readers, for its nightly job.
export { coReadingPairs } from './queries/co-reading';
