import { FAILED_LOGIN_LIMIT, PASSWORD_MAX_LENGTH } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  loginAs,
  sessionCookieFrom,
  TEST_ORIGIN,
  type TestContext,
} from '../../../test/helpers';
import { findUserByUsername } from '../users/users.repository';
import { SESSION_COOKIE, SESSION_IDLE_MS, SESSION_MAX_AGE_MS } from './auth.constants';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: TEST_ORIGIN, ...headers } });
const verify = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/proxy/public/verify', headers: cookie ? { cookie } : {} });

describe('GET /api/proxy/public/verify', () => {
  it('answers a visitor with authenticated false and no user', async () => {
    const response = await verify();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ authenticated: false, user: null, message: 'Not authenticated' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('treats an unknown token as a visitor', async () => {
    const response = await verify(`${SESSION_COOKIE}=not-a-real-token`);
    expect(response.json().authenticated).toBe(false);
  });
});

describe('POST /api/proxy/public/register', () => {
  it('creates a reader, starts a session and answers with the user', async () => {
    const response = await post('/api/proxy/public/register', {
      email: 'New.Reader@Example.com',
      username: 'New_Reader',
      password: 'lantern-meadow-42',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.user).toMatchObject({ role: 'reader', username: 'New_Reader', coins: 0, isPremium: false, membership: null });
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const session = await verify(sessionCookieFrom(response));
    expect(session.json()).toMatchObject({ authenticated: true, user: { username: 'New_Reader' } });
  });

  it('stores the password hashed with argon2id', async () => {
    const row = await findUserByUsername(t.db, 'new_reader');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses an e-mail or username taken in another case', async () => {
    const response = await post('/api/proxy/public/register', {
      email: 'new.reader@example.com',
      username: 'NEW_READER',
      password: 'lantern-meadow-42',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('conflict');
    expect(response.json().error.fields).toEqual({
      email: 'An account with this e-mail already exists',
      username: 'This username is taken',
    });
  });

  it.each([
    ['missing fields', {}, ['email', 'username', 'password']],
    ['wrong types', { email: 42, username: ['x'], password: true }, ['email', 'username', 'password']],
    ['a malformed e-mail', { email: 'not-an-email', username: 'valid_name', password: 'lantern-meadow-42' }, ['email']],
    ['a short username', { email: 'a@example.com', username: 'ab', password: 'lantern-meadow-42' }, ['username']],
    ['a username with symbols', { email: 'a@example.com', username: 'bad-name!', password: 'lantern-meadow-42' }, ['username']],
    ['an overlong username', { email: 'a@example.com', username: 'a'.repeat(25), password: 'lantern-meadow-42' }, ['username']],
    ['a short password', { email: 'a@example.com', username: 'valid_name', password: 'short' }, ['password']],
    ['an overlong password', { email: 'a@example.com', username: 'valid_name', password: 'p'.repeat(PASSWORD_MAX_LENGTH + 1) }, ['password']],
    ['an overlong e-mail', { email: `${'a'.repeat(250)}@example.com`, username: 'valid_name', password: 'lantern-meadow-42' }, ['email']],
    ['an unknown field', { email: 'a@example.com', username: 'valid_name', password: 'lantern-meadow-42', role: 'admin' }, ['']],
  ])('refuses %s with a 400 naming the fields, and creates nothing', async (_label, payload, fields) => {
    const response = await post('/api/proxy/public/register', payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.success).toBe(false);
    expect(body.error.code).toBe('validation_failed');
    for (const field of fields) {
      if (field) expect(body.error.fields).toHaveProperty(field);
    }
    expect(await findUserByUsername(t.db, 'valid_name')).toBeUndefined();
  });

  it('refuses one of the most common passwords', async () => {
    const response = await post('/api/proxy/public/register', {
      email: 'common@example.com',
      username: 'common_pw',
      password: 'password123',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.password).toMatch(/too common/);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/proxy/public/register',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
  });
});

describe('POST /api/proxy/public/login', () => {
  it('logs in by username, in any case', async () => {
    const user = await createUser(t.db);
    const response = await post('/api/proxy/public/login', { username: user.username.toUpperCase(), password: user.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, user: { id: user.id, role: 'reader' }, message: expect.any(String) });
  });

  it('logs in by e-mail, in any case', async () => {
    const user = await createUser(t.db, { role: 'editor' });
    const response = await post('/api/proxy/public/login', { email: user.email.toUpperCase(), password: user.password });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ email: user.email, role: 'editor' });
  });

  it('answers a wrong password and an unknown user alike', async () => {
    const user = await createUser(t.db);
    const wrong = await post('/api/proxy/public/login', { username: user.username, password: 'not-the-password' });
    const unknown = await post('/api/proxy/public/login', { username: 'nobody_here', password: 'not-the-password' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'invalid_credentials' } });
      expect(response.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    }
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it('refuses a banned user even with the right password', async () => {
    const user = await createUser(t.db, { isBanned: true });
    const response = await post('/api/proxy/public/login', { username: user.username, password: user.password });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('account_banned');
  });

  it.each([
    ['no identifier', { password: 'whatever-123' }],
    ['both identifiers', { email: 'a@example.com', username: 'a_name', password: 'whatever-123' }],
    ['no password', { username: 'a_name' }],
    ['a wrong-typed password', { username: 'a_name', password: 12345678 }],
    ['an overlong password', { username: 'a_name', password: 'x'.repeat(PASSWORD_MAX_LENGTH + 1) }],
    ['an empty body', undefined],
  ])('refuses %s with a 400', async (_label, payload) => {
    const response = await post('/api/proxy/public/login', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
  });
});

describe('sessions', () => {
  it('logout ends the session on the server, so the old cookie no longer works', async () => {
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user);
    expect((await verify(cookie)).json().authenticated).toBe(true);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/proxy/secure/logoutUser',
      headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
    expect((await verify(cookie)).json().authenticated).toBe(false);
  });

  it('logout without a session still succeeds', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/proxy/secure/logoutUser',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('ends after the idle time without requests', async () => {
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user);
    t.clock.advance(SESSION_IDLE_MS + 1000);
    expect((await verify(cookie)).json().authenticated).toBe(false);
  });

  it('stays alive while used, and ends at its absolute age anyway', async () => {
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user);
    const step = SESSION_IDLE_MS / 2;
    let elapsed = 0;
    while (elapsed + step < SESSION_MAX_AGE_MS) {
      t.clock.advance(step);
      elapsed += step;
      expect((await verify(cookie)).json().authenticated).toBe(true);
    }
    t.clock.advance(SESSION_MAX_AGE_MS - elapsed + 1000);
    expect((await verify(cookie)).json().authenticated).toBe(false);
  });

  it('a ban ends existing sessions', async () => {
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user);
    const { setUserBanned } = await import('../users/users.repository');
    await setUserBanned(t.db, user.id, true);
    expect((await verify(cookie)).json().authenticated).toBe(false);
  });
});

describe('GET /api/proxy/secure/profiledata', () => {
  it('answers the profile, never cached', async () => {
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user);
    const response = await t.app.inject({ method: 'GET', url: '/api/proxy/secure/profiledata', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({
      success: true,
      message: expect.any(String),
      data: { id: user.id, username: user.username, email: user.email, coins: 0, avatarVersion: 0, createdAt: expect.any(String) },
    });
  });

  it('is 401 for a visitor', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/proxy/secure/profiledata' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, error: { code: 'unauthorized' } });
  });
});

describe('POST /api/proxy/secure/change-password', () => {
  it('needs the current password, then ends the other sessions but not this one', async () => {
    const user = await createUser(t.db);
    const here = await loginAs(t.app, user);
    const elsewhere = await loginAs(t.app, user);
    const wrong = await post(
      '/api/proxy/secure/change-password',
      { currentPassword: 'not-it-at-all', newPassword: 'harbor-lights-93' },
      { cookie: here },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toHaveProperty('currentPassword');

    const response = await post(
      '/api/proxy/secure/change-password',
      { currentPassword: user.password, newPassword: 'harbor-lights-93' },
      { cookie: here },
    );
    expect(response.statusCode).toBe(200);
    expect((await verify(here)).json().authenticated).toBe(true);
    expect((await verify(elsewhere)).json().authenticated).toBe(false);
    expect((await post('/api/proxy/public/login', { username: user.username, password: user.password })).statusCode).toBe(401);
    expect((await post('/api/proxy/public/login', { username: user.username, password: 'harbor-lights-93' })).statusCode).toBe(200);
  });

  it('refuses a common or too short new password, and a visitor', async () => {
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user);
    const common = await post('/api/proxy/secure/change-password', { currentPassword: user.password, newPassword: 'qwerty123' }, { cookie });
    expect(common.statusCode).toBe(400);
    const short = await post('/api/proxy/secure/change-password', { currentPassword: user.password, newPassword: 'abc' }, { cookie });
    expect(short.json().error.fields).toHaveProperty('newPassword');
    const visitor = await post('/api/proxy/secure/change-password', { currentPassword: 'x', newPassword: 'harbor-lights-93' });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('foreign Origin', () => {
  it('refuses state-changing requests from another site and changes nothing', async () => {
    const response = await post(
      '/api/proxy/public/register',
      { email: 'evil@example.com', username: 'evil_user', password: 'lantern-meadow-42' },
      { origin: 'https://evil.example' },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('foreign_origin');
    expect(await findUserByUsername(t.db, 'evil_user')).toBeUndefined();
  });

  it('refuses a cross-site request that hides its Origin', async () => {
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/proxy/secure/logoutUser',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
    expect((await verify(cookie)).json().authenticated).toBe(true);
  });
});

describe('rate limits', () => {
  it('answers the 26th login attempt from one IP in 5 minutes with 429 and Retry-After', async () => {
    const headers = { origin: TEST_ORIGIN };
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/proxy/public/login',
        remoteAddress: '203.0.113.7',
        headers,
        payload: { username: 'nobody_at_all', password: 'wrong-password' },
      });
    for (let i = 0; i < 25; i += 1) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another IP is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/proxy/public/login',
      remoteAddress: '203.0.113.8',
      headers,
      payload: { username: 'nobody_at_all', password: 'wrong-password' },
    });
    expect(other.statusCode).toBe(401);
  });

  it('locks an account after 100 failed logins in an hour, whatever the IP', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < FAILED_LOGIN_LIMIT.max; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/proxy/public/login',
        remoteAddress: `198.51.100.${i % 100}`,
        headers: { origin: TEST_ORIGIN },
        payload: { username: user.username, password: 'wrong-password' },
      });
      expect(response.statusCode).toBe(401);
    }
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/proxy/public/login',
      remoteAddress: '192.0.2.200',
      headers: { origin: TEST_ORIGIN },
      payload: { username: user.username, password: user.password },
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
  });

  it('limits registrations per IP too', async () => {
    let last = 0;
    for (let i = 0; i < 26; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/proxy/public/register',
        remoteAddress: '203.0.113.50',
        headers: { origin: TEST_ORIGIN },
        payload: {},
      });
      last = response.statusCode;
    }
    expect(last).toBe(429);
  });
});
