export { opdsRoutes } from './opds.routes';
export { createOpdsService } from './opds.service';
// opds2: how many pages each chapter of a feed has.
export { pageCounts } from './queries/page-counts';
