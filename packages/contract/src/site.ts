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
