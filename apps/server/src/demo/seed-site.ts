import type { Database } from '../db/client';
import { readConfigValues, updateSiteSettings } from '../modules/team/site-config';

/** Demo site settings on first start (SEED_DEMO=0 skips them): a Discord link and footer contacts. */
export async function seedSiteSettings(db: Database): Promise<void> {
  const existing = await readConfigValues(db, ['site']);
  if (existing.has('site')) return;
  await updateSiteSettings(db, {
    discordUrl: 'https://discord.com/invite/inkwell',
    developerName: 'The Inkwell team',
    contacts: [
      { kind: 'github', url: 'https://github.com/inkwell-reader' },
      { kind: 'email', url: 'mailto:team@inkwell.local' },
    ],
  });
}
