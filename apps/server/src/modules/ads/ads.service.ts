import {
  ADS_VISITOR_ROLE,
  adsSettingsSchema,
  DEFAULT_ADS_SETTINGS,
  SITE_CONFIG_KEYS,
  type AdsConfigResponse,
  type AdsSettings,
} from '@inkwell/contract';
import type { Database } from '../../db/client';
import { readConfigValues } from '../site-config/site-config.repository';
import type { AuthUser } from '../users/users.repository';

/** The admin's ads settings (site_config `ads`), field by field over the defaults: ads stay off until an admin turns them on. */
export async function readAdsSettings(db: Database): Promise<AdsSettings> {
  const stored = (await readConfigValues(db, [SITE_CONFIG_KEYS.ads])).get(SITE_CONFIG_KEYS.ads);
  const parsed = adsSettingsSchema.partial().safeParse(stored ?? {});
  return { ...DEFAULT_ADS_SETTINGS, ...(parsed.success ? parsed.data : {}) };
}

/**
 * SPEC §3, §6: what one viewer is told. The site's switch and scripts come first, then the
 * viewer: team members and premium readers see no ads, and are not sent the scripts.
 */
export function adsConfigFor(settings: AdsSettings, user: Pick<AuthUser, 'role' | 'isPremium'> | null): AdsConfigResponse {
  const isTeamMember = user?.role === 'editor' || user?.role === 'admin';
  const isPremium = user?.isPremium ?? false;
  const user_status = { isTeamMember, isPremium, isAuthenticated: user !== null, role: user?.role ?? ADS_VISITOR_ROLE };
  const reason = !settings.enabled
    ? 'ads_disabled'
    : settings.scripts.trim() === ''
      ? 'no_scripts'
      : isTeamMember
        ? 'team_member'
        : isPremium
          ? 'premium'
          : 'ads_enabled';
  const show_ads = reason === 'ads_enabled';
  return { success: true, show_ads, config: show_ads ? { ad_scripts: settings.scripts } : null, user_status, reason };
}
