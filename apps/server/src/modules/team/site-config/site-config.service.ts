import {
  adsSettingsSchema,
  contentSettingsSchema,
  DEFAULT_ADS_SETTINGS,
  DEFAULT_CONTENT_SETTINGS,
  DEFAULT_LOCALE,
  DEFAULT_MAINTENANCE_SETTINGS,
  DEFAULT_PAYOUT_SETTINGS,
  DEFAULT_REGISTRATION_SETTINGS,
  maintenanceSettingsSchema,
  payoutSettingsSchema,
  registrationSettingsSchema,
  SITE_CONFIG_KEYS,
  siteConfigSchema,
  siteSettingsSchema,
  type PublicSiteSettings,
  type SiteConfig,
  type SiteConfigPatch,
  type SiteSettings,
} from '@inkwell/contract';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { CacheRegistry } from '../../../lib/caches';
import type { EventPublisher } from '../../../lib/domain-events';
import { type AuditContext, recordAuditEntry } from '../audit';
import { hasTwoFactor } from '../../identity/users';
import { writeConfigValue } from './commands/config-values';
import { readConfigValues } from './queries/config-values';
import { checkDatabase, lockSiteConfig } from './site-config.repository';

const SITE_SETTINGS_KEY = SITE_CONFIG_KEYS.site;

/**
 * How long an instance trusts the configuration it read. Every API call asks whether maintenance
 * is on, so it is kept, briefly; a change reaches every instance at once through the change bus.
 */
export const SITE_CONFIG_CACHE_MS = 3_000;

const DEFAULT_SITE_SETTINGS: SiteSettings = {
  siteName: 'Inkwell',
  discordUrl: null,
  developerName: 'The Inkwell team',
  contacts: [],
  defaultLocale: DEFAULT_LOCALE,
  defaultCurrency: 'usd',
};

/** A stored value read field by field over its defaults: a value from an older shape never breaks the site. */
function readSection<T extends object>(schema: z.ZodObject, stored: unknown, defaults: T): T {
  const parsed = schema.partial().safeParse(stored ?? {});
  return { ...defaults, ...(parsed.success ? (parsed.data as Partial<T>) : {}) };
}

async function readConfig(db: Database): Promise<SiteConfig> {
  const values = await readConfigValues(db, Object.values(SITE_CONFIG_KEYS));
  return {
    site: readSection(siteSettingsSchema, values.get(SITE_CONFIG_KEYS.site), DEFAULT_SITE_SETTINGS),
    ads: readSection(adsSettingsSchema, values.get(SITE_CONFIG_KEYS.ads), DEFAULT_ADS_SETTINGS),
    maintenance: readSection(maintenanceSettingsSchema, values.get(SITE_CONFIG_KEYS.maintenance), DEFAULT_MAINTENANCE_SETTINGS),
    registration: readSection(
      registrationSettingsSchema,
      values.get(SITE_CONFIG_KEYS.registration),
      DEFAULT_REGISTRATION_SETTINGS,
    ),
    payouts: readSection(payoutSettingsSchema, values.get(SITE_CONFIG_KEYS.payouts), DEFAULT_PAYOUT_SETTINGS),
    content: readSection(contentSettingsSchema, values.get(SITE_CONFIG_KEYS.content), DEFAULT_CONTENT_SETTINGS),
  };
}

/** Public settings the shell shows (name, Discord link, footer contacts); defaults until an admin sets them. */
export async function getSiteSettings(db: Database): Promise<SiteSettings> {
  return (await readConfig(db)).site;
}

/** The seed's way in: the public settings, merged over what is stored. */
export async function updateSiteSettings(db: Database, patch: Partial<SiteSettings>): Promise<SiteSettings> {
  const next = siteSettingsSchema.parse({ ...(await getSiteSettings(db)), ...patch });
  await writeConfigValue(db, SITE_SETTINGS_KEY, next);
  return next;
}

/** What the public settings call answers: the admin's maintenance message only while maintenance is on. */
export function toPublicSettings(config: SiteConfig): PublicSiteSettings {
  return {
    ...config.site,
    maintenance: { enabled: config.maintenance.enabled, message: config.maintenance.enabled ? config.maintenance.message : '' },
    registrationOpen: config.registration.open,
  };
}

type Section = keyof SiteConfig;
const SECTIONS = Object.keys(SITE_CONFIG_KEYS) as Section[];

/**
 * The site's configuration (issue 10 §2): read through a per-instance cache of a few seconds,
 * changed by admins with two-factor sign-in in one transaction, and forgotten on every instance
 * when it changes.
 */
export function createSiteConfig({ db, caches, events }: { db: Database; caches: CacheRegistry; events: EventPublisher }) {
  const cache = caches.declare<SiteConfig>({
    name: 'site config',
    ttlMs: SITE_CONFIG_CACHE_MS,
    bound: 1,
    clearedBy: { 'site-config.changed': 'all' },
  });

  const current = () => cache.get('config', () => readConfig(db));

  return {
    current,
    /** The configuration when this instance holds it fresh, without a promise (hot paths); else undefined, then `current`. */
    kept: (): SiteConfig | undefined => cache.peek('config'),

    /** Throws registration_closed while an admin has closed sign-ups. */
    async assertRegistrationOpen(): Promise<void> {
      if (!(await current()).registration.open) throw new AppError('registration_closed', 'apiErrors.team.registrationClosed');
    },

    hasTwoFactor: (userId: string): Promise<boolean> => hasTwoFactor(db, userId),

    /** The health check's round trip to the database. */
    checkDatabase: (): Promise<void> => checkDatabase(db),

    /** Refuses an admin without two-factor sign-in: the configuration can put scripts on every public page. */
    async assertCanChange(userId: string): Promise<void> {
      if (!(await this.hasTwoFactor(userId))) {
        throw new AppError('two_factor_required', 'apiErrors.team.twoFactorForConfig');
      }
    },

    /**
     * Merges a checked patch over what is stored and writes the sections that changed, all in one
     * transaction (the table is locked against a concurrent change, so neither is lost), with the
     * audit entry naming those sections when `audit` is given (an admin's call). Returns the whole
     * configuration and the names of the sections that changed.
     */
    async update(patch: SiteConfigPatch, audit?: AuditContext): Promise<{ config: SiteConfig; changed: Section[] }> {
      const result = await db.transaction(async (tx) => {
        await lockSiteConfig(tx);
        const before = await readConfig(tx);
        const merged = siteConfigSchema.parse({
          site: { ...before.site, ...patch.site },
          ads: { ...before.ads, ...patch.ads },
          maintenance: { ...before.maintenance, ...patch.maintenance },
          registration: { ...before.registration, ...patch.registration },
          payouts: { ...before.payouts, ...patch.payouts },
          content: { ...before.content, ...patch.content },
        });
        const changed = SECTIONS.filter((section) => JSON.stringify(before[section]) !== JSON.stringify(merged[section]));
        for (const section of changed) await writeConfigValue(tx, SITE_CONFIG_KEYS[section], merged[section]);
        if (audit) {
          const label = changed.length > 0 ? changed.join(', ') : 'nothing changed';
          await recordAuditEntry(tx, audit, { target: { type: 'site_config', id: 'site', label } });
        }
        return { config: merged, changed };
      });
      // After the commit: an instance that reloads at once reads the new values.
      if (result.changed.length > 0) events.publish({ type: 'site-config.changed' });
      return result;
    },
  };
}
export type SiteConfigService = ReturnType<typeof createSiteConfig>;
