import {
  API,
  LOGIN_TIMEOUT_MS,
  VERIFY_TIMEOUT_MS,
  type LoginResponse,
  type SessionUser,
  type VerifyResponse,
} from '@inkwell/contract';
import { apiJson, fetchWithTimeout } from '../../../lib/api-client';

/** SPEC §4: the session check. Any failure means a visitor, with no error shown. */
export async function verifySession(): Promise<SessionUser | null> {
  try {
    const response = await fetchWithTimeout(API.verify, { timeoutMs: VERIFY_TIMEOUT_MS, cache: 'no-store' });
    if (!response.ok) return null;
    const body = (await response.json()) as VerifyResponse;
    if (!body.authenticated || !body.user) return null;
    return { ...body.user, role: String(body.user.role).toLowerCase() as SessionUser['role'] };
  } catch {
    return null;
  }
}

export interface LoginInput {
  /** An e-mail or a username, as typed in the one field of the login form. */
  login: string;
  password: string;
}

/** SPEC §5: a username sends username+password, otherwise email+password. */
export function toLoginPayload({ login, password }: LoginInput) {
  const value = login.trim();
  return value.includes('@') ? { email: value, password } : { username: value, password };
}

export type LoginResult = { success: true; user: SessionUser } | { success: false; message: string };

/**
 * SPEC §5, §8: succeeds only when the response is ok and success is true; otherwise the server's
 * message, else "Login failed". A network error or invalid JSON is rethrown to the caller.
 */
export async function postLogin(input: LoginInput): Promise<LoginResult> {
  const response = await fetchWithTimeout(API.login, {
    method: 'POST',
    timeoutMs: LOGIN_TIMEOUT_MS,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(toLoginPayload(input)),
  });
  const body = (await response.json()) as LoginResponse;
  if (response.ok && body.success === true && body.user) return { success: true, user: body.user };
  return { success: false, message: body.message || 'Login failed' };
}

/** SPEC §7: a JSON POST with no body; its answer is not read. */
export async function postLogout(): Promise<void> {
  const response = await fetchWithTimeout(API.logout, { method: 'POST', headers: { 'content-type': 'application/json' } });
  if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
}

export function postRegister(input: { email: string; username: string; password: string }) {
  return apiJson<LoginResponse>(API.register, { method: 'POST', json: input });
}

export function postForgotPassword(email: string) {
  return apiJson<{ success: true; message: string }>(API.forgotPassword, { method: 'POST', json: { email } });
}

export function postResetPassword(token: string, password: string) {
  return apiJson<{ success: true; message: string }>(API.resetPassword, { method: 'POST', json: { token, password } });
}

export function postChangePassword(currentPassword: string, newPassword: string) {
  return apiJson<{ success: true; message: string }>(API.changePassword, {
    method: 'POST',
    json: { currentPassword, newPassword },
  });
}
