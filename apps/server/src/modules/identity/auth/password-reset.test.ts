import { RESET_MAIL_LIMIT, RESET_TOKEN_TTL_MS } from '@inkwell/contract';
import { count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../../db/schema';
import { createMemoryLimiter } from '../../../lib/attempt-limiter';
import { buildUser } from '../../../../test/factories';
import { createTestApp, loginAs, TEST_ORIGIN, type TestContext } from '../../../../test/helpers';
import { createPasswordResetService, type ResetLinkRequest } from './password-reset.service';

/** The same answer whether or not an account uses the address (apiErrors.success.forgotPassword). */
const FORGOT_PASSWORD_MESSAGE = 'If an account uses that e-mail, a link to reset its password is on its way.';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

// Each request from an address of its own: these tests are about links and mail, not the per-address limit.
let requests = 0;
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => {
  requests += 1;
  const remoteAddress = `10.9.${Math.floor(requests / 250)}.${requests % 250}`;
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress,
    payload: payload as object,
    headers: { origin: TEST_ORIGIN, ...headers },
  });
};

const mailsTo = (email: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt));
const mailCount = async () => (await t.db.select({ n: count() }).from(mailOutbox))[0]?.n ?? 0;

/** Asks for a link and waits for its mail: the mail goes out after the answer (issue 7 §4.9). */
async function requestLink(email: string): Promise<string> {
  const before = (await mailsTo(email)).length;
  const response = await post('/api/proxy/public/forgot-password', { email });
  expect(response.statusCode).toBe(200);
  const mail = await vi.waitFor(
    async () => {
      const mails = await mailsTo(email);
      expect(mails.length).toBe(before + 1);
      return mails[0];
    },
    { timeout: 10_000, interval: 100 },
  );
  const match = mail?.text.match(/reset-password\?token=([\w-]+)/);
  if (!match?.[1]) throw new Error('no reset link in the mail');
  return decodeURIComponent(match[1]);
}

describe('password reset', () => {
  it('mails a link that sets a new password once, and ends the sessions', async () => {
    const user = await buildUser(t.db);
    const cookie = await loginAs(t.app, user);
    const token = await requestLink(user.email);
    const [mail] = await mailsTo(user.email);
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
    const user = await buildUser(t.db);
    const before = await mailCount();
    const unknown = await post('/api/proxy/public/forgot-password', { email: 'no-such-reader@example.com' });
    await requestLink(user.email);
    expect(await mailCount()).toBe(before + 1);
    expect(await mailsTo('no-such-reader@example.com')).toEqual([]);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ success: true, message: FORGOT_PASSWORD_MESSAGE });
  });

  it(`sends at most ${RESET_MAIL_LIMIT.max} mails to one address an hour, answering the same past it`, async () => {
    const user = await buildUser(t.db);
    for (let i = 0; i < RESET_MAIL_LIMIT.max; i += 1) await requestLink(user.email);
    const capped = await post('/api/proxy/public/forgot-password', { email: user.email.toUpperCase() });
    expect(capped.statusCode).toBe(200);
    expect(capped.json()).toEqual({ success: true, message: FORGOT_PASSWORD_MESSAGE });
    // Work handed to the background runs in order: once another address's mail is out, so is any the capped request sent.
    await requestLink((await buildUser(t.db)).email);
    expect(await mailsTo(user.email)).toHaveLength(RESET_MAIL_LIMIT.max);
  });

  it.each([
    ['eight spaces', () => ' '.repeat(8)],
    ['the username', (user: { username: string }) => user.username],
    ['a common password', () => 'iloveyou1'],
  ])('refuses %s as the new password and leaves the link usable', async (_label, choose) => {
    const user = await buildUser(t.db);
    const token = await requestLink(user.email);
    const weak = await post('/api/proxy/public/reset-password', { token, password: choose(user) });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code).toBe('validation_failed');
    expect(weak.json().error.fields).toHaveProperty('password');
    expect((await post('/api/proxy/public/reset-password', { token, password: 'copper-kettle-55' })).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const user = await buildUser(t.db);
    const token = await requestLink(user.email);
    t.clock.advance(RESET_TOKEN_TTL_MS + 1000);
    const response = await post('/api/proxy/public/reset-password', { token, password: 'copper-kettle-55' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_token');
    expect((await post('/api/proxy/public/login', { username: user.username, password: user.password })).statusCode).toBe(200);
  });

  it('refuses a link whose account was deleted after it was sent', async () => {
    const user = await buildUser(t.db);
    const token = await requestLink(user.email);
    // What a deletion racing the link's job leaves: the account gone, the link written after it.
    await t.executeSql('update users set deleted_at = now() where id = $1', [user.id]);
    const response = await post('/api/proxy/public/reset-password', { token, password: 'copper-kettle-55' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_token');
  });

  it('stops older links once one is used', async () => {
    const user = await buildUser(t.db);
    const first = await requestLink(user.email);
    const second = await requestLink(user.email);
    expect((await post('/api/proxy/public/reset-password', { token: second, password: 'copper-kettle-55' })).statusCode).toBe(
      200,
    );
    expect((await post('/api/proxy/public/reset-password', { token: first, password: 'copper-kettle-66' })).statusCode).toBe(400);
  });

  it('lets only one of two racing requests use a link', async () => {
    const user = await buildUser(t.db);
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

describe('asking for a reset link (issue 7 §4.9)', () => {
  it('does the same for a known and an unknown address: hands the address to the background, nothing more', async () => {
    const user = await buildUser(t.db);
    const delivered: ResetLinkRequest[] = [];
    const service = createPasswordResetService({
      db: t.db,
      clock: t.clock,
      limiter: createMemoryLimiter(),
      mailer: { send: () => Promise.reject(new Error('the request must not send mail')) },
      logger: t.app.log,
      publicUrl: TEST_ORIGIN,
      events: t.app.services.events,
      languages: t.app.services.languages,
      deliver: (request) => delivered.push(request),
    });
    await service.requestReset({ email: user.email });
    await service.requestReset({ email: 'nobody-here@example.com' });
    expect(delivered).toEqual([{ email: user.email }, { email: 'nobody-here@example.com' }]);
  });
});
