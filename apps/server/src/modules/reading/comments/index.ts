export { commentsRoutes } from './comments.routes';
export { type CommentsService, createCommentsService } from './comments.service';
export { commentsForExport } from './queries/account-export';
export { anonymiseCommentsOf } from './commands/account-erasure';
