export { metricsRoutes } from './metrics.routes';
export { createMetricsRollup } from './metrics-rollup';
export { createMetricsService, METRICS_ANSWER_MS } from './metrics.service';
export { readerKeyOf } from './reader-key';
export { createViewCounter, type ViewCounter } from './view-counter';
