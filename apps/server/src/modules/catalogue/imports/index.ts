// Imports (issue 37 §1): a folder of series (the shell), an uploaded .zip of one or one .cbz/.epub
// into a series (the Import page, through the `imports.run` job), written through the catalogue's
// own commands; the imports table keeps each one's progress and what each item came to.
export { createImportsService } from './imports.service';
export { importsRoutes } from './imports.routes';
export { readImportSource } from './read';
// The shell's progress bar and summary.
export type { ImportCounts, ImportProgress } from './run/runner';
