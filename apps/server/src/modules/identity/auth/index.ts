export { SESSION_COOKIE, SESSION_MAX_AGE_MS, SESSION_TOUCH_INTERVAL_MS } from './auth.constants';
export { authRoutes, contextOf } from './auth.routes';
export { type AuthService, createAuthService, type NewSession } from './auth.service';
export { createPasswordResetService } from './password-reset.service';
export { createRegistrationService } from './registration.service';
// Issue 36 §2: the reader's e-mail address and where they are signed in.
export { accountSecurityRoutes } from './account-security.routes';
export { createAccountSessionsService } from './account-sessions.service';
export { createEmailChangeService } from './email-change.service';
// device keys: a live session from this address; admin-users: last seen and sessions held, per user.
export { lastSeenColumn, liveSessionFrom, sessionCountColumn } from './auth.sql';
// admin-users (a ban) and the command line: signing a user out everywhere.
export { deleteUserSessions } from './commands/sessions';
export { sessionsForExport } from './queries/account-export';
export { eraseAuthDataOf } from './commands/account-erasure';
