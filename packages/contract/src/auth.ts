import { seriesRoleSchema } from './teamwork';
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_PATTERN } from './constants';
import { envelope } from './errors';
import { LOCALES } from './locales';
import { contentLanguageSchema } from './content-languages';
import { CONTENT_LANGUAGES_MAX } from './language-tags';

export const ROLES = ['reader', 'editor', 'admin'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** SPEC §3: the session user. */
export const sessionUserSchema = z.object({
  id: z.string(),
  role: roleSchema,
  email: z.string(),
  username: z.string(),
  coins: z.number().int().nonnegative(),
  membership: z.string().nullable(),
  isPremium: z.boolean(),
  avatarUrl: z.string().nullable(),
  /** Bumped whenever the avatar changes (issue 36 §1): the top bar's `?v=`, so a replaced avatar is never shown from a cache. */
  avatarVersion: z.number().int().nonnegative().optional(),
  /** Unlock a locked chapter on opening it when the coins are there (the store's per-user option). */
  autoUnlock: z.boolean(),
  /** The languages the reader reads series in, most wanted first (issue 35 §2); empty: the interface's. */
  contentLanguages: z.array(z.string()).optional(),
  /** The reader opted in to series marked Adult (issue 36 §4): lists and pages show them (when the site has them). */
  showAdult: z.boolean().optional(),
  /** The series whose team the user is on (issue 37 §3), with their role: the dashboard shows those series. */
  seriesRoles: z.array(seriesRoleSchema).optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const emailSchema = z
  .string({ error: 'validation.emailRequired' })
  .trim()
  .max(EMAIL_MAX_LENGTH, 'validation.emailMax')
  .pipe(z.email({ error: 'validation.emailValid' }));

export const usernameSchema = z
  .string({ error: 'validation.usernameRequired' })
  .trim()
  .regex(USERNAME_PATTERN, 'validation.usernameFormat');

/**
 * Names a reader may not choose (issue 36 §1), in any case: they would pass for the site or its
 * team, or for a part of the site's addresses. The team's own accounts are made by an operator.
 */
export const RESERVED_USERNAMES: readonly string[] = [
  'admin',
  'administrator',
  'anonymous',
  'api',
  'deleted',
  'editor',
  'help',
  'inkwell',
  'login',
  'logout',
  'moderator',
  'mod',
  'null',
  'official',
  'owner',
  'register',
  'root',
  'settings',
  'staff',
  'support',
  'system',
  'team',
  'undefined',
];
export const isReservedUsername = (username: string) => RESERVED_USERNAMES.includes(username.trim().toLowerCase());

/** A username a reader chooses (sign-up, profile): the format, and none of the reserved names. */
export const chosenUsernameSchema = usernameSchema.refine(
  (username) => !isReservedUsername(username),
  'validation.usernameReserved',
);

export const passwordSchema = z
  .string({ error: 'validation.passwordRequired' })
  .min(PASSWORD_MIN_LENGTH, 'validation.passwordMin')
  .max(PASSWORD_MAX_LENGTH, 'validation.passwordMax');

/** A password being checked, not chosen: only bounded, so old passwords still work. */
const givenPasswordSchema = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, 'validation.passwordRequired')
  .max(PASSWORD_MAX_LENGTH, 'validation.passwordMax');

/** SPEC §3: GET /api/proxy/public/verify. */
export const verifyResponseSchema = z.object({
  authenticated: z.boolean(),
  user: sessionUserSchema.nullable(),
  message: z.string(),
});

/** SPEC §5: email+password, or username+password. */
export const loginRequestSchema = z
  .strictObject({
    email: emailSchema.optional(),
    username: z.string().trim().min(1).max(64).optional(),
    password: givenPasswordSchema,
  })
  .refine((body) => (body.email === undefined) !== (body.username === undefined), {
    message: 'validation.emailOrUsername',
    path: ['email'],
  });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  success: z.boolean(),
  user: sessionUserSchema.optional(),
  message: z.string(),
});

/**
 * Where a sign-up goes back to once its mailed link is followed (issue 33 §4): a path on this
 * site only — one `/` then not another, nor a backslash or a control character — so the link can
 * never send a new reader to another site.
 */
