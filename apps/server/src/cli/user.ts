import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { emailSchema, passwordSchema, roleSchema, usernameSchema, type Role } from '@inkwell/contract';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { hashPassword, isCommonPassword } from '../lib/passwords';
import { deleteUserSessions } from '../modules/auth/sessions.repository';
import {
  findUserByEmail,
  findUserByLogin,
  findUserByUsername,
  insertUser,
  updateUserPassword,
  updateUserRole,
} from '../modules/users/users.repository';

const USAGE = `Usage: npm run user -- <command>

  create --email <e-mail> --username <name> [--role reader|editor|admin] [--password <password>]
  set-password <username or e-mail> [--password <password>]
  set-role <username or e-mail> <reader|editor|admin>

Without --password a random one is generated and printed. With the embedded database, stop the
server first: PGlite is opened by one process at a time.`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

function choosePassword(given: string | undefined): string {
  if (given === undefined) return randomBytes(12).toString('base64url');
  const checked = passwordSchema.safeParse(given);
  if (!checked.success) fail(checked.error.issues[0]?.message ?? 'Invalid password');
  if (isCommonPassword(given)) fail('This password is too common; choose another');
  return given;
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      username: { type: 'string' },
      role: { type: 'string', default: 'reader' },
      password: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }

  const database = await openDatabase(loadConfig());
  try {
    await database.migrate();
    const { db } = database;
    if (command === 'create') {
      const email = emailSchema.safeParse(values.email);
      const username = usernameSchema.safeParse(values.username);
      const role = roleSchema.safeParse(values.role);
      if (!email.success) fail(`--email: ${email.error.issues[0]?.message}`);
      if (!username.success) fail(`--username: ${username.error.issues[0]?.message}`);
      if (!role.success) fail('--role must be reader, editor or admin');
      if (await findUserByEmail(db, email.data)) fail('An account with this e-mail already exists');
      if (await findUserByUsername(db, username.data)) fail('This username is taken');
      const password = choosePassword(values.password);
      await insertUser(db, {
        email: email.data,
        username: username.data,
        role: role.data,
        passwordHash: await hashPassword(password),
      });
      process.stdout.write(`Created ${role.data} ${username.data} <${email.data}>\n`);
      if (values.password === undefined) process.stdout.write(`password: ${password}\n`);
    } else if (command === 'set-password') {
      const user = rest[0] ? await findUserByLogin(db, rest[0]) : undefined;
      if (!user) fail(`No user ${rest[0] ?? ''}`);
      const password = choosePassword(values.password);
      await updateUserPassword(db, user.id, await hashPassword(password));
      await deleteUserSessions(db, user.id);
      process.stdout.write(`Password of ${user.username} set; their sessions were ended.\n`);
      if (values.password === undefined) process.stdout.write(`password: ${password}\n`);
    } else if (command === 'set-role') {
      const user = rest[0] ? await findUserByLogin(db, rest[0]) : undefined;
      const role = roleSchema.safeParse(rest[1]);
      if (!user) fail(`No user ${rest[0] ?? ''}`);
      if (!role.success) fail('The role must be reader, editor or admin');
      await updateUserRole(db, user.id, role.data as Role);
      process.stdout.write(`${user.username} is now ${role.data}.\n`);
    } else {
      fail(USAGE);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
