import { z } from 'zod';

/** Public site settings the shell needs: name, Discord link, footer contacts. */
export const siteSettingsSchema = z.object({
  siteName: z.string(),
  discordUrl: z.string().nullable(),
  developerName: z.string(),
  contacts: z.array(z.object({ kind: z.enum(['github', 'email', 'x', 'website']), url: z.string() })),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const healthResponseSchema = z.object({ ok: z.literal(true) });

/**
 * The settings an admin keeps in site_config (issue 10), one JSON value per key:
 * `site` (siteSettingsSchema), `ads`, `maintenance` and `registration` below.
 */
export const SITE_CONFIG_KEYS = { site: 'site', ads: 'ads', maintenance: 'maintenance', registration: 'registration' } as const;

/** Ads: on or off, and the ad network's markup (script tags), which runs only on public reading pages. */
export const adsSettingsSchema = z.object({ enabled: z.boolean(), scripts: z.string().max(20_000) });
export type AdsSettings = z.infer<typeof adsSettingsSchema>;
export const DEFAULT_ADS_SETTINGS: AdsSettings = { enabled: false, scripts: '' };

/** Maintenance: public pages show the maintenance error page and public API calls answer 503; the team works on. */
export const maintenanceSettingsSchema = z.object({ enabled: z.boolean(), message: z.string().trim().max(500) });
export type MaintenanceSettings = z.infer<typeof maintenanceSettingsSchema>;
export const DEFAULT_MAINTENANCE_SETTINGS: MaintenanceSettings = { enabled: false, message: '' };

export const registrationSettingsSchema = z.object({ open: z.boolean() });
export type RegistrationSettings = z.infer<typeof registrationSettingsSchema>;
export const DEFAULT_REGISTRATION_SETTINGS: RegistrationSettings = { open: true };
