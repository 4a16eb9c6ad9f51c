export { createPageMetaRegistry } from './page-meta-registry';
export { seoRoutes } from './seo.routes';
export { createSeoService, type SeoService } from './seo.service';
