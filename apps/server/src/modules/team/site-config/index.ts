export { maintenancePlugin } from './maintenance';
// The demo's seeds: the settings already stored, and the ads' configuration.
export { writeConfigValue } from './commands/config-values';
export { readConfigValues } from './queries/config-values';
export { siteConfigRoutes } from './site-config.routes';
export {
  createSiteConfig,
  getSiteSettings,
  SITE_CONFIG_CACHE_MS,
  type SiteConfigService,
  updateSiteSettings,
} from './site-config.service';
