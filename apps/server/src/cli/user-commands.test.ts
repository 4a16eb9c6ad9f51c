import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { callEndpoint, createTestApp, loginAs, type TestContext } from '../../test/helpers';
import { users } from '../db/schema';
import { CommandError, runUserCommand, type UserCommand } from './user-commands';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function userCommand(command: string, args: string[], options: UserCommand['options'] = {}): Promise<string[]> {
  const printed: string[] = [];
  // The app's own bus: the command's change reaches this instance as it would reach a running server.
  await runUserCommand({ db: t.db, events: t.app.services.events }, { command, args, options }, (line) => printed.push(line));
  return printed;
}
const verify = async (cookie: string) => (await callEndpoint(t, 'verify', { cookie })).body;
// The running server and the command share one database (PostgreSQL, or the CLI run with the
// server stopped): the change shows on the server's very next request.
describe('npm run user, against a running server (issue 7 §4.1)', () => {
  it('set-role: a promotion shows on the next request of the open session', async () => {
    const user = await buildUser(t.db);
    const cookie = await loginAs(t.app, user);
    // The server now keeps the session and its user a few seconds (its clock stands still).
    expect(await verify(cookie)).toMatchObject({ authenticated: true, user: { role: 'reader' } });
    expect(await userCommand('set-role', [user.username, 'editor'])).toEqual([`${user.username} is now editor.`]);
    expect(await verify(cookie)).toMatchObject({ authenticated: true, user: { role: 'editor' } });
  });

  it('set-role: a demotion ends the sessions', async () => {
    const user = await buildUser(t.db, { role: 'admin' });
    const cookie = await loginAs(t.app, user);
    await userCommand('set-role', [user.email, 'reader']);
    expect((await verify(cookie)).authenticated).toBe(false);
    expect((await callEndpoint(t, 'login', { body: { username: user.username, password: user.password } })).body.user.role).toBe(
      'reader',
    );
  });

  it('set-password: the old password and sessions stop working, the new password works', async () => {
    const user = await buildUser(t.db);
    const cookie = await loginAs(t.app, user);
    expect((await verify(cookie)).authenticated).toBe(true);
    await userCommand('set-password', [user.username], { password: 'quiet-harbour-lamp-58' });
    expect((await verify(cookie)).authenticated).toBe(false);
    expect((await callEndpoint(t, 'login', { body: { username: user.username, password: user.password } })).status).toBe(401);
    expect(
      (await callEndpoint(t, 'login', { body: { username: user.username, password: 'quiet-harbour-lamp-58' } })).status,
    ).toBe(200);
  });

  it.each([
    ['eight spaces', ' '.repeat(8)],
    ['the username', 'USERNAME'],
    ['a common password', 'password123'],
  ])('set-password refuses %s and changes nothing', async (_label, given) => {
    const user = await buildUser(t.db);
    const password = given === 'USERNAME' ? user.username : given;
    await expect(userCommand('set-password', [user.username], { password })).rejects.toThrow(CommandError);
    expect((await callEndpoint(t, 'login', { body: { username: user.username, password: user.password } })).status).toBe(200);
  });

  it('turn-off-two-factor: the password alone signs in again, and a second run says there is nothing to do', async () => {
    const user = await buildUser(t.db);
    await t.db.update(users).set({ totpSecret: 'v1.sealed', totpEnabledAt: new Date() }).where(eq(users.id, user.id));
    expect((await callEndpoint(t, 'login', { body: { username: user.username, password: user.password } })).body.error.code).toBe(
      'two_factor_required',
    );
    expect(await userCommand('turn-off-two-factor', [user.email])).toEqual([
      `Two-factor sign-in of ${user.username} is off; their password alone signs in now.`,
    ]);
    expect((await callEndpoint(t, 'login', { body: { username: user.username, password: user.password } })).status).toBe(200);
    expect(await userCommand('turn-off-two-factor', [user.username])).toEqual([
      `${user.username} does not have two-factor sign-in on.`,
    ]);
    await expect(userCommand('turn-off-two-factor', ['nobody_at_all'])).rejects.toThrow(CommandError);
  });

  it('create refuses a password containing the e-mail address', async () => {
    await expect(
      userCommand('create', [], { email: 'keeper@example.com', username: 'keeper', password: 'my-keeper@example.com' }),
    ).rejects.toThrow(/e-mail address/);
  });
});
