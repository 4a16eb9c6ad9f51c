import type { AreaBase } from '../app-deps';
import { createViewerCache } from '../modules/identity/access';
import {
  createAccountSessionsService,
  createAuthService,
  createEmailChangeService,
  createPasswordResetService,
  createRegistrationService,
} from '../modules/identity/auth';
import { createDeviceKeysService } from '../modules/identity/device-keys';
import { createProfileService } from '../modules/identity/profile';
import { createTwoFactorService } from '../modules/identity/two-factor';
import type { PlatformServices } from './platform';

/**
 * Identity (modules/identity/CONTEXT.md): accounts, sessions and sign-in with its second factor, the
 * reading apps' device keys, and what a reader's requests read about them.
 */
export function createIdentityServices(
  { app, config, db, clock, limiter, languages }: AreaBase,
  { jobs, mailer, events, caches, storage }: PlatformServices,
) {
  // What a reader's requests read about them, kept a few seconds and forgotten on every instance when it changes.
  const viewerCache = createViewerCache(clock, caches);
  // Issue 10: authenticator secrets sealed and sign-in challenges signed with the session secret.
  const twoFactor = createTwoFactorService({ db, clock, limiter, events, secret: config.sessionSecret });
  // Issue 19 §1: what reading apps sign in with, never the password.
  const deviceKeys = createDeviceKeysService({ db, clock, limiter });
  const auth = createAuthService({
    db,
    clock,
    limiter,
    viewerCache,
    events,
    twoFactorChallenge: (user) => twoFactor.challengeFor(user),
    attemptLimit: config.authRateLimit,
  });
  // Reset links go out through a job, after the answer, so it takes as long whether or not the account exists (issue 7 §4.9).
  const passwordReset = createPasswordResetService({
    events,
    db,
    clock,
    mailer,
    limiter,
    logger: app.log,
    publicUrl: config.publicUrl,
    languages,
    deliver: (request) =>
      jobs
        .send('auth.reset-link', request)
        .catch((error: unknown) => app.log.error({ err: error }, 'could not queue a reset link')),
  });
  app.addHook('onClose', () => passwordReset.idle());
  const signUps = createRegistrationService({
    db,
    clock,
    mailer,
    limiter,
    publicUrl: config.publicUrl,
    languages,
    queueMail: (tx, request) => jobs.send('auth.registration-mail', request, { tx }),
  });
  // Issue 36 §2: a new e-mail address made the account's from the link mailed to it; the old one told (both mails queued in the change's transaction).
  const emailChange = createEmailChangeService({
    db,
    clock,
    mailer,
    limiter,
    publicUrl: config.publicUrl,
    events,
    languages,
    queueChangeMail: (tx, request) => jobs.send('auth.email-change-mail', request, { tx }),
    queueMail: (tx, mail) => jobs.send('mail.send', mail, { tx }),
    queueResetLink: (tx, request) => jobs.send('auth.reset-link', request, { tx }),
  });
  const accountSessions = createAccountSessionsService({ db, clock, events });
  // Issue 36 §1: the reader's username (the one given up held for them), bio and avatar (stored beside the covers).
  const profile = createProfileService({ db, clock, events, storage });
  return { viewerCache, twoFactor, deviceKeys, auth, passwordReset, signUps, emailChange, accountSessions, profile };
}
export type IdentityServices = ReturnType<typeof createIdentityServices>;
