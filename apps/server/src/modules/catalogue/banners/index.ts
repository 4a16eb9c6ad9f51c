export { toBanner } from './banners.presenter';
export { activeBanners, insertBanner } from './banners.repository';
export { bannersRoutes } from './banners.routes';
export { createBannersService } from './banners.service';
