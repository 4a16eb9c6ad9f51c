export { feedsRoutes } from './feeds.routes';
export { createFeedsService, FEED_ITEMS, FEED_NAMESPACE, type FeedsService } from './feeds.service';
