// Settings that travel (issue 39 §2): the reader's settings in the account and their choice per series.
export { readerSettingsRoutes } from './reader-settings.routes';
export { createReaderSettingsService } from './reader-settings.service';
// account-data: the export and the erasure of an account (issue 36 §3).
export { readerSettingsForExport } from './queries/account-export';
export { eraseReaderSettingsOf } from './commands/account-erasure';
