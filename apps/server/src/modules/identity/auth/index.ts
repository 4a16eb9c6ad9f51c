export { SESSION_COOKIE, SESSION_MAX_AGE_MS, SESSION_TOUCH_INTERVAL_MS } from './auth.constants';
export { authRoutes, contextOf } from './auth.routes';
export { type AuthService, createAuthService, type NewSession } from './auth.service';
export { createPasswordResetService } from './password-reset.service';
export { createRegistrationService } from './registration.service';
export { deleteUserSessions, lastSeenColumn, liveSessionFrom, sessionCountColumn } from './sessions.repository';
