export { catalogueSeriesPageMeta } from './catalogue.page-meta';
export { sharedPageViews } from './catalogue.page-views';
export { catalogueRoutes } from './catalogue.routes';
export { createCatalogueService, type CatalogueService } from './catalogue.service';
