import { z } from 'zod';
import { envelope } from './errors';

/**
 * Device keys (issue 19 §1): what a reading app signs in with (an OPDS reader with HTTP Basic, the
 * username and the key; KOReader sync with the key's MD5), never the account's password. A key
 * reads: it cannot spend coins, change the account, comment or reach the team's API.
 */
export const DEVICE_KEYS_MAX = 20;
export const DEVICE_KEY_NAME_MAX = 60;
/** Where the apps are pointed, on the site's own origin. */
export const OPDS_CATALOG_PATH = '/opds/v1.2/catalog';
export const OPDS2_CATALOG_PATH = '/opds/v2/catalog';
export const KOREADER_SYNC_PATH = '/koreader';
/**
 * The same catalogues at addresses that always ask for the username and key (issue 39): for apps
 * that send a password only after a 401 challenge, which browse anonymously at the plain ones.
 */
export const OPDS_AUTH_CATALOG_PATH = '/opds/v1.2/auth/catalog';
export const OPDS2_AUTH_CATALOG_PATH = '/opds/v2/auth/catalog';

export const deviceKeyCreateSchema = z.object({
  name: z
    .string({ error: 'validation.deviceKeyName' })
    .trim()
    .min(1, 'validation.deviceKeyName')
    .max(DEVICE_KEY_NAME_MAX, 'validation.deviceKeyNameMax'),
});
export type DeviceKeyCreate = z.infer<typeof deviceKeyCreateSchema>;

export const deviceKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.string(),
  /** When and from where an app last used it; null until it has been used. */
  lastUsedAt: z.string().nullable(),
  lastUsedAddress: z.string().nullable(),
});
export type DeviceKey = z.infer<typeof deviceKeySchema>;

/**
 * A new key: the only answer that carries the key itself, and with it `qrCode`, a QR code (an SVG
 * data: URL, so showing it fetches nothing) of the challenging OPDS 1.2 catalogue's address with
 * the username and key in it, to carry them to a phone (issue 39).
 */
export const deviceKeyCreatedSchema = deviceKeySchema.extend({ key: z.string(), qrCode: z.string() });
export type DeviceKeyCreated = z.infer<typeof deviceKeyCreatedSchema>;

export const deviceKeyIdParamsSchema = z.object({ id: z.uuid({ error: 'validation.unknownKey' }) });

export const deviceKeysResponseSchema = envelope(z.object({ items: z.array(deviceKeySchema), max: z.number().int() }));
export const deviceKeyCreatedResponseSchema = envelope(deviceKeyCreatedSchema);
