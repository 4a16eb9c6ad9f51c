export { statsRoutes } from './stats.routes';
export { createStatsService } from './stats.service';
export { yearSharePageMeta } from './stats.page-meta';
export { statsForExport } from './queries/account-export';
export { eraseStatsOf } from './commands/account-erasure';
