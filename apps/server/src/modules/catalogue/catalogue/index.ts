export { catalogueSeriesPageMeta } from './catalogue.page-meta';
export { sharedPageViews } from './catalogue.page-views';
export { catalogueRoutes } from './catalogue.routes';
// recommendations (issue 39 §5): who asks a series' lists under its page, the gate's cookie read as the page reads it.
export { askedOf } from './catalogue.routes';
export { createCatalogueService, type CatalogueService } from './catalogue.service';
