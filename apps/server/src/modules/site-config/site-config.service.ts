import { siteSettingsSchema, type SiteSettings } from '@inkwell/contract';
import type { Database } from '../../db/client';
import { readConfigValues, writeConfigValue } from './site-config.repository';

const SITE_SETTINGS_KEY = 'site';

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  siteName: 'Inkwell',
  discordUrl: null,
  developerName: 'The Inkwell team',
  contacts: [],
};

/** Public settings the shell shows (name, Discord link, footer contacts); defaults until an admin sets them. */
export async function getSiteSettings(db: Database): Promise<SiteSettings> {
  const values = await readConfigValues(db, [SITE_SETTINGS_KEY]);
  const parsed = siteSettingsSchema.partial().safeParse(values.get(SITE_SETTINGS_KEY) ?? {});
  return { ...DEFAULT_SITE_SETTINGS, ...(parsed.success ? parsed.data : {}) };
}

export async function updateSiteSettings(db: Database, patch: Partial<SiteSettings>): Promise<SiteSettings> {
  const next = siteSettingsSchema.parse({ ...(await getSiteSettings(db)), ...patch });
  await writeConfigValue(db, SITE_SETTINGS_KEY, next);
  return next;
}
