export { opdsRoutes } from './opds.routes';
export { createOpdsService } from './opds.service';
export { pageCounts } from './opds.repository';
