export { opdsRoutes } from './opds.routes';
export { createOpdsService } from './opds.service';
// opds2: how many pages each chapter of a feed has.
export { pageCounts } from './queries/page-counts';
// opds2: a chapter's label in the app's language (its volume's too).
export { chapterLabel } from './opds.format';
