export { createPageMetaRegistry } from './page-meta-registry';
export { seoRoutes } from './seo.routes';
export { createSeoService } from './seo.service';
