import { CHANGE_PASSWORD_FAILURE_LIMIT, EMAIL_CHANGE_TOKEN_TTL_MS, EMAIL_CHANGE_UNDO_TTL_MS } from '@inkwell/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailChanges, mailOutbox, sessions, users } from '../../../db/schema';
import { buildUser, signedInUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, lastMailTo, loginAs, TEST_ORIGIN, type TestContext } from '../../../../test/helpers';

// Issue 36 §2: a reader's new e-mail address, made theirs from the link mailed to it; the old
// address told, with a link that undoes the change and secures the account.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let addresses = 0;
const nextIp = () => ((addresses += 1), `10.36.${Math.floor(addresses / 250)}.${addresses % 250}`);
let made = 0;
const newAddress = () => ((made += 1), `moved_${made}_${Math.random().toString(36).slice(2, 7)}@example.com`);

const ask = (cookie: string, newEmail: string, password: string) =>
  callEndpoint(t, 'emailChange', { cookie, body: { newEmail, password }, remoteAddress: nextIp() });
const confirm = (token: string) => callEndpoint(t, 'emailChangeConfirm', { body: { token }, remoteAddress: nextIp() });
const undo = (token: string) => callEndpoint(t, 'emailChangeUndo', { body: { token }, remoteAddress: nextIp() });

