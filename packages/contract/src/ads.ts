import { z } from 'zod';
import { ADS_CONFIG_REASONS } from './ad-pages';

/**
 * SPEC §3 and §7: GET …/secure/ads/ads-config, in the spec's own shape (not the envelope).
 * `config` is there only when ads show: team members and premium readers are not sent the scripts.
 */
export const adsConfigResponseSchema = z.object({
  success: z.boolean(),
  show_ads: z.boolean(),
  config: z.object({ ad_scripts: z.string() }).nullable(),
  user_status: z.object({
    isTeamMember: z.boolean(),
    isPremium: z.boolean(),
    isAuthenticated: z.boolean(),
    /** `Visitor`, else the session's role (reader, editor, admin). */
    role: z.string(),
  }),
  reason: z.enum(ADS_CONFIG_REASONS),
});
export type AdsConfigResponse = z.infer<typeof adsConfigResponseSchema>;
