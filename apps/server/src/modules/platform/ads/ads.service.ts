import { ADS_VISITOR_ROLE, type AdsConfigResponse, type AdsSettings } from '@inkwell/contract';
import { isTeamRole } from '../../identity/access';
import type { AuthUser } from '../../identity/users';

/**
 * SPEC §3, §6: what one viewer is told. The site's switch and scripts come first, then the
 * viewer: team members and premium readers see no ads, and are not sent the scripts.
 */
export function adsConfigFor(settings: AdsSettings, user: Pick<AuthUser, 'role' | 'isPremium'> | null): AdsConfigResponse {
  const isTeamMember = isTeamRole(user?.role);
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
