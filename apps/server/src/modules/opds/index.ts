export { opdsRoutes } from './opds.routes';
export { createOpdsService, OPDS_ROOT, PSE_NAMESPACE, type OpdsService } from './opds.service';
export { pageCounts } from './opds.repository';
