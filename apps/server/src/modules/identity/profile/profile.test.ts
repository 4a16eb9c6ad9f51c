import { BIO_MAX_LENGTH, USERNAME_HOLD_DAYS, USERNAME_HOLDS_MAX } from '@inkwell/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, buildUser, signedInUser } from '../../../../test/factories';
import {
  callEndpoint,
  createTestApp,
  loginAs,
  registrationToken,
  TEST_PASSWORD,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../test/helpers';
import { usernameHolds, users } from '../../../db/schema';
import { DOMAIN_EVENT_TYPES, type DomainEvent } from '../../../lib/domain-events';

let t: TestContext;
const heard: DomainEvent[] = [];
beforeAll(async () => {
  t = await createTestApp();
  t.app.services.events.subscribe(DOMAIN_EVENT_TYPES, (event) => heard.push(event));
});
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;
let names = 0;
/** A username no test has used yet. */
const freshName = (stem = 'quill') => `${stem}_${(names += 1)}${Math.random().toString(36).slice(2, 6)}`;
const patch = (cookie: string, body: unknown, headers: Record<string, string> = {}) =>
  callEndpoint(t, 'profileUpdate', { cookie, body, headers });
const rowOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('PATCH ME/profile: the username', () => {
  it('renames the reader: the answer, the session and the profile carry the new name at once', async () => {
    const { user, cookie } = await signedInUser(t);
    // The session is kept a few seconds per instance: read once so it is.
    expect((await callEndpoint(t, 'profile', { cookie })).body.data.username).toBe(user.username);
    const name = freshName('Inkling');
    heard.length = 0;
    const answer = await patch(cookie, { username: `  ${name} ` });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ username: name, id: user.id });
    expect(heard).toEqual([{ type: 'user.changed', userId: user.id }]);
    expect((await callEndpoint(t, 'profile', { cookie })).body.data.username).toBe(name);
    expect((await callEndpoint(t, 'verify', { cookie })).body.user.username).toBe(name);
    expect((await rowOf(user.id)).username).toBe(name);
  });

  it('refuses what sign-up refuses, in the reader’s language, and changes nothing', async () => {
    const { user, cookie } = await signedInUser(t);
    const before = await rowOf(user.id);
    for (const [username, message] of [
      ['ab', 'Username must be 3 to 24 letters, digits or underscores'],
      ['a'.repeat(25), 'Username must be 3 to 24 letters, digits or underscores'],
      ['no spaces', 'Username must be 3 to 24 letters, digits or underscores'],
      ['Admin', 'This username is reserved: choose another'],
      ['INKWELL', 'This username is reserved: choose another'],
    ] as const) {
      const refused = await patch(cookie, { username });
      expect(refused.status, username).toBe(400);
      expect(refused.body.error.fields.username, username).toBe(message);
    }
    const portuguese = await patch(cookie, { username: 'support' }, { 'accept-language': 'pt-BR' });
    expect(portuguese.body.error.fields.username).toBe('Este nome de usuário é reservado: escolha outro');
    expect((await patch(cookie, {})).status).toBe(400);
    expect((await patch(cookie, { username: freshName(), email: 'x@example.com' })).status).toBe(400);
    expect(await rowOf(user.id)).toEqual(before);
  });

  it('refuses a name another reader has, whatever its case; a change of case of one’s own is fine', async () => {
    const other = await buildUser(t.db, { username: freshName('Taken') });
    const { user, cookie } = await signedInUser(t);
    const taken = await patch(cookie, { username: other.username.toUpperCase(), bio: 'not saved either' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'conflict', fields: { username: 'This username is taken' } });
    expect(await rowOf(user.id)).toMatchObject({ username: user.username, bio: '' });

    const recased = await patch(cookie, { username: user.username.toUpperCase() });
    expect(recased.status).toBe(200);
    expect(recased.body.data.username).toBe(user.username.toUpperCase());
    // A change of case gives nothing up: nothing is held.
    expect(await t.db.select().from(usernameHolds).where(eq(usernameHolds.userId, user.id))).toEqual([]);
  });

  it(`holds the name given up for ${USERNAME_HOLD_DAYS} days: nobody else takes it, by a change or a sign-up; its owner may take it back`, async () => {
    const first = await signedInUser(t, { username: freshName('Lantern') });
    const old = first.user.username;
    expect((await patch(first.cookie, { username: freshName('Beacon') })).status).toBe(200);

    const [hold] = await t.db.select().from(usernameHolds).where(eq(usernameHolds.userId, first.user.id));
    expect(hold).toMatchObject({ username: old.toLowerCase() });
    expect(hold!.heldUntil.getTime()).toBe(t.clock.now().getTime() + USERNAME_HOLD_DAYS * DAY);

    const other = await signedInUser(t);
    const held = await patch(other.cookie, { username: old.toUpperCase() });
    expect(held.status).toBe(409);
    expect(held.body.error.fields.username).toContain(`${USERNAME_HOLD_DAYS} days`);
    const signUpAsked = await t.app.inject({
      method: 'POST',
      url: '/api/proxy/public/register',
      headers: { origin: TEST_ORIGIN },
      remoteAddress: '10.9.9.1',
      payload: { email: `${freshName()}@example.com`, username: old, password: 'ember-quartz-orbit-93' },
    });
    expect(signUpAsked.statusCode).toBe(409);
    expect(signUpAsked.json().error.fields.username).toContain(`${USERNAME_HOLD_DAYS} days`);

    // A day before the end it is still held; after it, anyone may take it.
    // (Signed in again: a session idle that long has ended.)
    t.clock.advance((USERNAME_HOLD_DAYS - 1) * DAY);
    expect((await patch(await loginAs(t.app, other.user), { username: old })).status).toBe(409);
    t.clock.advance(DAY + 1000);
    const taken = await patch(await loginAs(t.app, other.user), { username: old });
    expect(taken.status).toBe(200);
  });

  it('lets the former owner take a held name back, which ends its hold', async () => {
    const { user, cookie } = await signedInUser(t, { username: freshName('Return') });
    expect((await patch(cookie, { username: freshName('Away') })).status).toBe(200);
    t.clock.advance(3 * DAY);
    const back = await patch(cookie, { username: user.username });
    expect(back.status).toBe(200);
    const holds = await t.db.select().from(usernameHolds).where(eq(usernameHolds.userId, user.id));
    expect(holds.map((hold) => hold.username)).not.toContain(user.username.toLowerCase());
  });

  it('refuses a sign-up link followed after its name was given up by someone (held since)', async () => {
    const owner = await signedInUser(t, { username: freshName('Pending') });
    const account = { email: `${freshName()}@example.com`, username: owner.user.username, password: 'harbor-violet-kite-28' };
    // The name is its owner's at sign-up: refused at once.
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/proxy/public/register',
      headers: { origin: TEST_ORIGIN },
      remoteAddress: '10.9.9.2',
      payload: account,
    });
    expect(asked.statusCode).toBe(409);
    // A sign-up for a free name; that name is then taken and given up before the link is followed.
    const fresh = { email: `${freshName()}@example.com`, username: freshName('Race'), password: 'harbor-violet-kite-28' };
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/proxy/public/register',
      headers: { origin: TEST_ORIGIN },
      remoteAddress: '10.9.9.4',
      payload: fresh,
    });
    expect(register.statusCode).toBe(202);
    const squatter = await signedInUser(t);
    expect((await patch(squatter.cookie, { username: fresh.username })).status).toBe(200);
    expect((await patch(squatter.cookie, { username: freshName('Moved') })).status).toBe(200);
    const token = await registrationToken(t, fresh.email);
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/proxy/public/register/confirm',
      headers: { origin: TEST_ORIGIN },
      remoteAddress: '10.9.9.4',
      payload: { token },
    });
    expect(confirm.statusCode).toBe(409);
    expect((await t.db.select().from(users).where(eq(users.email, fresh.email))).length).toBe(0);
  });
});

