import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './constants';
import { errorBodySchema } from './errors';

/**
 * Two-factor sign-in (issue 10 §2): a code from an authenticator app (TOTP, RFC 6238: 30-second
 * steps, 6 digits) after the password, or one of ten one-time recovery codes.
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** How long the second step of a sign-in may take after the password was right. */
export const TWO_FACTOR_CHALLENGE_TTL_MS = 5 * 60_000;
/**
 * Wrong codes (authenticator or recovery, at sign-in or in the account's settings) per account and
 * address per window, and from every address with a higher ceiling: the password is already known
 * to whoever gets this far, so the six digits must not be guessable.
 */
export const TWO_FACTOR_FAILURE_LIMIT = { max: 5, windowMs: 15 * 60_000 } as const;
export const TWO_FACTOR_ACCOUNT_FAILURE_LIMIT = { max: 20, windowMs: 60 * 60_000 } as const;

const CODE_MESSAGE = `Enter the ${TOTP_DIGITS}-digit code from your authenticator app`;

/** Six digits; spaces (as apps show them, "123 456") are dropped. */
export const totpCodeSchema = z
  .string({ error: CODE_MESSAGE })
  .max(20, CODE_MESSAGE)
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, CODE_MESSAGE));

/** A recovery code as typed: case, spaces and dashes do not matter. */
export const recoveryCodeSchema = z
  .string({ error: 'validation.enterRecoveryCode' })
  .trim()
  .min(1, 'validation.enterRecoveryCode')
  .max(64, 'validation.recoveryCodeShort');

/** An authenticator code or a recovery code, in one field (turning two-factor sign-in off). */
const anyCodeSchema = z
  .string({ error: 'validation.enterCode' })
  .trim()
  .min(1, 'validation.enterCode')
  .max(64, 'validation.codeShort');

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Unused recovery codes; 0 while two-factor sign-in is off. */
  recoveryCodesLeft: z.number().int().nonnegative(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** A proposed secret, not in force until a first code confirms it. */
export const twoFactorSetupSchema = z.object({
  /** The secret in base32, for typing into an app by hand. */
  manualKey: z.string(),
  /** otpauth://totp/… with the site's name as issuer. */
  otpauthUri: z.string(),
  /** The URI as a QR code: an SVG data URL. */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorCodeRequestSchema = z.strictObject({ code: totpCodeSchema });

export const twoFactorDisableRequestSchema = z.strictObject({
  password: z.string({ error: 'validation.passwordRequired' }).min(1, 'validation.passwordRequired').max(PASSWORD_MAX_LENGTH),
  code: anyCodeSchema,
});
export type TwoFactorDisableRequest = z.input<typeof twoFactorDisableRequestSchema>;

/** The new recovery codes, shown once: only their hashes are kept. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

const data = <T extends z.ZodType>(schema: T) => z.object({ success: z.literal(true), data: schema, message: z.string() });
export const twoFactorStatusResponseSchema = data(twoFactorStatusSchema);
export const twoFactorSetupResponseSchema = data(twoFactorSetupSchema);
export const recoveryCodesResponseSchema = data(recoveryCodesSchema);
export const twoFactorDisableResponseSchema = data(twoFactorStatusSchema);

/** The sign-in's second step: the challenge login answered with, and a code or a recovery code. */
export const loginTwoFactorRequestSchema = z
  .strictObject({
    challenge: z.string({ error: 'validation.challengeMissing' }).min(1, 'validation.challengeMissing').max(400),
    code: totpCodeSchema.optional(),
    recoveryCode: recoveryCodeSchema.optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    message: 'validation.codeOrRecovery',
    path: ['code'],
  });
export type LoginTwoFactorRequest = z.input<typeof loginTwoFactorRequestSchema>;

/**
 * Login's error answer. For an account with two-factor sign-in a right password answers
 * `two_factor_required` with a challenge for the second step; every other error is the plain envelope.
 */
export const loginErrorBodySchema = errorBodySchema.extend({
  twoFactor: z.object({ challenge: z.string(), expiresAt: z.string() }).optional(),
});
export type LoginErrorBody = z.infer<typeof loginErrorBodySchema>;
