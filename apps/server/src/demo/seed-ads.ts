import { SITE_CONFIG_KEYS, type AdsSettings } from '@inkwell/contract';
import type { Database } from '../db/client';
import { readConfigValues, writeConfigValue } from '../modules/team/site-config';

/**
 * The demo's ads: a house ad served from our own origin (apps/web/public/ads/house-ad.js), which
 * fills each ad slot with an Inkwell Premium promotion, so a first start shows ads working.
 * An admin replaces the markup with an ad network's in /Dashboard/Configuration.
 */
export const DEMO_ADS: AdsSettings = { enabled: true, scripts: '<script src="/ads/house-ad.js" async></script>' };

/** On first start only (SEED_DEMO=0 skips it): settings an admin has saved, even ads turned off, are kept. */
export async function seedDemoAds(db: Database): Promise<void> {
  const existing = await readConfigValues(db, [SITE_CONFIG_KEYS.ads]);
  if (existing.has(SITE_CONFIG_KEYS.ads)) return;
  await writeConfigValue(db, SITE_CONFIG_KEYS.ads, DEMO_ADS);
}
