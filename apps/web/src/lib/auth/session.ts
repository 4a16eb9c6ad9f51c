import {
  LOGIN_TIMEOUT_MS,
  VERIFY_TIMEOUT_MS,
  type EndpointResponse,
  type LoginErrorBody,
  type SessionUser,
} from '@inkwell/contract';
import { fetchEndpoint, pageMessage, readEndpointJson } from '../api-client';

// The three session calls of SPEC §7. Their handling is fixed by the spec (a failed check is a
// visitor, login reads `success`, logout reads nothing), so they read the answer themselves;
// method, path and types come from the contract's endpoint table.

/** SPEC §4: the session check. Any failure means a visitor, with no error shown. */
export async function verifySession(): Promise<SessionUser | null> {
  try {
    const response = await fetchEndpoint('verify', { timeoutMs: VERIFY_TIMEOUT_MS, cache: 'no-store' });
    if (!response.ok) return null;
    const body = await readEndpointJson<'verify'>(response);
    if (!body.authenticated || !body.user) return null;
    return withLowerCaseRole(body.user);
  } catch {
    return null;
  }
}

/** SPEC §3: the role is lower-cased when the session is checked. */
export function withLowerCaseRole(user: SessionUser): SessionUser {
  return { ...user, role: String(user.role).toLowerCase() as SessionUser['role'] };
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

export type LoginResult =
  | { success: true; user: SessionUser }
  | {
      success: false;
      message: string;
      /** The server's error code, when it gave one the page acts on (two_factor_required, invalid_token). */
      code?: string;
      /** Issue 10: the password was right and the account has two-factor sign-in; the second step answers this. */
      twoFactorChallenge?: string;
    };

/** What login and its second step answered: the user, or why not (SPEC §5, §8). */
async function readLoginAnswer(response: Response): Promise<LoginResult> {
  // Login's answer is the success shape, or the error envelope (with a challenge for the second step).
  const body = (await readEndpointJson<'login'>(response)) as Omit<EndpointResponse<'login'>, 'success'> &
    Partial<Pick<LoginErrorBody, 'error' | 'twoFactor'>> & { success: boolean };
  if (response.ok && body.success === true && body.user) return { success: true, user: body.user };
  const failure: LoginResult = { success: false, message: body.message || (await pageMessage('common.lib.auth.loginFailed')) };
  if (body.error?.code === 'two_factor_required' || body.error?.code === 'invalid_token') failure.code = body.error.code;
  if (body.error?.code === 'two_factor_required' && body.twoFactor?.challenge)
    failure.twoFactorChallenge = body.twoFactor.challenge;
  return failure;
}

/**
 * SPEC §5, §8: succeeds only when the response is ok and success is true; otherwise the server's
 * message, else "Login failed" in the page's language. A network error or invalid JSON is rethrown to the caller.
 */
export async function postLogin(input: LoginInput): Promise<LoginResult> {
  const response = await fetchEndpoint('login', { body: toLoginPayload(input), timeoutMs: LOGIN_TIMEOUT_MS });
  return readLoginAnswer(response);
}

export type TwoFactorLoginInput = { challenge: string } & ({ code: string } | { recoveryCode: string });

/** Issue 10: the sign-in's second step, read as login is. */
export async function postLoginTwoFactor(input: TwoFactorLoginInput): Promise<LoginResult> {
  const response = await fetchEndpoint('loginTwoFactor', { body: input, timeoutMs: LOGIN_TIMEOUT_MS });
  return readLoginAnswer(response);
}

/** SPEC §7: a JSON POST with no body; its answer is not read. */
export async function postLogout(): Promise<void> {
  const response = await fetchEndpoint('logout');
  if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
}
