export { metricsRoutes } from './metrics.routes';
export { createMetricsService } from './metrics.service';
export { readerKeyOf } from './reader-key';
export { createViewCounter, type ViewCounter } from './view-counter';
