export { toBanner } from './banners.presenter';
// catalogue: the banners a visitor sees now. The demo's seed: a new banner.
export { activeBanners } from './queries/banners';
export { insertBanner } from './commands/banners';
export { bannersRoutes } from './banners.routes';
export { createBannersService } from './banners.service';
