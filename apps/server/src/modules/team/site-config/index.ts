export { maintenancePlugin } from './maintenance';
export { readConfigValues, writeConfigValue } from './site-config.repository';
export { siteConfigRoutes } from './site-config.routes';
export {
  createSiteConfig,
  getSiteSettings,
  SITE_CONFIG_CACHE_MS,
  type SiteConfigService,
  updateSiteSettings,
} from './site-config.service';
