import { z } from 'zod';
import { currencySchema } from './currency-schema';
import { LOCALES } from './locales';

/** Public site settings the shell needs: name, Discord link, footer contacts. */
export const siteSettingsSchema = z.object({
  siteName: z.string(),
  discordUrl: z.string().nullable(),
  developerName: z.string(),
  contacts: z.array(z.object({ kind: z.enum(['github', 'email', 'x', 'website']), url: z.string() })),
  /** The interface's language for readers whose browser names none of ours (issue 35 §1). */
  defaultLocale: z.enum(LOCALES),
  /** The store's currency for readers whose own has no prices (issue 38 §3). */
  defaultCurrency: currencySchema,
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/**
 * GET /api/health, for a load balancer (issue 20 §1): 200 when everything this instance needs
 * answers, 503 otherwise, each part said apart; no versions. `redis` is `memory` when the
 * instance runs without Redis, `down` while a configured Redis is away (limits are then counted in
 * the instance, and the instance still serves).
 */
export const healthResponseSchema = z.object({
  ok: z.boolean(),
  database: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down', 'memory']),
  jobs: z.enum(['up', 'down']),
  draining: z.boolean(),
});
export type Health = z.infer<typeof healthResponseSchema>;

/**
 * The settings an admin keeps in site_config (issue 10), one JSON value per key:
 * `site` (siteSettingsSchema), `ads`, `maintenance`, `registration` and `payouts` below.
 */
export const SITE_CONFIG_KEYS = {
  site: 'site',
  ads: 'ads',
  maintenance: 'maintenance',
  registration: 'registration',
  payouts: 'payouts',
  content: 'content',
} as const;

/** Ads: on or off, and the ad network's markup (script tags), which runs only on public reading pages. */
export const adsSettingsSchema = z.object({ enabled: z.boolean(), scripts: z.string().max(20_000) });
export type AdsSettings = z.infer<typeof adsSettingsSchema>;
export const DEFAULT_ADS_SETTINGS: AdsSettings = { enabled: false, scripts: '' };

/** Maintenance: public pages show the maintenance error page and public API calls answer 503; the team works on. */
export const maintenanceSettingsSchema = z.object({ enabled: z.boolean(), message: z.string().trim().max(500) });
export type MaintenanceSettings = z.infer<typeof maintenanceSettingsSchema>;
export const DEFAULT_MAINTENANCE_SETTINGS: MaintenanceSettings = { enabled: false, message: '' };

export const registrationSettingsSchema = z.object({ open: z.boolean() });

/**
 * What the site carries (issue 36 §4): whether series marked Adult exist on it at all. On (the
 * default), they are shown to readers who opted in (ME/preferences `showAdult`) and behind a gate
 * to anyone else; off, to nobody but the team (decision 0041).
 */
export const contentSettingsSchema = z.object({ adultContent: z.boolean() });
export type ContentSettings = z.infer<typeof contentSettingsSchema>;
export const DEFAULT_CONTENT_SETTINGS: ContentSettings = { adultContent: true };
export type RegistrationSettings = z.infer<typeof registrationSettingsSchema>;
export const DEFAULT_REGISTRATION_SETTINGS: RegistrationSettings = { open: true };

/**
 * Payouts (issue 22 §2): the site's fee, in whole percent of what a series' payees earn. A month
 * keeps the fee in force when it closed (an hour or so after its end): a closed month never changes.
 */
/** The smallest exchange rate the payouts take (decision 0045). */
const MIN_EXCHANGE_RATE = 0.000001;

export const payoutSettingsSchema = z.object({
  feePercent: z
    .number({ error: 'validation.feeWhole' })
    .int('validation.feeWhole')
    .min(0, 'validation.feeRange')
    .max(100, 'validation.feeRange'),
  /**
   * Issue 38 §2: the currency a payee's month is counted in before it is sent in theirs. Coins are
   * valued in it and the minimum is said in it.
   */
  currency: currencySchema,
  /** What 100 coins a payee earned are worth, in that currency's minor unit (100 = 1.00 USD). */
  coinValueCents: z
    .number({ error: 'validation.coinValue' })
    .int('validation.coinValue')
    .min(0, 'validation.coinValue')
    .max(1_000_000, 'validation.coinValue'),
  /** Below this (in the payout currency's minor unit) a month's balance carries over to the next. */
  minimumCents: z
    .number({ error: 'validation.payoutMinimum' })
    .int('validation.payoutMinimum')
    .min(0, 'validation.payoutMinimum')
    .max(100_000_000, 'validation.payoutMinimum'),
  /**
   * How many units of the payout currency one unit of another currency is worth ({eur: 1.08}).
   * Income in a currency without a rate waits, carried, until one is set. At least 0.000001 (a
   * unit of the weakest currency in the strongest, with room): the payouts read a rate to 12
   * decimals, and a smaller one would read as 0.
   */
  exchangeRates: z.partialRecord(
    currencySchema,
    z
      .number({ error: 'validation.exchangeRate' })
      .min(MIN_EXCHANGE_RATE, 'validation.exchangeRate')
      .max(1_000_000, 'validation.exchangeRate'),
  ),
});
export type PayoutSettings = z.infer<typeof payoutSettingsSchema>;
export const DEFAULT_PAYOUT_SETTINGS: PayoutSettings = {
  feePercent: 30,
  currency: 'usd',
  coinValueCents: 100,
  minimumCents: 2_000,
  exchangeRates: {},
};

const absoluteHttpUrl = z.url({ protocol: /^https?$/, hostname: /.+/ });

/** An absolute http(s) address with a host; anything else (javascript:, //host, a path) is refused. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\/[^/\\?#\s]/i.test(value)) return false;
  // zod parses it as the platform's URL does (the contract has no DOM or Node types of its own).
  return absoluteHttpUrl.safeParse(value).success;
}

export const ADS_SCRIPTS_MAX_LENGTH = 20_000;
export const MAINTENANCE_MESSAGE_MAX_LENGTH = 500;

const HTTP_URL_MESSAGE = 'validation.httpUrl';
const httpUrlSchema = z
  .string()
  .trim()
  .min(1, 'validation.enterAddress')
  .max(500, 'validation.address500')
  .refine(isHttpUrl, HTTP_URL_MESSAGE);

/** A footer contact: an http(s) address, or for `email` a mailto: address (a bare e-mail address gets mailto: put in front). */
export const siteContactInputSchema = z
  .object({
    kind: z.enum(['github', 'email', 'x', 'website'], { error: 'validation.contactKindChoice' }),
    url: z.string().trim().min(1, 'validation.enterAddress').max(500, 'validation.address500'),
  })
  .transform((contact) =>
    contact.kind === 'email' && !/^mailto:/i.test(contact.url) && !/^https?:/i.test(contact.url)
      ? { ...contact, url: `mailto:${contact.url}` }
      : contact,
  )
  .superRefine((contact, context) => {
    if (contact.kind === 'email' && /^mailto:/i.test(contact.url)) {
      if (!z.email().safeParse(contact.url.slice('mailto:'.length)).success) {
        context.addIssue({ code: 'custom', path: ['url'], message: 'validation.emailValid' });
      }
      return;
    }
    if (!isHttpUrl(contact.url)) context.addIssue({ code: 'custom', path: ['url'], message: HTTP_URL_MESSAGE });
  });

export const SITE_CONTACTS_MAX = 10;

/** What an admin may set of the public settings (issue 10 §2); each field optional in a PATCH. */
export const siteSettingsInputSchema = z.object({
  siteName: z.string().trim().min(1, 'validation.enterSiteName').max(60, 'validation.siteName60'),
  discordUrl: z
    .union([z.literal('').transform(() => null), z.null(), httpUrlSchema])
    .describe('The Discord invite for the user menu; null or empty removes it'),
  developerName: z.string().trim().min(1, 'validation.enterCreator').max(80, 'validation.name80'),
  contacts: z.array(siteContactInputSchema).max(SITE_CONTACTS_MAX, 'validation.contactsMax'),
  defaultLocale: z.enum(LOCALES),
  defaultCurrency: currencySchema,
});

/** The public settings answer: what the shell shows, and whether maintenance is on and sign-ups are open. */
export const publicSiteSettingsSchema = siteSettingsSchema.extend({
  maintenance: z.object({ enabled: z.boolean(), message: z.string() }),
  registrationOpen: z.boolean(),
});
export type PublicSiteSettings = z.infer<typeof publicSiteSettingsSchema>;

/** The whole configuration an admin keeps, one section per site_config key. */
export const siteConfigSchema = z.object({
  site: siteSettingsSchema,
  ads: adsSettingsSchema,
  maintenance: maintenanceSettingsSchema,
  registration: registrationSettingsSchema,
  payouts: payoutSettingsSchema,
  content: contentSettingsSchema,
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

/** PATCH ADMIN/site-config: any sections, each with any of its fields; what is left out stays. */
export const siteConfigPatchSchema = z
  .object({
    site: siteSettingsInputSchema.partial().strict(),
    ads: z
      .object({
        enabled: z.boolean(),
        scripts: z.string().max(ADS_SCRIPTS_MAX_LENGTH, 'validation.adScripts'),
      })
      .partial()
      .strict(),
    maintenance: z
      .object({
        enabled: z.boolean(),
        message: z.string().trim().max(MAINTENANCE_MESSAGE_MAX_LENGTH, 'validation.maintenanceMessage500'),
      })
      .partial()
      .strict(),
    registration: registrationSettingsSchema.partial().strict(),
    payouts: payoutSettingsSchema.partial().strict(),
    content: contentSettingsSchema.partial().strict(),
  })
  .partial()
  .strict()
  .refine(
    (patch) => Object.values(patch).some((section) => section && Object.keys(section).length > 0),
    'validation.nothingToChange',
  );
export type SiteConfigPatch = z.input<typeof siteConfigPatchSchema>;

/** The configuration, and whether the asking admin has two-factor sign-in on (changes need it). */
export const siteConfigResponseSchema = z.object({
  success: z.literal(true),
  data: siteConfigSchema.extend({ twoFactorEnabled: z.boolean() }),
  message: z.string().optional(),
});
export type SiteConfigAnswer = z.infer<typeof siteConfigResponseSchema>['data'];
