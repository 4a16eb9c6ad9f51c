import { RESET_TOKEN_TTL_MS } from '@inkwell/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { createTestApp, createUser, latestMail, loginAs, TEST_ORIGIN, type TestContext } from '../../../test/helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: TEST_ORIGIN, ...headers } });

async function requestLink(email: string): Promise<string> {
  const response = await post('/api/proxy/public/forgot-password', { email });
  expect(response.statusCode).toBe(200);
  const mail = await latestMail(t.db);
  expect(mail?.to).toBe(email);
  const match = mail?.text.match(/reset-password\?token=([\w-]+)/);
  if (!match?.[1]) throw new Error('no reset link in the mail');
  return decodeURIComponent(match[1]);
}

const mailCount = async () => (await t.db.select({ n: count() }).from(mailOutbox))[0]?.n ?? 0;

describe('password reset', () => {
  it('mails a link that sets a new password once, and ends the sessions', async () => {
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user);
    const token = await requestLink(user.email);
    const mail = await latestMail(t.db);
    expect(mail?.text).toContain(`${TEST_ORIGIN}/reset-password?token=`);
    expect(mail?.status).toBe('logged');

    const reset = await post('/api/proxy/public/reset-password', { token, password: 'copper-kettle-55' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().success).toBe(true);

    const verify = await t.app.inject({ method: 'GET', url: '/api/proxy/public/verify', headers: { cookie } });
    expect(verify.json().authenticated).toBe(false);
    const login = await post('/api/proxy/public/login', { email: user.email, password: 'copper-kettle-55' });
    expect(login.statusCode).toBe(200);

    const reused = await post('/api/proxy/public/reset-password', { token, password: 'another-pass-77' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('invalid_token');
  });

  it('answers an unknown address exactly as a known one, and sends nothing', async () => {
    const user = await createUser(t.db);
    const before = await mailCount();
    const unknown = await post('/api/proxy/public/forgot-password', { email: 'no-such-reader@example.com' });
    expect(await mailCount()).toBe(before);
    const known = await post('/api/proxy/public/forgot-password', { email: user.email });
    expect(await mailCount()).toBe(before + 1);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
  });

  it('refuses an expired link', async () => {
    const user = await createUser(t.db);
    const token = await requestLink(user.email);
    t.clock.advance(RESET_TOKEN_TTL_MS + 1000);
    const response = await post('/api/proxy/public/reset-password', { token, password: 'copper-kettle-55' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_token');
    expect((await post('/api/proxy/public/login', { username: user.username, password: user.password })).statusCode).toBe(200);
  });

  it('stops older links once one is used', async () => {
    const user = await createUser(t.db);
    const first = await requestLink(user.email);
    const second = await requestLink(user.email);
    expect((await post('/api/proxy/public/reset-password', { token: second, password: 'copper-kettle-55' })).statusCode).toBe(200);
    expect((await post('/api/proxy/public/reset-password', { token: first, password: 'copper-kettle-66' })).statusCode).toBe(400);
  });

  it('lets only one of two racing requests use a link', async () => {
    const user = await createUser(t.db);
    const token = await requestLink(user.email);
    const results = await Promise.all([
      post('/api/proxy/public/reset-password', { token, password: 'racing-horse-11' }),
      post('/api/proxy/public/reset-password', { token, password: 'racing-horse-22' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it.each([
    ['a made-up token', { token: 'made-up', password: 'copper-kettle-55' }, 'invalid_token'],
    ['no token', { password: 'copper-kettle-55' }, 'validation_failed'],
    ['a short password', { token: 'whatever', password: 'short' }, 'validation_failed'],
    ['a common password', { token: 'whatever', password: 'iloveyou1' }, 'validation_failed'],
  ])('refuses %s', async (_label, payload, code) => {
    const response = await post('/api/proxy/public/reset-password', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe(code);
  });

  it('refuses a malformed e-mail', async () => {
    const response = await post('/api/proxy/public/forgot-password', { email: 'nope' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('email');
  });
});
