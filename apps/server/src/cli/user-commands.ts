import { randomBytes } from 'node:crypto';
import { emailSchema, passwordSchema, roleSchema, usernameSchema, type Role } from '@inkwell/contract';
import type { Database } from '../db/client';
import type { EventPublisher } from '../lib/domain-events';
import { translatorFor } from '../lib/i18n';
import { hashPassword } from '../lib/passwords';
import { findPasswordWeakness, type PasswordOwner } from '../lib/password-strength';
import { deleteUserSessions } from '../modules/identity/auth';
import { removeTwoFactor } from '../modules/identity/two-factor';
import {
  findUserByEmail,
  findUserByLogin,
  findUserByUsername,
  insertUser,
  updateUserPassword,
  updateUserRole,
} from '../modules/identity/users';

/** A mistake in the operator's command: printed as is, exit code 2. */
export class CommandError extends Error {
  override readonly name = 'CommandError';
}

export interface UserCommand {
  command: string;
  args: string[];
  options: {
    email?: string | undefined;
    username?: string | undefined;
    role?: string | undefined;
    password?: string | undefined;
  };
}

const ROLE_RANK: Record<Role, number> = { reader: 0, editor: 1, admin: 2 };

/** The command line speaks English: a schema's or the server's message id, said in it (decision 0040). */
const english = translatorFor('en');
function inEnglish(message: string | undefined): string | undefined {
  return message && /^(validation|apiErrors)\./.test(message) ? english(message) : message;
}

function choosePassword(given: string | undefined, owner: PasswordOwner): { password: string; isGenerated: boolean } {
  if (given === undefined) return { password: randomBytes(12).toString('base64url'), isGenerated: true };
  const checked = passwordSchema.safeParse(given);
  if (!checked.success) throw new CommandError(inEnglish(checked.error.issues[0]?.message) ?? 'Invalid password');
  const weakness = findPasswordWeakness(given, owner);
  if (weakness) throw new CommandError(inEnglish(weakness));
  return { password: given, isGenerated: false };
}

/** What a command works on: the database, and the events the running servers hear (over the change bus). */
export interface UserCommandDeps {
  db: Database;
  events: EventPublisher;
}

/**
 * `npm run user -- …`: create an account, set a password, set a role. Each change is one
 * transaction, and ends the sessions it should; once it is committed, the user's change goes out
 * as a domain event, so every running server drops what it kept of them and sees the change on
 * its next request.
 */
export async function runUserCommand(
  { db, events }: UserCommandDeps,
  { command, args, options }: UserCommand,
  print: (line: string) => void,
) {
  if (command === 'create') {
    const email = emailSchema.safeParse(options.email);
    const username = usernameSchema.safeParse(options.username);
    const role = roleSchema.safeParse(options.role ?? 'reader');
    if (!email.success) throw new CommandError(`--email: ${inEnglish(email.error.issues[0]?.message)}`);
    if (!username.success) throw new CommandError(`--username: ${inEnglish(username.error.issues[0]?.message)}`);
    if (!role.success) throw new CommandError('--role must be reader, editor or admin');
    if (await findUserByEmail(db, email.data)) throw new CommandError('An account with this e-mail already exists');
    if (await findUserByUsername(db, username.data)) throw new CommandError('This username is taken');
    const { password, isGenerated } = choosePassword(options.password, { username: username.data, email: email.data });
    await insertUser(db, {
      email: email.data,
      username: username.data,
      role: role.data,
      passwordHash: await hashPassword(password),
    });
    print(`Created ${role.data} ${username.data} <${email.data}>`);
    if (isGenerated) print(`password: ${password}`);
    return;
  }

  if (command === 'set-password') {
    const user = args[0] ? await findUserByLogin(db, args[0]) : undefined;
    if (!user) throw new CommandError(`No user ${args[0] ?? ''}`);
    const { password, isGenerated } = choosePassword(options.password, user);
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      await updateUserPassword(tx, user.id, passwordHash);
      await deleteUserSessions(tx, user.id);
    });
    events.publish({ type: 'user.changed', userId: user.id });
    print(`Password of ${user.username} set; their sessions were ended.`);
    if (isGenerated) print(`password: ${password}`);
    return;
  }

  if (command === 'set-role') {
    const user = args[0] ? await findUserByLogin(db, args[0]) : undefined;
    const role = roleSchema.safeParse(args[1]);
    if (!user) throw new CommandError(`No user ${args[0] ?? ''}`);
    if (!role.success) throw new CommandError('The role must be reader, editor or admin');
    // A demotion also ends the user's sessions, so no open page goes on as if it still had the old rights.
    const isDemotion = ROLE_RANK[role.data] < ROLE_RANK[user.role];
    await db.transaction(async (tx) => {
      await updateUserRole(tx, user.id, role.data);
      if (isDemotion) await deleteUserSessions(tx, user.id);
    });
    // A promotion too: the servers keep a session's user (and role) a few seconds.
    events.publish({ type: 'user.role-changed', userId: user.id });
    print(`${user.username} is now ${role.data}${isDemotion ? '; their sessions were ended' : ''}.`);
    return;
  }

  // Issue 10: the way back in for someone who lost their phone and their recovery codes (or after
  // SESSION_SECRET changed, which leaves the sealed secrets unreadable). The operator checks who asks.
  if (command === 'turn-off-two-factor') {
    const user = args[0] ? await findUserByLogin(db, args[0]) : undefined;
    if (!user) throw new CommandError(`No user ${args[0] ?? ''}`);
    if (!user.totpEnabledAt && !user.totpSecret) {
      print(`${user.username} does not have two-factor sign-in on.`);
      return;
    }
    await removeTwoFactor(db, user.id);
    events.publish({ type: 'user.changed', userId: user.id });
    print(`Two-factor sign-in of ${user.username} is off; their password alone signs in now.`);
    return;
  }

  throw new CommandError(`Unknown command ${command}`);
}
