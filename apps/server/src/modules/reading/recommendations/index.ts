// Recommendations (issue 39 §5): "readers also read", computed nightly from the readers' progress.
export { createRecommendations } from './recommendations.service';
export { recommendationsRoutes } from './recommendations.routes';
