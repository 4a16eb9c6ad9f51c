export { commentsRoutes } from './comments.routes';
export { type CommentsService, createCommentsService } from './comments.service';
