import { z } from 'zod';
import { envelope } from './errors';

/** How many bytes a base64url string (padding optional) holds. */
function base64urlBytes(value: string): number {
  const bare = value.replace(/=+$/, '');
  return Math.floor((bare.length * 3) / 4);
}

const base64url = (label: string, bytes: number) =>
  z
    .string({ error: `${label} is missing` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${label} must be base64url`)
    .refine((value) => base64urlBytes(value) === bytes, `${label} must be ${bytes} bytes`);

/** Issue 21 §4: what `PushSubscription.toJSON()` gives in a browser. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ error: 'validation.endpointUrl' }).max(2048, 'validation.endpointTooLong'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key, uncompressed: 65 bytes. */
    p256dh: base64url('keys.p256dh', 65),
    /** The authentication secret: 16 bytes. */
    auth: base64url('keys.auth', 16),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushEndpointSchema = z.object({ endpoint: z.url({ error: 'validation.endpointUrl' }).max(2048) });
export const pushVapidKeyResponseSchema = envelope(z.object({ publicKey: z.string() }));
export const pushSubscriptionResponseSchema = envelope(z.object({ endpoint: z.string(), subscribed: z.boolean() }));

/** A time of day, HH:MM on a 24-hour clock. */
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.timeOfDay');

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Hours in which pushes wait, in the reader's time zone; sent as one when they end. Null: none. */
export const pushQuietHoursSchema = z
  .object({
    start: timeOfDay,
    end: timeOfDay,
    timeZone: z.string().max(64).refine(isTimeZone, 'validation.unknownTimeZone'),
  })
  .refine((hours) => hours.start !== hours.end, { path: ['end'], message: 'validation.quietHoursDiffer' })
  .nullable();
export type PushQuietHours = z.infer<typeof pushQuietHoursSchema>;