export const nextPathSchema = z
  .string()
  .max(500, 'validation.nextTooLong')
  // Printable characters but the backslash ("!" to "[", "]" to "~", and beyond ASCII).
  .regex(/^\/(?![/\\])[!-[\]-~\u00a0-\uffff]*$/, 'validation.nextPath');

export const registerRequestSchema = z.strictObject({
  email: emailSchema,
  username: chosenUsernameSchema,
  password: passwordSchema,
  next: nextPathSchema.optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/**
 * Issue 20 §4: a sign-up is finished from the link mailed to its address, so registering answers
 * the same whether or not the address already has an account (that one gets a "you already have an
 * account" mail instead).
 */
export const REGISTER_MESSAGE = 'Check your e-mail: we sent a link to finish creating your account.';
export const registerConfirmRequestSchema = z.strictObject({
  token: z.string().min(1, 'validation.confirmationToken').max(200),
});
export type RegisterConfirmRequest = z.infer<typeof registerConfirmRequestSchema>;
/** The new account, signed in, and the page its sign-up started from (null: none was given). */
export const registerConfirmResponseSchema = loginResponseSchema.extend({ next: nextPathSchema.nullable() });

export const forgotPasswordRequestSchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const resetPasswordRequestSchema = z.strictObject({
  token: z.string().min(1, 'validation.resetToken').max(200),
  password: passwordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const changePasswordRequestSchema = z.strictObject({
  currentPassword: givenPasswordSchema,
  newPassword: passwordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** A plain acknowledgement: `{ success: true, message }`. */
export const messageResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** SPEC §3: the profile object, read as `data` of `{ success, data, message }`. */
export const profileDataSchema = sessionUserSchema.extend({
  createdAt: z.string(),
  /** Bumped when the avatar changes, so the client's avatar cache knows to refresh. */
  avatarVersion: z.number().int().nonnegative(),
  /** A few words the reader wrote about themself, shown with their comments (issue 36 §1); '' when none. */
  bio: z.string().optional(),
  /** Two-factor sign-in is on (issue 10): admins need it before they change the configuration. */
  twoFactorEnabled: z.boolean(),
  /** Shares in some series or was ever paid a share (issue 33): only then has the Reader's Area an Earnings page. */
  hasEarnings: z.boolean(),
  /** The language the server writes to the reader in (e-mails, pushes: issue 35 §1); null: the site's default. */
  locale: z.enum(LOCALES).nullable().optional(),
});
export type ProfileData = z.infer<typeof profileDataSchema>;

export const profileResponseSchema = z.object({
  success: z.boolean(),
  data: profileDataSchema.optional(),
  message: z.string(),
});

/** A reader's account preferences, any of them: the language the server writes to them in (issue 35 §1). */
export const preferencesUpdateSchema = z
  .object({
    locale: z.enum(LOCALES, { error: 'validation.localeChoice' }).optional(),
    /** The languages the reader reads series in, most wanted first (issue 35 §2): the edition a series opens in. */
    contentLanguages: z
      .array(contentLanguageSchema)
      .max(CONTENT_LANGUAGES_MAX, 'validation.contentLanguagesMax')
      .transform((tags) => [...new Set(tags)])
      .optional(),
    /** The reader is 18 or older and wants series marked Adult shown (issue 36 §4). */
    showAdult: z.boolean({ error: 'validation.trueOrFalse' }).optional(),
  })
  .refine(
    (preferences) =>
      preferences.locale !== undefined || preferences.contentLanguages !== undefined || preferences.showAdult !== undefined,
    'validation.nothingToChange',
  );
export type PreferencesUpdate = z.infer<typeof preferencesUpdateSchema>;
/** The reader's preferences as kept: `locale` null until they choose one (e-mails are then in the site's default). */
export const preferencesSchema = z.object({
  locale: z.enum(LOCALES).nullable(),
  contentLanguages: z.array(z.string()),
  showAdult: z.boolean(),
});
export type Preferences = z.infer<typeof preferencesSchema>;
export const preferencesResponseSchema = envelope(preferencesSchema);