describe('PATCH ME/profile: no hoarding of names', () => {
  it(`holds at most ${USERNAME_HOLDS_MAX} names given up per reader: then one is taken back, or one’s hold ends first`, async () => {
    const { user, cookie } = await signedInUser(t, { username: freshName('Hoard') });
    const given = [user.username];
    for (let i = 0; i < USERNAME_HOLDS_MAX; i += 1) {
      const name = freshName('Hoard');
      expect((await patch(cookie, { username: name })).status).toBe(200);
      given.push(name);
    }
    const current = given.pop()!;
    const refused = await patch(cookie, { username: freshName('Hoard'), bio: 'not saved' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.fields.username).toBe(
      `You have given up ${USERNAME_HOLDS_MAX} usernames in the last ${USERNAME_HOLD_DAYS} days: take one of them back, or wait until one of them is free again.`,
    );
    expect(await rowOf(user.id)).toMatchObject({ username: current, bio: '' });
    // Taking one back is fine: it holds the current name instead.
    expect((await patch(cookie, { username: given[0] })).status).toBe(200);
  });
});

describe('PATCH ME/profile: the bio', () => {
  it('keeps a trimmed plain-text bio, shows it in the profile and beside the reader’s comments', async () => {
    const { user, cookie } = await signedInUser(t);
    const saved = await patch(cookie, { bio: '  Reads webtoons on the night bus.\r\nLikes dragons.  ' });
    expect(saved.status).toBe(200);
    expect(saved.body.data.bio).toBe('Reads webtoons on the night bus.\nLikes dragons.');
    expect((await rowOf(user.id)).bio).toBe('Reads webtoons on the night bus.\nLikes dragons.');

    const series = await buildSeries(t);
    const chapter = await buildChapter(t, series.id, { number: 1 });
    expect((await callEndpoint(t, 'commentCreate', { cookie, body: { chapterId: chapter.id, body: 'First!' } })).status).toBe(
      201,
    );
    const list = await callEndpoint(t, 'chapterComments', { params: { chapterId: chapter.id } });
    expect(list.body.data.items[0].author).toMatchObject({
      id: user.id,
      username: user.username,
      bio: 'Reads webtoons on the night bus.\nLikes dragons.',
    });

    // A new name shows on the comments at once (they read it fresh).
    const name = freshName('Renamed');
    await patch(cookie, { username: name, bio: '' });
    const again = await callEndpoint(t, 'chapterComments', { params: { chapterId: chapter.id } });
    expect(again.body.data.items[0].author).toMatchObject({ username: name, bio: '' });
  });

  it(`refuses a bio over ${BIO_MAX_LENGTH} characters or with control characters, and changes nothing`, async () => {
    const { user, cookie } = await signedInUser(t);
    await patch(cookie, { bio: 'Kept' });
    const long = await patch(cookie, { bio: 'x'.repeat(BIO_MAX_LENGTH + 1), username: freshName() });
    expect(long.status).toBe(400);
    expect(long.body.error.fields.bio).toBe(`Your bio can be at most ${BIO_MAX_LENGTH} characters`);
    expect((await patch(cookie, { bio: 'bell\u0007' })).body.error.fields.bio).toBe('Your bio must be plain text');
    expect((await patch(cookie, { bio: 42 })).status).toBe(400);
    expect(await rowOf(user.id)).toMatchObject({ bio: 'Kept', username: user.username });
    expect((await patch(cookie, { bio: 'x'.repeat(BIO_MAX_LENGTH) })).status).toBe(200);
  });
});

describe('who may change a profile', () => {
  it('answers a visitor 401 and changes nobody', async () => {
    const answer = await callEndpoint(t, 'profileUpdate', { body: { bio: 'who am I' } });
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('unauthorized');
  });

  it('changes only the caller’s own account', async () => {
    const other = await buildUser(t.db);
    const { cookie } = await signedInUser(t);
    await patch(cookie, { bio: 'mine' });
    expect((await rowOf(other.id)).bio).toBe('');
  });

  it('shows the new name in the team’s list of users', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const { user, cookie } = await signedInUser(t, { password: TEST_PASSWORD });
    const name = freshName('Listed');
    await patch(cookie, { username: name });
    const list = await callEndpoint(t, 'adminUsers', { cookie: admin.cookie, query: `?q=${user.email}` });
    expect(list.body.data.items.map((item: { username: string }) => item.username)).toEqual([name]);
  });
});
