import {
  CHANGE_PASSWORD_FAILURE_LIMIT,
  FAILED_LOGIN_ACCOUNT_LIMIT,
  FAILED_LOGIN_LIMIT,
  PASSWORD_MAX_LENGTH,
  REGISTER_MESSAGE,
  REGISTRATION_TOKEN_TTL_MS,
} from '@inkwell/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, pendingRegistrations } from '../../../db/schema';
import { buildUser } from '../../../../test/factories';
import {
  createTestApp,
  loginAs,
  registrationToken,
  sessionCookieFrom,
  signUp,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../test/helpers';
import { findUserByUsername } from '../users';
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
// Sign-ups from addresses of their own: these tests are about the links, not the per-address limit.
let addresses = 0;
const postFrom = (url: string, payload: unknown) => {
  addresses += 1;
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: `10.77.${Math.floor(addresses / 250)}.${addresses % 250}`,
    payload: payload as object,
    headers: { origin: TEST_ORIGIN },
  });
};
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
  it('answers "check your e-mail", makes the account from the mailed link, and signs it in', async () => {
    const response = await postFrom('/api/proxy/public/register', {
      email: 'New.Reader@Example.com',
      username: 'New_Reader',
      password: 'lantern-meadow-42',
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ success: true, message: REGISTER_MESSAGE });
    expect(response.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    // Nothing exists until the link is followed.
    expect(await findUserByUsername(t.db, 'new_reader')).toBeUndefined();

    const token = await registrationToken(t, 'New.Reader@Example.com');
    expect(token).toBeTruthy();
    const confirmed = await postFrom('/api/proxy/public/register/confirm', { token });
    expect(confirmed.statusCode).toBe(201);
    expect(confirmed.json().user).toMatchObject({
      role: 'reader',
      username: 'New_Reader',
      coins: 0,
      isPremium: false,
      membership: null,
    });
    const cookie = confirmed.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const session = await verify(sessionCookieFrom(confirmed));
    expect(session.json()).toMatchObject({ authenticated: true, user: { username: 'New_Reader' } });

    // The link works once.
    const again = await postFrom('/api/proxy/public/register/confirm', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('invalid_token');
  });

  it('keeps the page a sign-up started from through the mailed link, and refuses one off the site (issue 33 §4)', async () => {
    const next = '/SeriesView/lantern/chapter-2?from=paywall';
    const sent = await postFrom('/api/proxy/public/register', {
      email: 'paywall.reader@example.com',
      username: 'paywall_reader',
      password: 'lantern-meadow-42',
      next,
    });
    expect(sent.statusCode).toBe(202);
    const confirmed = await postFrom('/api/proxy/public/register/confirm', {
      token: await registrationToken(t, 'paywall.reader@example.com'),
    });
    expect(confirmed.statusCode).toBe(201);
    expect(confirmed.json()).toMatchObject({ user: { username: 'paywall_reader' }, next });

    // Without one, the answer says so.
    await postFrom('/api/proxy/public/register', {
      email: 'plain.reader@example.com',
      username: 'plain_reader',
      password: 'lantern-meadow-42',
    });
    const plain = await postFrom('/api/proxy/public/register/confirm', {
      token: await registrationToken(t, 'plain.reader@example.com'),
    });
    expect(plain.json().next).toBeNull();

    for (const unsafe of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'SeriesView/a',
      '/a\nb',
      'javascript:alert(1)',
    ]) {
      const refused = await postFrom('/api/proxy/public/register', {
        email: 'unsafe.next@example.com',
        username: 'unsafe_next',
        password: 'lantern-meadow-42',
        next: unsafe,
      });
      expect(refused.statusCode, unsafe).toBe(400);
      expect(refused.json().error.fields, unsafe).toHaveProperty('next');
    }
    const kept = await t.db.select().from(pendingRegistrations).where(eq(pendingRegistrations.email, 'unsafe.next@example.com'));
    expect(kept).toEqual([]);
  });

  it('stores the password hashed with argon2id', async () => {
    const row = await findUserByUsername(t.db, 'new_reader');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('answers a taken e-mail exactly as a new one, and mails its owner instead of a link', async () => {
    const owner = await buildUser(t.db);
    const taken = await postFrom('/api/proxy/public/register', {
      email: owner.email.toUpperCase(),
      username: 'someone_else',
      password: 'lantern-meadow-42',
    });
    const fresh = await postFrom('/api/proxy/public/register', {
      email: 'fresh.address@example.com',
      username: 'someone_new',
      password: 'lantern-meadow-42',
    });
    expect([taken.statusCode, fresh.statusCode]).toEqual([202, 202]);
    expect(taken.body).toBe(fresh.body);
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(fresh.headers).sort());

    await t.app.services.jobs.drain();
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, owner.email))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    expect(mail?.subject).toBe('You already have an Inkwell account');
    expect(mail?.text).toContain('/forgot-password');
    expect(mail?.text).not.toContain('register/confirm');
    expect(await findUserByUsername(t.db, 'someone_else')).toBeUndefined();
    expect(await t.db.select().from(pendingRegistrations).where(eq(pendingRegistrations.username, 'someone_else'))).toEqual([]);
    expect(await registrationToken(t, 'fresh.address@example.com')).toBeTruthy();
  });

  it('refuses a username taken in another case, naming only the username', async () => {
    const response = await postFrom('/api/proxy/public/register', {
      email: 'another.reader@example.com',
      username: 'NEW_READER',
      password: 'lantern-meadow-42',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('conflict');
    expect(response.json().error.fields).toEqual({ username: 'This username is taken' });
  });

  it('refuses an expired or unknown link, and a link whose username was taken meanwhile', async () => {
    expect((await postFrom('/api/proxy/public/register/confirm', { token: 'not-a-token' })).json().error.code).toBe(
      'invalid_token',
    );

    await postFrom('/api/proxy/public/register', {
      email: 'late.one@example.com',
      username: 'late_one',
      password: 'lantern-meadow-42',
    });
    const late = await registrationToken(t, 'late.one@example.com');
    t.clock.advance(REGISTRATION_TOKEN_TTL_MS + 1);
    expect((await postFrom('/api/proxy/public/register/confirm', { token: late })).json().error.code).toBe('invalid_token');

    await postFrom('/api/proxy/public/register', {
      email: 'first.twin@example.com',
      username: 'twin_name',
      password: 'lantern-meadow-42',
    });
    await postFrom('/api/proxy/public/register', {
      email: 'second.twin@example.com',
      username: 'twin_name',
      password: 'lantern-meadow-42',
    });
    const first = await registrationToken(t, 'first.twin@example.com');
    const second = await registrationToken(t, 'second.twin@example.com');
    expect((await postFrom('/api/proxy/public/register/confirm', { token: first })).statusCode).toBe(201);
    const refused = await postFrom('/api/proxy/public/register/confirm', { token: second });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/taken since you signed up/);
  });

  it.each([
    ['missing fields', {}, ['email', 'username', 'password']],
    ['wrong types', { email: 42, username: ['x'], password: true }, ['email', 'username', 'password']],
    ['a malformed e-mail', { email: 'not-an-email', username: 'valid_name', password: 'lantern-meadow-42' }, ['email']],
    ['a short username', { email: 'a@example.com', username: 'ab', password: 'lantern-meadow-42' }, ['username']],
    ['a username with symbols', { email: 'a@example.com', username: 'bad-name!', password: 'lantern-meadow-42' }, ['username']],
    ['an overlong username', { email: 'a@example.com', username: 'a'.repeat(25), password: 'lantern-meadow-42' }, ['username']],
    ['a short password', { email: 'a@example.com', username: 'valid_name', password: 'short' }, ['password']],
    [
      'an overlong password',
      { email: 'a@example.com', username: 'valid_name', password: 'p'.repeat(PASSWORD_MAX_LENGTH + 1) },
      ['password'],
    ],
    [
      'an overlong e-mail',
      { email: `${'a'.repeat(250)}@example.com`, username: 'valid_name', password: 'lantern-meadow-42' },
      ['email'],
    ],
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

  // Issue 7 §4.10: judged by zxcvbn with the user's own names as inputs.
  it.each([
    ['one of the most common passwords', 'password123', /too easy to guess/],
    ['eight spaces', '        ', /only spaces/],
    ['the username', 'Weak_Owner', /your username/],
    ['the username and a digit', 'weak_owner1', /username or e-mail/],
    ['one containing the e-mail address', 'my weak.owner@example.com', /e-mail address/],
    ['the e-mail local part and a year', 'weak.owner2024', /username or e-mail/],
  ])('refuses %s, saying why, and creates nothing', async (_label, password, message) => {
    const response = await post('/api/proxy/public/register', {
      email: 'weak.owner@example.com',
      username: 'weak_owner',
      password,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
    expect(response.json().error.fields.password).toMatch(message);
    expect(await findUserByUsername(t.db, 'weak_owner')).toBeUndefined();
  });

  it('creates the account and its welcome notification together', async () => {
    const confirmed = await signUp(t, {
      email: 'welcomed@example.com',
      username: 'welcomed',
      password: 'correct horse battery staple',
    });
    expect(confirmed.statusCode).toBe(201);
    const notifications = await t.app.inject({
      method: 'GET',
      url: '/api/omegascans/secure/me/get/notification',
      headers: { cookie: sessionCookieFrom(confirmed) },
    });
    expect(JSON.stringify(notifications.json())).toContain('Welcome to Inkwell');
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
    const user = await buildUser(t.db);
    const response = await post('/api/proxy/public/login', { username: user.username.toUpperCase(), password: user.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, user: { id: user.id, role: 'reader' }, message: expect.any(String) });
  });

  it('logs in by e-mail, in any case', async () => {
    const user = await buildUser(t.db, { role: 'editor' });
    const response = await post('/api/proxy/public/login', { email: user.email.toUpperCase(), password: user.password });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ email: user.email, role: 'editor' });
  });

  it('answers a wrong password and an unknown user alike', async () => {
    const user = await buildUser(t.db);
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
    const user = await buildUser(t.db, { isBanned: true });
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
    const user = await buildUser(t.db);
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
    const user = await buildUser(t.db);
    const cookie = await loginAs(t.app, user);
    t.clock.advance(SESSION_IDLE_MS + 1000);
    expect((await verify(cookie)).json().authenticated).toBe(false);
  });

  it('stays alive while used, and ends at its absolute age anyway', async () => {
    const user = await buildUser(t.db);
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
    const user = await buildUser(t.db);
    const cookie = await loginAs(t.app, user);
    const { setUserBanned } = await import('../users/commands/account');
    await setUserBanned(t.db, user.id, true);
    expect((await verify(cookie)).json().authenticated).toBe(false);
  });
});

describe('GET /api/proxy/secure/profiledata', () => {
  it('answers the profile, never cached', async () => {
    const user = await buildUser(t.db);
    const cookie = await loginAs(t.app, user);
    const response = await t.app.inject({ method: 'GET', url: '/api/proxy/secure/profiledata', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({
      success: true,
      message: expect.any(String),
      data: {
        id: user.id,
        username: user.username,
        email: user.email,
        coins: 0,
        avatarVersion: 0,
        createdAt: expect.any(String),
      },
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
    const user = await buildUser(t.db);
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
    expect((await post('/api/proxy/public/login', { username: user.username, password: 'harbor-lights-93' })).statusCode).toBe(
      200,
    );
  });

  it('refuses a common, personal or too short new password, and a visitor', async () => {
    const user = await buildUser(t.db);
    const cookie = await loginAs(t.app, user);
    const common = await post(
      '/api/proxy/secure/change-password',
      { currentPassword: user.password, newPassword: 'qwerty123' },
      { cookie },
    );
    expect(common.statusCode).toBe(400);
    for (const newPassword of [user.username, `${user.email}!`, ' '.repeat(10)]) {
      const personal = await post(
        '/api/proxy/secure/change-password',
        { currentPassword: user.password, newPassword },
        { cookie },
      );
      expect(personal.statusCode).toBe(400);
      expect(personal.json().error.fields).toHaveProperty('newPassword');
    }
    const short = await post(
      '/api/proxy/secure/change-password',
      { currentPassword: user.password, newPassword: 'abc' },
      { cookie },
    );
    expect(short.json().error.fields).toHaveProperty('newPassword');
    const visitor = await post('/api/proxy/secure/change-password', { currentPassword: 'x', newPassword: 'harbor-lights-93' });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('change-password attempts (issue 7 §4.2)', () => {
  it(`answers wrong current passwords past ${CHANGE_PASSWORD_FAILURE_LIMIT.max} with 429 and Retry-After, even the right one, for that account only`, async () => {
    const user = await buildUser(t.db);
    const cookie = await loginAs(t.app, user);
    const change = (currentPassword: string) =>
      post('/api/proxy/secure/change-password', { currentPassword, newPassword: 'harbor-lights-93' }, { cookie });
    for (let i = 0; i < CHANGE_PASSWORD_FAILURE_LIMIT.max; i += 1) {
      expect((await change(`wrong-guess-${i}`)).statusCode).toBe(400);
    }
    const limited = await change(user.password);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The password did not change, and another account is not affected.
    expect((await post('/api/proxy/public/login', { username: user.username, password: user.password })).statusCode).toBe(200);
    const other = await buildUser(t.db);
    const otherCookie = await loginAs(t.app, other);
    const response = await post(
      '/api/proxy/secure/change-password',
      { currentPassword: other.password, newPassword: 'harbor-lights-93' },
      { cookie: otherCookie },
    );
    expect(response.statusCode).toBe(200);
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
    const user = await buildUser(t.db);
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
    const attempt = (username = 'nobody_at_all') =>
      t.app.inject({
        method: 'POST',
        url: '/api/proxy/public/login',
        remoteAddress: '203.0.113.7',
        headers,
        payload: { username, password: 'wrong-password' },
      });
    for (let i = 0; i < 25; i += 1) expect((await attempt(`nobody_${i}`)).statusCode).toBe(401);
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

  // Issue 7 §4.8: counted per account, not per typed name, and per address.
  const loginFrom = (ip: string, payload: { username?: string; email?: string; password: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/proxy/public/login',
      remoteAddress: ip,
      headers: { origin: TEST_ORIGIN },
      payload,
    });

  it('counts failures by username and by e-mail together, and locks that address out past the limit', async () => {
    const user = await buildUser(t.db);
    for (let i = 0; i < FAILED_LOGIN_LIMIT.max; i += 1) {
      const payload = i % 2 === 0 ? { username: user.username } : { email: user.email.toUpperCase() };
      expect((await loginFrom('198.51.100.10', { ...payload, password: `wrong-${i}` })).statusCode).toBe(401);
    }
    for (const payload of [{ username: user.username }, { email: user.email }]) {
      const locked = await loginFrom('198.51.100.10', { ...payload, password: user.password });
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    }
    // A stranger's failures do not lock the owner out from their own address.
    expect((await loginFrom('198.51.100.11', { email: user.email, password: user.password })).statusCode).toBe(200);
  });

  it('past the ceiling of guesses spread over many addresses, refuses new addresses but never the owner', async () => {
    const user = await buildUser(t.db);
    // The owner signed in from home before the attack.
    expect((await loginFrom('10.9.0.1', { username: user.username, password: user.password })).statusCode).toBe(200);
    const perAddress = FAILED_LOGIN_LIMIT.max;
    for (let i = 0; i < FAILED_LOGIN_ACCOUNT_LIMIT.max; i += 1) {
      const ip = `10.7.${Math.floor(i / perAddress)}.1`;
      expect((await loginFrom(ip, { username: user.username, password: `wrong-${i}` })).statusCode).toBe(401);
    }
    const stranger = await loginFrom('10.8.0.1', { username: user.username, password: user.password });
    expect(stranger.statusCode).toBe(429);
    // The window is the ceiling's own: more failures elsewhere do not lengthen it.
    const waited = Number(stranger.headers['retry-after']);
    expect(waited).toBeLessThanOrEqual(FAILED_LOGIN_ACCOUNT_LIMIT.windowMs / 1000);
    await loginFrom('10.7.200.1', { username: user.username, password: 'wrong-again' });
    expect(
      Number((await loginFrom('10.8.0.1', { username: user.username, password: user.password })).headers['retry-after']),
    ).toBeLessThanOrEqual(waited);
    // From the owner's own address, only that address's failures count.
    expect((await loginFrom('10.9.0.1', { username: user.username, password: user.password })).statusCode).toBe(200);
    // With two-factor sign-in on, the right password still opens only the second step, from anywhere.
    await t.executeSql('update users set totp_enabled_at = now(), totp_secret = $2 where id = $1', [user.id, 'JBSWY3DPEHPK3PXP']);
    const second = await loginFrom('10.8.0.2', { username: user.username, password: user.password });
    expect(second.json().error.code).toBe('two_factor_required');
    expect(second.json()).toHaveProperty('twoFactor.challenge');
    // A hundred password checks in a row: more time than the default on a busy two-core machine.
  }, 90_000);

  it('limits an unknown name per address too', async () => {
    for (let i = 0; i < FAILED_LOGIN_LIMIT.max; i += 1) {
      expect((await loginFrom('198.51.100.20', { username: 'ghost_user', password: `wrong-${i}` })).statusCode).toBe(401);
    }
    expect((await loginFrom('198.51.100.20', { username: 'ghost_user', password: 'wrong' })).statusCode).toBe(429);
    expect((await loginFrom('198.51.100.21', { username: 'ghost_user', password: 'wrong' })).statusCode).toBe(401);
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
