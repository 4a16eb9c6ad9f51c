import { RECOVERY_CODE_COUNT, TWO_FACTOR_CHALLENGE_TTL_MS, TWO_FACTOR_FAILURE_LIMIT } from '@inkwell/contract';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../../test/factories';
import { createTestApp, loginAs, sessionCookieFrom, TEST_ORIGIN, type TestContext } from '../../../../test/helpers';
import { auditLog } from '../../../db/schema';
import { SESSION_COOKIE } from '../auth/auth.constants';
import { findUserById } from '../users';
import { setUserBanned } from '../users/commands/account';
import { normalizeRecoveryCode } from './two-factor.crypto';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

// Every request from an address of its own: the per-address login limit (25 in 5 minutes) is not what these test.
let addresses = 0;
const nextAddress = () => {
  addresses += 1;
  return `10.20.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

const post = (url: string, payload: unknown, { cookie, ip }: { cookie?: string; ip?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip ?? nextAddress(),
    payload: payload as object,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
  });
const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

const TWO_FACTOR = '/api/proxy/secure/two-factor';
const LOGIN = '/api/proxy/public/login';
const LOGIN_TWO_FACTOR = '/api/proxy/public/login/two-factor';

type TestUser = Awaited<ReturnType<typeof buildUser>>;

/** The authenticator's code for the test clock's now. */
const codeFor = (manualKey: string) => generate({ secret: manualKey, epoch: Math.floor(t.clock.now().getTime() / 1000) });
/** On to the next 30-second step, so a new code is not a replay of the last one. */
const nextStep = () => t.clock.advance(30_000);

/** A user with two-factor sign-in on: their session, the authenticator key and the recovery codes. */
async function withTwoFactor(options: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(t.db, options);
  const cookie = await loginAs(t.app, user);
  const setup = await post(`${TWO_FACTOR}/setup`, undefined, { cookie });
  expect(setup.statusCode).toBe(200);
  const { manualKey } = setup.json().data as { manualKey: string };
  const enabled = await post(`${TWO_FACTOR}/enable`, { code: await codeFor(manualKey) }, { cookie });
  expect(enabled.statusCode).toBe(200);
  nextStep();
  return { user, cookie, manualKey, recoveryCodes: enabled.json().data.recoveryCodes as string[] };
}

async function challengeOf(user: TestUser): Promise<string> {
  const response = await post(LOGIN, { username: user.username, password: user.password });
  expect(response.statusCode).toBe(403);
  return response.json().twoFactor.challenge as string;
}

describe('setting up two-factor sign-in', () => {
  it('starts off, for a reader as for anyone', async () => {
    const user = await buildUser(t.db);
    const cookie = await loginAs(t.app, user);
    const status = await get(TWO_FACTOR, cookie);
    expect(status.statusCode).toBe(200);
    expect(status.json().data).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect((await get('/api/proxy/secure/profiledata', cookie)).json().data.twoFactorEnabled).toBe(false);
  });

  it('proposes a secret with the site name as issuer, a QR code, and keeps it sealed', async () => {
    const user = await buildUser(t.db);
    const cookie = await loginAs(t.app, user);
    const response = await post(`${TWO_FACTOR}/setup`, undefined, { cookie });
    expect(response.statusCode).toBe(200);
    const { manualKey, otpauthUri, qrCode } = response.json().data;
    expect(manualKey).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(uri.searchParams.get('issuer')).toBe('Inkwell');
    expect(uri.searchParams.get('secret')).toBe(manualKey);
    expect(decodeURIComponent(uri.pathname)).toContain(user.username);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(',')[1], 'base64').toString()).toContain('<svg');

    const row = await findUserById(t.db, user.id);
    expect(row?.totpSecret).toBeTruthy();
    expect(row?.totpSecret).not.toContain(manualKey);
    expect(row?.totpEnabledAt).toBeNull();
    // Not confirmed yet: the password alone still signs in.
    expect((await post(LOGIN, { username: user.username, password: user.password })).statusCode).toBe(200);
  });

  it('a new setup replaces an unconfirmed one: only the newest key confirms', async () => {
    const user = await buildUser(t.db);
    const cookie = await loginAs(t.app, user);
    const first = (await post(`${TWO_FACTOR}/setup`, undefined, { cookie })).json().data.manualKey;
    const second = (await post(`${TWO_FACTOR}/setup`, undefined, { cookie })).json().data.manualKey;
    expect(second).not.toBe(first);
    const stale = await post(`${TWO_FACTOR}/enable`, { code: await codeFor(first) }, { cookie });
    expect(stale.statusCode).toBe(400);
    expect((await post(`${TWO_FACTOR}/enable`, { code: await codeFor(second) }, { cookie })).statusCode).toBe(200);
    nextStep();
  });

  it('refuses a wrong or malformed code, and changes nothing', async () => {
    const user = await buildUser(t.db);
    const cookie = await loginAs(t.app, user);
    const { manualKey } = (await post(`${TWO_FACTOR}/setup`, undefined, { cookie })).json().data;
    const right = await codeFor(manualKey);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    for (const code of [wrong, '12345', 'abcdef', '1234567', '']) {
      const response = await post(`${TWO_FACTOR}/enable`, { code }, { cookie });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
      expect(response.json().error.fields).toHaveProperty('code');
    }
    expect((await get(TWO_FACTOR, cookie)).json().data.enabled).toBe(false);
    expect((await findUserById(t.db, user.id))?.totpEnabledAt).toBeNull();
  });

  it('refuses to enable before a setup', async () => {
    const user = await buildUser(t.db);
    const cookie = await loginAs(t.app, user);
    const response = await post(`${TWO_FACTOR}/enable`, { code: '123456' }, { cookie });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('conflict');
  });

  it('turns on with a right code (spaces allowed), answering ten recovery codes once', async () => {
    const user = await buildUser(t.db);
    const cookie = await loginAs(t.app, user);
    const { manualKey } = (await post(`${TWO_FACTOR}/setup`, undefined, { cookie })).json().data;
    const code = await codeFor(manualKey);
    const response = await post(`${TWO_FACTOR}/enable`, { code: `${code.slice(0, 3)} ${code.slice(3)}` }, { cookie });
    expect(response.statusCode).toBe(200);
    const codes: string[] = response.json().data.recoveryCodes;
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const recovery of codes) expect(recovery).toMatch(/^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/);

    expect((await get(TWO_FACTOR, cookie)).json().data).toEqual({ enabled: true, recoveryCodesLeft: RECOVERY_CODE_COUNT });
    expect((await get('/api/proxy/secure/profiledata', cookie)).json().data.twoFactorEnabled).toBe(true);
    // The codes are kept only as hashes.
    const { rows } = await t.executeSql('select code_hash from recovery_codes where user_id = $1', [user.id]);
    const hashes = JSON.stringify(rows);
    for (const recovery of codes) expect(hashes).not.toContain(normalizeRecoveryCode(recovery));

    // On already: no new setup, no second enable.
    nextStep();
    expect((await post(`${TWO_FACTOR}/setup`, undefined, { cookie })).statusCode).toBe(409);
    expect((await post(`${TWO_FACTOR}/enable`, { code: await codeFor(manualKey) }, { cookie })).statusCode).toBe(409);
    nextStep();
  });

  it('is for signed-in users only', async () => {
    expect((await get(TWO_FACTOR)).statusCode).toBe(401);
    for (const path of ['setup', 'enable', 'disable', 'recovery-codes']) {
      const response = await post(`${TWO_FACTOR}/${path}`, { code: '123456', password: 'x' });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('unauthorized');
    }
  });
});

describe('signing in with two-factor sign-in on', () => {
  it('a right password answers two_factor_required with a challenge, and no session', async () => {
    const { user } = await withTwoFactor();
    const response = await post(LOGIN, { email: user.email, password: user.password });
    expect(response.statusCode).toBe(403);
    const body = response.json();
    expect(body).toMatchObject({ success: false, error: { code: 'two_factor_required' }, message: expect.any(String) });
    expect(body.twoFactor.challenge).toEqual(expect.any(String));
    expect(Date.parse(body.twoFactor.expiresAt) - t.clock.now().getTime()).toBe(TWO_FACTOR_CHALLENGE_TTL_MS);
    expect(response.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  });

  it('a wrong password says invalid credentials, as for any account, with no hint of a second step', async () => {
    const { user } = await withTwoFactor();
    const wrong = await post(LOGIN, { username: user.username, password: 'not-the-password' });
    const unknown = await post(LOGIN, { username: 'nobody_with_2fa', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).not.toHaveProperty('twoFactor');
  });

  it('the code completes the sign-in exactly as login does', async () => {
    const { user, manualKey } = await withTwoFactor();
    const challenge = await challengeOf(user);
    const response = await post(LOGIN_TWO_FACTOR, { challenge, code: await codeFor(manualKey) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['message', 'success', 'user']);
    expect(body).toMatchObject({
      success: true,
      user: { id: user.id, username: user.username, role: 'reader' },
      message: 'Logged in successfully',
    });
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const verify = await get('/api/proxy/public/verify', sessionCookieFrom(response));
    expect(verify.json()).toMatchObject({ authenticated: true, user: { id: user.id } });
  });

  it('refuses a code used before (a replay), and takes the next step’s code', async () => {
    const { user, manualKey } = await withTwoFactor();
    const code = await codeFor(manualKey);
    expect((await post(LOGIN_TWO_FACTOR, { challenge: await challengeOf(user), code })).statusCode).toBe(200);
    const replay = await post(LOGIN_TWO_FACTOR, { challenge: await challengeOf(user), code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('invalid_credentials');
    expect(replay.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    nextStep();
    expect(
      (await post(LOGIN_TWO_FACTOR, { challenge: await challengeOf(user), code: await codeFor(manualKey) })).statusCode,
    ).toBe(200);
    nextStep();
  });

  it('a wrong code is invalid credentials, saying which field', async () => {
    const { user, manualKey } = await withTwoFactor();
    const right = await codeFor(manualKey);
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
    const response = await post(LOGIN_TWO_FACTOR, { challenge: await challengeOf(user), code: wrong });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toMatchObject({ code: 'invalid_credentials', fields: { code: expect.any(String) } });
  });

  it('a recovery code signs in once, then is refused', async () => {
    const { user, cookie, recoveryCodes } = await withTwoFactor();
    const recoveryCode = recoveryCodes[3]!;
    // Typed loosely: upper case, no dashes.
    const first = await post(LOGIN_TWO_FACTOR, {
      challenge: await challengeOf(user),
      recoveryCode: recoveryCode.replaceAll('-', '').toUpperCase(),
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, user: { id: user.id } });
    const again = await post(LOGIN_TWO_FACTOR, { challenge: await challengeOf(user), recoveryCode });
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toMatchObject({ code: 'invalid_credentials', fields: { recoveryCode: expect.any(String) } });
    expect((await get(TWO_FACTOR, cookie)).json().data.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 1);
  });

  it('refuses an expired, tampered or foreign challenge', async () => {
    const { user, manualKey } = await withTwoFactor();
    const other = await withTwoFactor();
    const challenge = await challengeOf(user);
    const [id, expires, sig] = challenge.split('.') as [string, string, string];
    const flipped = `${sig.slice(0, -2)}${sig.at(-2) === 'A' ? 'B' : 'A'}${sig.at(-1)}`;
    const tampered = [
      `${id}.${expires}.${flipped}`,
      `${other.user.id}.${expires}.${sig}`,
      `${id}.${Number(expires) + 3600}.${sig}`,
      'not-a-challenge',
      `${challenge}.extra`,
    ];
    for (const bad of tampered) {
      const response = await post(LOGIN_TWO_FACTOR, { challenge: bad, code: await codeFor(manualKey) });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('invalid_token');
    }
    t.clock.advance(TWO_FACTOR_CHALLENGE_TTL_MS + 1000);
    const expired = await post(LOGIN_TWO_FACTOR, { challenge, code: await codeFor(manualKey) });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('invalid_token');
    nextStep();
  });

  it('a password change voids a challenge given before it', async () => {
    const { user, manualKey, cookie } = await withTwoFactor();
    const challenge = await challengeOf(user);
    const changed = await post(
      '/api/proxy/secure/change-password',
      { currentPassword: user.password, newPassword: 'harbor-lights-93' },
      { cookie },
    );
    expect(changed.statusCode).toBe(200);
    const response = await post(LOGIN_TWO_FACTOR, { challenge, code: await codeFor(manualKey) });
    expect(response.json().error.code).toBe('invalid_token');
  });

  it('refuses a banned account at both steps', async () => {
    const { user, manualKey } = await withTwoFactor();
    const challenge = await challengeOf(user);
    await setUserBanned(t.db, user.id, true);
    const second = await post(LOGIN_TWO_FACTOR, { challenge, code: await codeFor(manualKey) });
    expect(second.statusCode).toBe(403);
    expect(second.json().error.code).toBe('account_banned');
    const first = await post(LOGIN, { username: user.username, password: user.password });
    expect(first.statusCode).toBe(403);
    expect(first.json().error.code).toBe('account_banned');
    expect(first.json()).not.toHaveProperty('twoFactor');
  });

  it.each([
    ['both a code and a recovery code', { code: '123456', recoveryCode: 'abcd-efgh-jkmn-pqrs' }],
    ['neither', {}],
    ['no challenge', { code: '123456', challenge: undefined }],
    ['a malformed code', { code: '12a456' }],
  ])('refuses %s with a 400', async (_label, body) => {
    const response = await post(LOGIN_TWO_FACTOR, { challenge: 'x.y.z', ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
  });

  it(`answers wrong codes past ${TWO_FACTOR_FAILURE_LIMIT.max} with 429, even a right one, for that account only`, async () => {
    const { user, manualKey } = await withTwoFactor();
    const ip = '198.51.100.77';
    const challenge = await challengeOf(user);
    const right = await codeFor(manualKey);
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < TWO_FACTOR_FAILURE_LIMIT.max; i += 1) {
      const response = await post(
        LOGIN_TWO_FACTOR,
        i % 2 ? { challenge, code: wrong } : { challenge, recoveryCode: `wrong-${i}` },
        { ip },
      );
      expect(response.statusCode).toBe(401);
    }
    const limited = await post(LOGIN_TWO_FACTOR, { challenge, code: right }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The account settings count the same wrong codes.
    const other = await withTwoFactor();
    expect(
      (await post(LOGIN_TWO_FACTOR, { challenge: await challengeOf(other.user), code: await codeFor(other.manualKey) }, { ip }))
        .statusCode,
    ).toBe(200);
    nextStep();
  });
});

describe('new recovery codes', () => {
  it('need a right code; the new set replaces the old one', async () => {
    const { user, cookie, manualKey, recoveryCodes } = await withTwoFactor();
    const right = await codeFor(manualKey);
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
    const refused = await post(`${TWO_FACTOR}/recovery-codes`, { code: wrong }, { cookie });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toHaveProperty('code');

    const response = await post(`${TWO_FACTOR}/recovery-codes`, { code: right }, { cookie });
    expect(response.statusCode).toBe(200);
    const fresh: string[] = response.json().data.recoveryCodes;
    expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
    expect(fresh.some((code) => recoveryCodes.includes(code))).toBe(false);

    const old = await post(LOGIN_TWO_FACTOR, { challenge: await challengeOf(user), recoveryCode: recoveryCodes[0] });
    expect(old.statusCode).toBe(401);
    expect((await post(LOGIN_TWO_FACTOR, { challenge: await challengeOf(user), recoveryCode: fresh[0] })).statusCode).toBe(200);
    nextStep();
  });

  it('are refused while two-factor sign-in is off', async () => {
    const user = await buildUser(t.db);
    const cookie = await loginAs(t.app, user);
    expect((await post(`${TWO_FACTOR}/recovery-codes`, { code: '123456' }, { cookie })).statusCode).toBe(409);
  });
});

describe('turning two-factor sign-in off', () => {
  it('needs the right password and a right code, and changes nothing otherwise', async () => {
    const { user, cookie, manualKey } = await withTwoFactor();
    const right = await codeFor(manualKey);
    const wrongPassword = await post(`${TWO_FACTOR}/disable`, { password: 'not-it', code: right }, { cookie });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.fields).toHaveProperty('password');
    const wrongCode = await post(
      `${TWO_FACTOR}/disable`,
      { password: user.password, code: '000000' === right ? '111111' : '000000' },
      { cookie },
    );
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().error.fields).toHaveProperty('code');
    const missing = await post(`${TWO_FACTOR}/disable`, { password: user.password }, { cookie });
    expect(missing.statusCode).toBe(400);
    expect((await get(TWO_FACTOR, cookie)).json().data.enabled).toBe(true);

    const response = await post(`${TWO_FACTOR}/disable`, { password: user.password, code: right }, { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const row = await findUserById(t.db, user.id);
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    expect((await get('/api/proxy/secure/profiledata', cookie)).json().data.twoFactorEnabled).toBe(false);
    // The password alone signs in again.
    expect((await post(LOGIN, { username: user.username, password: user.password })).statusCode).toBe(200);
    expect((await post(`${TWO_FACTOR}/disable`, { password: user.password, code: right }, { cookie })).statusCode).toBe(409);
    nextStep();
  });

  it('takes a recovery code instead of the app’s code', async () => {
    const { user, cookie, recoveryCodes } = await withTwoFactor();
    const response = await post(`${TWO_FACTOR}/disable`, { password: user.password, code: recoveryCodes[9] }, { cookie });
    expect(response.statusCode).toBe(200);
    const { rows } = await t.executeSql('select id from recovery_codes where user_id = $1', [user.id]);
    expect(rows).toHaveLength(0);
  });
});

describe('the audit log', () => {
  it('records a team member turning two-factor sign-in on and off, without the secrets; a reader’s is not recorded', async () => {
    const editor = await withTwoFactor({ role: 'editor' });
    const disabled = await post(
      `${TWO_FACTOR}/disable`,
      { password: editor.user.password, code: editor.recoveryCodes[0] },
      { cookie: editor.cookie },
    );
    expect(disabled.statusCode).toBe(200);
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.actorId, editor.user.id));
    expect(rows.map((row) => row.action).sort()).toEqual(['auth.two_factor_disabled', 'auth.two_factor_enabled']);
    for (const row of rows) {
      expect(row).toMatchObject({
        targetType: 'user',
        targetId: editor.user.id,
        targetLabel: editor.user.username,
        actorRole: 'editor',
      });
      expect(JSON.stringify(row)).not.toContain(editor.recoveryCodes[0]);
      expect(JSON.stringify(row)).not.toContain(editor.user.password);
    }

    const reader = await withTwoFactor();
    expect(await t.db.select().from(auditLog).where(eq(auditLog.actorId, reader.user.id))).toHaveLength(0);
  });

  it('turns it off only together with its entry: when the entry cannot be written, it stays on (issue 34 §3)', async () => {
    const editor = await withTwoFactor({ role: 'editor' });
    await t.executeSql(
      `create function refuse_audit() returns trigger language plpgsql as $$
       begin if new.action = 'auth.two_factor_disabled' then raise exception 'audit refused'; end if; return new; end $$`,
    );
    await t.executeSql('create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()');
    try {
      const refused = await post(
        `${TWO_FACTOR}/disable`,
        { password: editor.user.password, code: editor.recoveryCodes[0] },
        { cookie: editor.cookie },
      );
      expect(refused.statusCode).toBe(500);
    } finally {
      await t.executeSql('drop trigger refuse_audit on audit_log');
      await t.executeSql('drop function refuse_audit()');
    }
    expect((await get(TWO_FACTOR, editor.cookie)).json().data.enabled).toBe(true);
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.actorId, editor.user.id));
    expect(rows.map((row) => row.action)).toEqual(['auth.two_factor_enabled']);
  });
});
