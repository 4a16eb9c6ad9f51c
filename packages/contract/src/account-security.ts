import { z } from 'zod';
import { emailSchema } from './auth';
import { PASSWORD_MAX_LENGTH } from './constants';
import { envelope } from './errors';

/**
 * Issue 36 §2: a reader's e-mail address and the places they are signed in. A new address is
 * asked with the password and made the account's when the link mailed to it is followed (once,
 * within EMAIL_CHANGE_TOKEN_TTL_MS); the old address is then told, with a link that puts it back
 * and secures the account (within EMAIL_CHANGE_UNDO_TTL_MS of the change).
 */
export const EMAIL_CHANGE_TOKEN_TTL_MS = 24 * 60 * 60_000;
export const EMAIL_CHANGE_UNDO_TTL_MS = 7 * 24 * 60 * 60_000;

/** The web pages the two mails link to (`?token=`). */
export const EMAIL_CHANGE_CONFIRM_PAGE = '/email-change/confirm';
export const EMAIL_CHANGE_UNDO_PAGE = '/email-change/undo';

export const emailChangeRequestSchema = z.strictObject({
  newEmail: emailSchema,
  password: z
    .string({ error: 'validation.passwordRequired' })
    .min(1, 'validation.passwordRequired')
    .max(PASSWORD_MAX_LENGTH, 'validation.passwordMax'),
});
export type EmailChangeRequest = z.infer<typeof emailChangeRequestSchema>;

/** A mailed link's token: the confirmation's (to the new address) or the undo's (to the old one). */
export const emailChangeTokenSchema = z.strictObject({
  token: z.string().min(1, 'validation.confirmationToken').max(200),
});

/** The address the account has now, after a confirmation or an undo. */
export const emailChangeResultResponseSchema = envelope(z.object({ email: z.string() }));

/** The kinds of device a browser's user agent names. */
export const DEVICE_KINDS = ['desktop', 'phone', 'tablet'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** One place the reader is signed in: a session, its device as its user agent describes it. */
export const accountSessionSchema = z.object({
  id: z.uuid(),
  /** Browser and operating system in words ("Firefox", "Windows"); null when the user agent does not say. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  kind: z.enum(DEVICE_KINDS).nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session of the request that asked: this device. */
  isCurrent: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsResponseSchema = envelope(z.object({ items: z.array(accountSessionSchema) }));
export const sessionIdParamsSchema = z.object({ id: z.uuid({ error: 'validation.unknownSession' }) });
/** How many sessions "sign out everywhere else" ended. */
export const sessionsRevokedResponseSchema = envelope(z.object({ ended: z.number().int().nonnegative() }));
