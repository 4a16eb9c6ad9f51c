export { feedsRoutes } from './feeds.routes';
export { createFeedsService } from './feeds.service';