async function tokenIn(email: string, page: 'confirm' | 'undo'): Promise<string | undefined> {
  const mail = await lastMailTo(t, email);
  const match = mail?.text.match(new RegExp(`email-change/${page}\\?token=([\\w%-]+)`));
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

const mailsTo = async (email: string) => {
  await t.app.services.jobs.drain();
  return t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
};
const emailOf = async (userId: string) =>
  (await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]?.email;

/** A reader who asked for a new address, and the link mailed to it. */
async function askedChange() {
  const { user, cookie } = await signedInUser(t);
  const newEmail = newAddress();
  expect((await ask(cookie, newEmail, user.password)).status).toBe(202);
  const token = await tokenIn(newEmail, 'confirm');
  if (!token) throw new Error('no confirmation link was mailed');
  return { user, cookie, newEmail, token };
}

describe('asking for a new address', () => {
  it('answers the same 202 for a free address and one that has an account; only the free one gets a link', async () => {
    const { user, cookie } = await signedInUser(t);
    const asker = await signedInUser(t);
    const holder = await buildUser(t.db);
    const free = newAddress();
    const answerFree = await ask(asker.cookie, free, asker.user.password);
    const answerTaken = await ask(cookie, holder.email.toUpperCase(), user.password);
    expect(answerFree.status).toBe(202);
    expect(answerTaken.status).toBe(202);
    expect(answerTaken.body).toEqual(answerFree.body);

    expect(await tokenIn(free, 'confirm')).toBeTruthy();
    const note = await lastMailTo(t, holder.email);
    expect(note?.subject).toBe('Someone tried to use this address on Inkwell');
    expect(note?.text).not.toMatch(/token=/);
    expect(await emailOf(user.id)).toBe(user.email);
    expect(await emailOf(holder.id)).toBe(holder.email);
  });

  it('refuses a wrong password, changing and mailing nothing, and counts it with the password checks', async () => {
    const { user, cookie } = await signedInUser(t);
    const target = newAddress();
    const wrong = await ask(cookie, target, 'not-the-password');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('validation_failed');
    expect(wrong.body.error.fields.password).toBe('Your current password is not correct');
    expect(await t.db.select().from(emailChanges).where(eq(emailChanges.userId, user.id))).toEqual([]);
    expect(await mailsTo(target)).toEqual([]);

    for (let i = 1; i < CHANGE_PASSWORD_FAILURE_LIMIT.max; i += 1) await ask(cookie, target, 'not-the-password');
    const limited = await ask(cookie, target, user.password);
    expect(limited.status).toBe(429);
    // The password change shares the count: a stolen session gets one budget of guesses, not two.
    const change = await callEndpoint(t, 'changePassword', {
      cookie,
      body: { currentPassword: user.password, newPassword: 'a-whole-new-password-9' },
    });
    expect(change.status).toBe(429);
  });

  it('refuses the address the account already has, and a malformed one', async () => {
    const { user, cookie } = await signedInUser(t);
    const same = await ask(cookie, user.email.toUpperCase(), user.password);
    expect(same.status).toBe(400);
    expect(same.body.error.fields.newEmail).toBe('This is already the address of your account');
    expect((await ask(cookie, 'not-an-address', user.password)).status).toBe(400);
    expect((await callEndpoint(t, 'emailChange', { body: { newEmail: newAddress(), password: 'x' } })).status).toBe(401);
  });
});

describe('following the link', () => {
  it('makes the change once; the profile shows it, the new address signs in, the old one is told', async () => {
    const { user, cookie, newEmail, token } = await askedChange();
    const done = await confirm(token);
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({ email: newEmail });

    const profile = await callEndpoint(t, 'profile', { cookie });
    expect(profile.body.data.email).toBe(newEmail);
    const login = await callEndpoint(t, 'login', { body: { email: newEmail, password: user.password }, remoteAddress: nextIp() });
    expect(login.status).toBe(200);

    const notice = await lastMailTo(t, user.email);
    expect(notice?.subject).toBe('The e-mail address of your Inkwell account was changed');
    expect(notice?.text).toContain(newEmail);
    expect(await tokenIn(user.email, 'undo')).toBeTruthy();

    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('invalid_token');
    // Tokens are kept only as hashes.
    const [row] = await t.db.select().from(emailChanges).where(eq(emailChanges.userId, user.id));
    expect(row?.tokenHash).not.toBe(token);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('expires after 24 hours', async () => {
    const { user, token } = await askedChange();
    t.clock.advance(EMAIL_CHANGE_TOKEN_TTL_MS + 60_000);
    const late = await confirm(token);
    expect(late.status).toBe(400);
    expect(late.body.error.code).toBe('invalid_token');
    expect(await emailOf(user.id)).toBe(user.email);
  });

  it('changes nothing when the address got an account since the link was mailed', async () => {
    const { user, newEmail, token } = await askedChange();
    const other = await buildUser(t.db, { email: newEmail });
    const refused = await confirm(token);
    expect(refused.status).toBe(409);
    expect(await emailOf(user.id)).toBe(user.email);
    expect(await emailOf(other.id)).toBe(newEmail);
    expect(await mailsTo(user.email)).toEqual([]);
  });

  it('only the newest request’s link works', async () => {
    const first = await askedChange();
    const second = newAddress();
    expect((await ask(first.cookie, second, first.user.password)).status).toBe(202);
    const secondToken = await tokenIn(second, 'confirm');
    expect((await confirm(first.token)).status).toBe(400);
    expect((await confirm(secondToken!)).status).toBe(200);
    expect(await emailOf(first.user.id)).toBe(second);
  });

  it('changes once when the same link is followed twice at once', async () => {
    const { user, newEmail, token } = await askedChange();
    const answers = await Promise.all([confirm(token), confirm(token)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(await emailOf(user.id)).toBe(newEmail);
    expect(await mailsTo(user.email)).toHaveLength(1);
    const confirmed = await t.db
      .select()
      .from(emailChanges)
      .where(and(eq(emailChanges.userId, user.id), isNull(emailChanges.revertedAt)));
    expect(confirmed.filter((row) => row.confirmedAt)).toHaveLength(1);
  });
});

describe('the old address’s link', () => {
  it('puts the old address back, ends every session, locks the password and mails a reset link', async () => {
    const { user, cookie, newEmail, token } = await askedChange();
    const other = await loginAs(t.app, user);
    expect((await confirm(token)).status).toBe(200);
    const undoToken = await tokenIn(user.email, 'undo');

    const undone = await undo(undoToken!);
    expect(undone.status).toBe(200);
    expect(undone.body.data).toEqual({ email: user.email });
    expect(await emailOf(user.id)).toBe(user.email);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    for (const ended of [cookie, other]) expect((await callEndpoint(t, 'profile', { cookie: ended })).status).toBe(401);
    // Whoever made the change knew the password: it no longer signs in, by either address.
    for (const email of [user.email, newEmail]) {
      const login = await callEndpoint(t, 'login', { body: { email, password: user.password }, remoteAddress: nextIp() });
      expect(login.status).toBe(401);
    }
    const reset = await lastMailTo(t, user.email);
    expect(reset?.subject).toBe('Reset your Inkwell password');
    expect(reset?.text).toMatch(/reset-password\?token=/);

    expect((await undo(undoToken!)).status).toBe(400);
  });

  it('works for 7 days after the change', async () => {
    const { user, newEmail, token } = await askedChange();
    expect((await confirm(token)).status).toBe(200);
    const undoToken = await tokenIn(user.email, 'undo');
    t.clock.advance(EMAIL_CHANGE_UNDO_TTL_MS + 60_000);
    const late = await undo(undoToken!);
    expect(late.status).toBe(400);
    expect(late.body.error.code).toBe('invalid_token');
    expect(await emailOf(user.id)).toBe(newEmail);
  });

  it('refuses a token that was never mailed', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/proxy/public/email-change/undo',
      remoteAddress: nextIp(),
      headers: { origin: TEST_ORIGIN },
      payload: { token: 'made-up' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.code).toBe('invalid_token');
  });
});
